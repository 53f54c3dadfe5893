import XCTest

@testable import DirectoryLDAP

/// Object class descriptions as subschema entries give them (RFC 4512
/// §4.1.1), slapd's and Active Directory's: names, superiors, MUST and
/// MAY, one or a parenthesised list; a class's chain up to top.
final class LDAPObjectClassDefinitionTests: XCTestCase {
  private let top =
    "( 2.5.6.0 NAME 'top' DESC 'top of the superclass chain' ABSTRACT MUST objectClass )"
  private let person =
    "( 2.5.6.6 NAME 'person' DESC 'RFC2256: a person' SUP top STRUCTURAL MUST ( sn $ cn ) "
    + "MAY ( userPassword $ telephoneNumber $ seeAlso $ description ) )"
  private let inetOrgPerson =
    "( 2.16.840.1.113730.3.2.2 NAME 'inetOrgPerson' DESC 'RFC2798: Internet Organizational Person' "
    + "SUP organizationalPerson STRUCTURAL MAY ( audio $ businessCategory $ mail $ uid ) )"
  private let organizationalPerson =
    "( 2.5.6.7 NAME 'organizationalPerson' SUP person STRUCTURAL MAY ( title $ ou ) )"

  func testNamesSuperiorsMustAndMayAreRead() throws {
    let definition = try XCTUnwrap(LDAPObjectClassDefinition(person))
    XCTAssertEqual(definition.names, ["person"])
    XCTAssertEqual(definition.superiors, ["top"])
    XCTAssertEqual(definition.must, ["sn", "cn"])
    XCTAssertEqual(definition.may, ["userPassword", "telephoneNumber", "seeAlso", "description"])
    XCTAssertEqual(LDAPObjectClassDefinition(top)?.must, ["objectClass"])
  }

  func testActiveDirectorysQuotedOIDsAndSeveralNamesAreRead() throws {
    let user = try XCTUnwrap(
      LDAPObjectClassDefinition(
        "( 1.2.840.113556.1.5.9 NAME ( 'user' 'account' ) SUP organizationalPerson STRUCTURAL "
          + "MAY ( o $ businessCategory ) X-ORIGIN 'user defined' )"))
    XCTAssertEqual(user.names, ["user", "account"])
    XCTAssertEqual(user.superiors, ["organizationalPerson"])
    XCTAssertEqual(user.must, [])
    XCTAssertEqual(user.may, ["o", "businessCategory"])
  }

  func testADescriptionWithKeywordsInsideIsNotRead() throws {
    let odd = try XCTUnwrap(
      LDAPObjectClassDefinition("( 1.1 NAME 'odd' DESC 'MUST ( a $ b ) SUP x' MUST c )"))
    XCTAssertEqual(odd.must, ["c"])
    XCTAssertEqual(odd.superiors, [])
    XCTAssertNil(LDAPObjectClassDefinition("not a description"))
  }

  func testTheChainGoesUpToTop() throws {
    var classes: [String: LDAPObjectClassDefinition] = [:]
    for text in [top, person, organizationalPerson, inetOrgPerson] {
      let definition = try XCTUnwrap(LDAPObjectClassDefinition(text))
      classes[definition.names[0].lowercased()] = definition
    }
    let chain = try XCTUnwrap(LDAPObjectClassDefinition.chain(of: "InetOrgPerson", in: classes))
    XCTAssertEqual(
      chain.map { $0.names[0] }, ["inetOrgPerson", "organizationalPerson", "person", "top"])
    XCTAssertNil(LDAPObjectClassDefinition.chain(of: "nothing", in: classes))
  }
}
