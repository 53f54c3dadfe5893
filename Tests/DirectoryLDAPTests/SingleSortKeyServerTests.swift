import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import SharedSupport
import TestSupport
import XCTest

/// A server that takes one sort key (slapd with `sssvlv-maxkeys 1`, as
/// Active Directory): Roster's order by a column and then the username is
/// refused with "unwilling to perform" (53), so a column is sorted by
/// itself alone; a column the server cannot sort at all is an error, never
/// an empty list.
final class SingleSortKeyServerTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let people = QueryPerson.people(count: 150, seed: 2031)

  override class func setUp() {
    super.setUp()
    do {
      server = try TestServer(people: QueryPerson.scrambled(people).map(\.ldif)) {
        $0.maxSortKeys = 1
      }
    } catch {
      print("SingleSortKeyServerTests: slapd did not start: \(error)")
    }
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  func testAColumnSortsByItselfWhenTheServerTakesOneKey() async throws {
    let server = try XCTUnwrap(Self.server)
    let directory = try LDAPDirectory(url: server.peopleURL)
    for key in [PersonSort.Key(.title, descending: true), .init(.displayName)] {
      let window = try await directory.querying(filter: nil, sort: PersonSort([key]))
        .rows(0..<200)
      XCTAssertEqual(window.count, Self.people.count, "\(key.field)")
      let values = window.entries.map {
        (key.field == .title ? $0.details.title : $0.displayName)?.lowercased() ?? ""
      }
      XCTAssertEqual(values, values.sorted { key.descending ? $0 > $1 : $0 < $1 }, "\(key.field)")
    }
  }

  func testAFilteredSearchSortsAndFindsItsAnchor() async throws {
    let server = try XCTUnwrap(Self.server)
    let directory = try LDAPDirectory(url: server.peopleURL)
    let view = directory.querying(
      filter: .compare(.department, .eq, "Sales"), sort: PersonSort([.init(.title)]))
    let expected = Self.people.filter { $0.department == "Sales" }
    let window = try await view.rows(0..<200)
    XCTAssertEqual(window.count, expected.count)
    XCTAssertEqual(
      window.entries.compactMap(\.details.title), expected.map(\.title).sorted())
    let anchor = try XCTUnwrap(window.entries.last)
    let found = try await view.position(ofFirstAtOrAfter: anchor.username)
    XCTAssertFalse(found.entries.isEmpty)
  }

  func testAColumnTheServerCannotSortIsAnErrorNotAnEmptyList() async throws {
    let server = try XCTUnwrap(Self.server)
    var options = LDAPOptions()
    // No ordering rule for the title: slapd cannot order it (18).
    options.schema.orderingRules[.title] = nil
    let directory = try LDAPDirectory(url: server.peopleURL, options: options)
    do {
      let window = try await directory.querying(filter: nil, sort: PersonSort([.init(.title)]))
        .rows(0..<20)
      XCTFail("sorted by a column the server refuses: \(window.count) people")
    } catch {
      XCTAssertTrue(error.sentence.contains("title"), error.sentence)
    }
    let refusals = try await directory.sortRefusals()
    XCTAssertEqual(
      Set(refusals.keys), [.title, .active, .city], "slapd keeps no account state or city")
  }

  func testRosterListSaysWhenTheServerCannotSortAColumn() throws {
    let server = try XCTUnwrap(Self.server)
    // Active Directory's names send displayName without an ordering rule:
    // slapd cannot order it, with one key or two.
    let run = try RosterProcess.run(
      ["list", "--source", server.peopleURL, "--ldap-schema", "ad", "--sort", "displayName"])
    XCTAssertNotEqual(run.status, 0)
    // At most the columns' header: nobody.
    XCTAssertLessThanOrEqual(run.output.split(separator: "\n").count, 1, run.output)
    XCTAssertTrue(run.errors.hasPrefix("roster list: "), run.errors)
    XCTAssertTrue(run.errors.contains("“displayName”"), run.errors)
  }

  func testRosterListSortsByTheColumn() throws {
    let server = try XCTUnwrap(Self.server)
    let run = try RosterProcess.run(
      [
        "list", "--source", server.peopleURL, "--sort", "title:desc", "--columns",
        "username,title", "--format", "jsonl",
      ])
    XCTAssertEqual(run.status, 0, run.errors)
    let titles = try run.output.split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return (object?["title"] as? String ?? "").lowercased()
    }
    XCTAssertEqual(titles.count, Self.people.count)
    XCTAssertEqual(titles, titles.sorted(by: >))
  }
}
