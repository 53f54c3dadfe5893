import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A filter and an order run by a real slapd (compiled filter, sort control
/// with the username last, virtual list view) give the same people in the
/// same order as the local table does with the same query; values with a
/// filter's special characters match only literally; a field the server
/// cannot order is reported with its reason.
final class LDAPQueryTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let people = QueryPerson.people(count: 150, seed: 2027)

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: QueryPerson.scrambled(people).map(\.ldif))
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  /// The filters the cross-check runs; one of each operator family.
  static let filters = [
    #"department eq "Sales" and (title co "Engineer" or location sw "Ber") and not (email pr)"#,
    #"title ne "Engineer" and location eq "Bern""#,
    #"displayName gt "Fabio" and role eq "Admin""#,
    #"displayName lt "Carla" or (department eq "Design" and email pr)"#,
    #"title ew "Engineer" and displayName ge "Dario" and displayName le "Gina""#,
    #"employeeNumber gt "E500" and not (location eq "London")"#,
  ]
  static let sorts = ["department,displayName", "title:desc", "location:desc,title"]

  /// The usernames the local table selects for `filter` in `sort`'s order.
  static func local(_ filter: PersonFilter?, _ sort: PersonSort?) throws -> [String] {
    let table = UserTable(try DirectoryParser.parse(QueryPerson.usersJSON(people)).users)
    let query = PeopleQuery(filter: filter, sort: sort ?? PersonSort([.init(.username)]))
    return query.positions(in: table).map { table.username(at: $0) }
  }

  /// Every username of `directory`, window by window.
  static func usernames(_ directory: any RangedDirectory) async throws -> [String] {
    var names: [String] = []
    try await PeopleListing(columns: [.username]).write(directory) { names.append($0) }
    return Array(names.dropFirst())  // the header
  }

  private func directory() throws -> LDAPDirectory {
    try LDAPDirectory(url: try XCTUnwrap(Self.server).peopleURL)
  }

  func testTheServerSelectsAndOrdersAsTheLocalTableDoes() async throws {
    let directory = try directory()
    for text in Self.filters {
      let filter = try PersonFilter(parsing: text)
      for order in Self.sorts {
        let sort = try PersonSort(parsing: order)
        let expected = try Self.local(filter, sort)
        XCTAssertFalse(expected.isEmpty, "\(text) selects somebody")
        let served = try await Self.usernames(directory.querying(filter: filter, sort: sort))
        XCTAssertEqual(served, expected, "\(text) by \(order)")
      }
    }
    for text in [Self.filters[0], Self.filters[Self.filters.count - 1]] {
      let filter = try PersonFilter(parsing: text)
      print("filter: \(filter)")
      print(
        "LDAP: "
          + LDAPFilter.compile(
            filter, attribute: LDAPSchema.openLDAP.attribute(for:),
            orderingRule: LDAPSchema.openLDAP.orderingRule(for:)))
    }
  }

  func testASearchNarrowsAQueryAndKeepsItsOrder() async throws {
    let filter = try PersonFilter(parsing: #"department eq "Support""#)
    let sort = try PersonSort(parsing: "title:desc")
    let searched = try directory().querying(filter: filter, sort: sort).searching("Hugo")
    let expected = try Self.local(
      .and(filter, try PersonFilter(parsing: #"displayName co "Hugo""#)), sort)
    XCTAssertFalse(expected.isEmpty)
    let served = try await Self.usernames(searched)
    XCTAssertEqual(served, expected)
  }

  func testHostileValuesMatchOnlyLiterally() async throws {
    let directory = try directory()
    let cases: [(PersonFilter, [String])] = [
      (.compare(.title, .eq, "Star *)(uid=* Title"), ["x001"]),
      (.compare(.title, .co, "*)("), ["x001"]),
      (.compare(.title, .co, #"\Slash "Quoted""#), ["x002"]),
      (.compare(.title, .sw, "Nul\u{0}"), []),
      (.compare(.title, .eq, "*"), []),
    ]
    for (filter, expected) in cases {
      XCTAssertEqual(try Self.local(filter, nil), expected, "locally: \(filter)")
      let served = try await Self.usernames(directory.querying(filter: filter, sort: nil))
      XCTAssertEqual(served, expected, "on the server: \(filter)")
    }
  }

  func testAFieldWithoutAnOrderingRuleIsRefusedWithTheServersReason() async throws {
    var options = LDAPOptions()
    options.schema.orderingRules[.phone] = nil
    let directory = try LDAPDirectory(
      url: try XCTUnwrap(Self.server).peopleURL, options: options)
    let refusals = try await directory.sortRefusals()
    // slapd has no nsAccountLock (the account's state) to order by, and
    // inetOrgPerson keeps no city apart from the location (`l`).
    XCTAssertEqual(Set(refusals.keys), [.phone, .active, .city])
    XCTAssertEqual(refusals[.city], "The directory keeps no city apart from the location")
    XCTAssertTrue(refusals[.active]?.contains("nsAccountLock") == true, "\(refusals)")
    XCTAssertTrue(refusals[.phone]?.contains("telephoneNumber") == true, "\(refusals)")
    let sorted = directory.querying(filter: nil, sort: PersonSort([.init(.phone)]))
    do {
      _ = try await sorted.rows(0..<10)
      XCTFail("a window ordered by the phone number was served")
    } catch {
      guard case .noOrderingRule(let attribute)? = error.ldap else {
        return XCTFail("\(error)")
      }
      // Refused with the username after it, then alone: the error names
      // what the server refused last.
      XCTAssertEqual(attribute, "telephoneNumber")
    }
    let everyField = try await self.directory().sortRefusals()
    XCTAssertEqual(
      Set(everyField.keys), [.active, .city],
      "slapd orders every field with caseIgnoreOrderingMatch, and keeps no account state or city"
    )
  }

  func testAnOrderPastTheServersKeysKeepsItsFirstKeysAndTheUsername() {
    let schema = LDAPSchema.openLDAP
    let sort = PersonSort([.init(.department), .init(.title, descending: true), .init(.location)])
    XCTAssertEqual(
      schema.sortKeys(for: sort, limit: 3),
      [
        "ou:caseIgnoreOrderingMatch", "-title:caseIgnoreOrderingMatch",
        "uid:caseIgnoreOrderingMatch",
      ])
    XCTAssertEqual(
      schema.sortKeys(for: PersonSort([.init(.username, descending: true)]), limit: 3),
      ["-uid:caseIgnoreOrderingMatch"])
  }

  func testRefreshUnderAColumnOrderAnchorsAtTheAnchorsGroup() async throws {
    for order in ["department,displayName", "title:desc"] {
      let sort = try PersonSort(parsing: order)
      let expected = try Self.local(nil, sort)
      let directory = try directory().querying(filter: nil, sort: sort)
      _ = try await directory.rows(0..<1)
      let key = sort.keys[0].field
      let byName = Dictionary(uniqueKeysWithValues: Self.people.map { ($0.username, $0) })
      func value(_ username: String) -> String? {
        let person = byName[username]
        return key == .department ? person?.department : person?.title
      }
      for anchor in [expected[0], expected[expected.count / 2], expected[expected.count - 5]] {
        let group = expected.firstIndex { value($0) == value(anchor) }
        let window = try await directory.position(ofFirstAtOrAfter: anchor)
        XCTAssertEqual(window.offset, group, "\(anchor) by \(order)")
        XCTAssertEqual(window.count, expected.count)
      }
      let gone = try await directory.position(ofFirstAtOrAfter: "nobody")
      XCTAssertEqual(gone.offset, 0, "the top when the anchor is gone")
    }
  }
}
