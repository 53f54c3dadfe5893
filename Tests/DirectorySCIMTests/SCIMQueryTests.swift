import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectorySCIM

/// A filter and an order run by a real scim2-server give the people the
/// local table selects, in the order of the first sort key (SCIM sorts by
/// one attribute: people equal in it come in scim2-server's order, by
/// resource id, not by username); quotes and backslashes match literally;
/// every field's path, the enterprise extension's included, is accepted
/// for sortBy.
final class SCIMQueryTests: XCTestCase {
  nonisolated(unsafe) private static var shared: TestSCIMServer?
  static let people = QueryPerson.people(count: 150, seed: 2027)
  static let filters = [
    #"department eq "Sales" and (title co "Engineer" or location sw "Ber") and not (email pr)"#,
    #"title ne "Engineer" and location eq "Bern""#,
    #"displayName gt "Fabio" and role eq "Admin""#,
    #"displayName lt "Carla" or (department eq "Design" and email pr)"#,
    #"title ew "Engineer" and displayName ge "Dario" and displayName le "Gina""#,
    #"employeeNumber gt "E500" and not (location eq "London")"#,
  ]
  static let sorts = ["department,displayName", "title:desc", "displayName"]

  private var server: TestSCIMServer!

  override func setUp() async throws {
    if Self.shared == nil {
      Self.shared = try await TestSCIMServer(
        people: QueryPerson.scrambled(Self.people).map(\.scim))
    }
    server = Self.shared
  }

  override class func tearDown() {
    shared?.kill()
    shared = nil
  }

  private func directory() throws -> SCIMDirectory {
    try SCIMDirectory(url: server.url, token: Secret(TestSCIMServer.token))
  }

  /// The usernames the local table selects for `filter` in `sort`'s order.
  private static func local(_ filter: PersonFilter?, _ sort: PersonSort?) throws -> [String] {
    let table = UserTable(try DirectoryParser.parse(QueryPerson.usersJSON(people)).users)
    let query = PeopleQuery(filter: filter, sort: sort ?? PersonSort([.init(.username)]))
    return query.positions(in: table).map { table.username(at: $0) }
  }

  private static func usernames(_ directory: any RangedDirectory) async throws -> [String] {
    var names: [String] = []
    try await PeopleListing(columns: [.username]).write(directory) { names.append($0) }
    return Array(names.dropFirst())  // the header
  }

  /// `username`'s value of `field` in the test data.
  private static func value(_ field: PersonField, of username: String) -> String? {
    guard let person = people.first(where: { $0.username == username }) else { return nil }
    switch field {
    case .department: return person.department
    case .title: return person.title
    case .displayName: return person.displayName
    default: return person.username
    }
  }

  func testTheServerSelectsAsTheLocalTableAndOrdersByTheFirstKey() async throws {
    let directory = try directory()
    for text in Self.filters {
      let filter = try PersonFilter(parsing: text)
      for order in Self.sorts {
        let sort = try PersonSort(parsing: order)
        let expected = try Self.local(filter, sort)
        XCTAssertFalse(expected.isEmpty, "\(text) selects somebody")
        let served = try await Self.usernames(directory.querying(filter: filter, sort: sort))
        XCTAssertEqual(Set(served), Set(expected), "\(text)")
        let first = sort.keys[0].field
        XCTAssertEqual(
          served.map { Self.value(first, of: $0) }, expected.map { Self.value(first, of: $0) },
          "\(text) by \(order)")
        if sort.keys.count == 1, first == .displayName {
          XCTAssertEqual(served, expected, "unique values leave no ties")
        }
      }
    }
    for text in [Self.filters[0], Self.filters[Self.filters.count - 1]] {
      print("SCIM: \(SCIMFilter.compile(try PersonFilter(parsing: text)))")
    }
  }

  func testASearchNarrowsAQuery() async throws {
    let filter = try PersonFilter(parsing: #"department eq "Support""#)
    let sort = try PersonSort(parsing: "displayName:desc")
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
      (.compare(.title, .co, #"\Slash "Quoted""#), ["x002"]),
      (.compare(.title, .co, #"" or userName pr or title eq ""#), []),
      (.compare(.title, .sw, "Nul\u{0}"), []),
    ]
    for (filter, expected) in cases {
      XCTAssertEqual(try Self.local(filter, nil), expected, "locally: \(filter)")
      let served = try await Self.usernames(directory.querying(filter: filter, sort: nil))
      XCTAssertEqual(served, expected, "on the server: \(filter)")
    }
  }

  func testEveryFieldCanBeSortedBy() async throws {
    let refusals = try await directory().sortRefusals()
    // SCIM keeps a city only as the address's locality, which is the
    // location here.
    XCTAssertEqual(refusals, [.city: "The directory keeps no city apart from the location"])
    let byDepartment = try directory().querying(
      filter: nil, sort: PersonSort([.init(.employeeNumber, descending: true)]))
    let window = try await byDepartment.rows(0..<5)
    let numbers = window.entries.compactMap(\.details.employeeNumber)
    XCTAssertEqual(numbers, numbers.sorted(by: >), "the enterprise path orders the users")
    XCTAssertEqual(numbers.count, 5)
  }

  func testRefreshUnderAColumnOrderAnchorsAtTheAnchorsGroup() async throws {
    let sort = try PersonSort(parsing: "title:desc")
    let expected = try Self.local(nil, sort)
    let directory = try directory().querying(filter: nil, sort: sort)
    for anchor in [expected[0], expected[expected.count / 2], expected[expected.count - 5]] {
      let title = Self.value(.title, of: anchor)
      let group = expected.firstIndex { Self.value(.title, of: $0) == title }
      let window = try await directory.position(ofFirstAtOrAfter: anchor)
      XCTAssertEqual(window.offset, group, "\(anchor)")
      XCTAssertEqual(window.entries.first?.details.title, title)
    }
  }
}
