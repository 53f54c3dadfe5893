import Directory
import XCTest

@testable import DirectoryLDAP

/// A filter of the one language as an RFC 4515 filter: each operator's form,
/// runs of `and`/`or` flattened, and values that try to change the filter
/// reaching the server escaped.
final class LDAPFilterCompileTests: XCTestCase {
  private static func attribute(_ field: PersonField) -> String {
    switch field {
    case .username: "uid"
    case .email: "mail"
    case .department: "ou"
    case .location: "l"
    default: field.rawValue
    }
  }

  private func ldap(_ text: String) throws -> String {
    LDAPFilter.compile(try PersonFilter(parsing: text), attribute: Self.attribute)
  }

  func testAFieldWithAnOrderingRuleIsOrderedByAnExtensibleMatch() throws {
    func ldap(_ text: String) throws -> String {
      LDAPFilter.compile(
        try PersonFilter(parsing: text), attribute: Self.attribute,
        orderingRule: { $0 == .title ? "caseIgnoreOrderingMatch" : nil })
    }
    let rule = "title:caseIgnoreOrderingMatch:"
    XCTAssertEqual(try ldap(#"title lt "M""#), "(\(rule)=M)")
    XCTAssertEqual(try ldap(#"title le "M""#), "(|(\(rule)=M)(title=M))")
    XCTAssertEqual(try ldap(#"title ge "M""#), "(&(title=*)(!(\(rule)=M)))")
    XCTAssertEqual(try ldap(#"title gt "M""#), "(&(title=*)(!(\(rule)=M))(!(title=M)))")
    XCTAssertEqual(
      try ldap(#"title gt "*)(""#), "(&(title=*)(!(\(rule)=\\2a\\29\\28))(!(title=\\2a\\29\\28)))")
    XCTAssertEqual(try ldap(#"title eq "M""#), "(title=M)", "equality needs no rule")
    XCTAssertEqual(try ldap(#"username gt "m""#), "(&(uid>=m)(!(uid=m)))", "no rule: as before")
  }

  func testEachOperatorHasItsForm() throws {
    XCTAssertEqual(try ldap(#"department eq "Sales""#), "(ou=Sales)")
    XCTAssertEqual(try ldap(#"department ne "Sales""#), "(!(ou=Sales))")
    XCTAssertEqual(try ldap(#"title co "Eng""#), "(title=*Eng*)")
    XCTAssertEqual(try ldap(#"location sw "Ber""#), "(l=Ber*)")
    XCTAssertEqual(try ldap(#"email ew ".org""#), "(mail=*.org)")
    XCTAssertEqual(try ldap(#"username ge "m""#), "(uid>=m)")
    XCTAssertEqual(try ldap(#"username le "m""#), "(uid<=m)")
    XCTAssertEqual(try ldap(#"username gt "m""#), "(&(uid>=m)(!(uid=m)))")
    XCTAssertEqual(try ldap(#"username lt "m""#), "(&(uid<=m)(!(uid=m)))")
    XCTAssertEqual(try ldap("email pr"), "(mail=*)")
    XCTAssertEqual(
      try ldap(
        #"department eq "Sales" and (title co "Engineer" or location sw "Ber") and not (email pr)"#),
      "(&(ou=Sales)(|(title=*Engineer*)(l=Ber*))(!(mail=*)))")
    XCTAssertEqual(
      try ldap(#"email pr and title pr and username pr or location pr"#),
      "(|(&(mail=*)(title=*)(uid=*))(l=*))")
  }

  func testEmptyValuesAreDecidedHereNotSentAsEmptyAssertions() throws {
    XCTAssertEqual(try ldap(#"title co """#), "(title=*)")
    XCTAssertEqual(try ldap(#"title eq """#), LDAPFilter.nobody)
    XCTAssertEqual(try ldap(#"title ne """#), LDAPFilter.everybody)
  }

  func testValuesThatTryToChangeTheFilterReachItEscaped() throws {
    let hostile = "*)(uid=*))(|(uid=*"
    let compiled = try ldap("username eq \(PersonFilter.quoted(hostile))")
    XCTAssertEqual(compiled, #"(uid=\2a\29\28uid=\2a\29\29\28|\28uid=\2a)"#)
    XCTAssertEqual(try ldap(#"title co "a\\b\u0000c""#), #"(title=*a\5cb\00c*)"#)
    XCTAssertEqual(try ldap(#"title eq "Ünïcödé \"q\"""#), #"(title=Ünïcödé "q")"#)
    // Whatever the value, the compiled filter's parentheses balance.
    for value in ["(", ")", "))((", "\\", "*", "\0", hostile] {
      let text = try ldap("title co \(PersonFilter.quoted(value)) and email pr")
      var depth = 0
      for character in text {
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
        XCTAssertGreaterThanOrEqual(depth, 0, text)
      }
      XCTAssertEqual(depth, 0, text)
    }
  }

  func testActiveIsTheServersAccountStateAndSlapdsAccountsAreAllActive() throws {
    func ldap(_ text: String, _ schema: LDAPSchema, marks: Bool) throws -> String {
      LDAPFilter.compile(
        try PersonFilter(parsing: text), attribute: schema.attribute(for:),
        account: { schema.accountFilter(active: $0, serverMarks: marks) })
    }
    let ad = LDAPSchema.activeDirectory
    let disabled = "(userAccountControl:1.2.840.113556.1.4.803:=2)"
    XCTAssertEqual(try ldap(#"active eq "false""#, ad, marks: true), disabled)
    XCTAssertEqual(try ldap(#"active ne "false""#, ad, marks: false), "(!\(disabled))")
    XCTAssertEqual(
      try ldap(#"active eq "TRUE" and title eq "x""#, ad, marks: true),
      "(&(!\(disabled))(title=x))")
    let ds = LDAPSchema.openLDAP
    XCTAssertEqual(try ldap(#"active eq "false""#, ds, marks: true), "(nsAccountLock=TRUE)")
    XCTAssertEqual(try ldap(#"active eq "true""#, ds, marks: true), "(!(nsAccountLock=TRUE))")
    // slapd: no nsAccountLock, and a filter naming it matches nobody even
    // negated; everyone is active there.
    XCTAssertEqual(try ldap(#"active eq "true""#, ds, marks: false), "(objectClass=*)")
    XCTAssertEqual(try ldap(#"active eq "false""#, ds, marks: false), "(nsAccountLock=TRUE)")
    // Other comparisons are decided on "true" and "false", as the table does.
    XCTAssertEqual(try ldap(#"active co "ru""#, ds, marks: true), "(!(nsAccountLock=TRUE))")
    XCTAssertEqual(try ldap(#"active sw "x""#, ds, marks: true), "(!(objectClass=*))")
    XCTAssertEqual(try ldap(#"active pr"#, ds, marks: true), "(objectClass=*)")
    // An entry's state as the mapper reads it.
    XCTAssertFalse(ad.isActive(accountState: "546"))
    XCTAssertTrue(ad.isActive(accountState: "512"))
    XCTAssertTrue(ad.isActive(accountState: nil))
    XCTAssertFalse(ds.isActive(accountState: "true"))
    XCTAssertTrue(ds.isActive(accountState: "false"))
  }
}
