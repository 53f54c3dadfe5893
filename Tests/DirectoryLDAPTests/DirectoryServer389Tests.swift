import Directory
import DirectoryLDAP
import Foundation
import TestSupport
import XCTest

/// Browsing a 389 Directory Server as installed (the tests' instance,
/// ``Test389Server``): anonymously, where virtual list view is refused by
/// an access control (the people are read forward with Paged Results,
/// sorted by the server) and only names, usernames and email are shown; and as
/// the root DN, where the server sorts by any attribute but a DN and
/// refuses an explicit ordering rule (`sortResult` 1 for
/// `uid:caseIgnoreOrderingMatch`, which slapd needs).
final class DirectoryServer389Tests: XCTestCase {
  static func rootOptions(_ server: Test389Server) -> LDAPOptions {
    LDAPOptions(bindDN: Test389Server.rootDN, password: Secret(Test389Server.password))
  }

  func testAnAnonymousReaderSeesEveryoneWithoutVirtualListView() async throws {
    let server = try Test389Server.shared()
    let directory = try LDAPDirectory(url: server.ldapURL())
    var seen: [String] = []
    var start = 0
    while true {
      let window = try await directory.rows(start..<(start + 100))
      seen += window.entries.map(\.username)
      start += window.entries.count
      if window.isCountFinal && start >= window.count || window.entries.isEmpty { break }
    }
    // In the server's order by username: 389 sorts for an anonymous
    // reader, though not through virtual list view.
    XCTAssertEqual(seen, server.people.people.map(\.username).sorted())
  }

  func testTheRootDNSortsEveryColumnBothWays() async throws {
    let server = try Test389Server.shared()
    let directory = try LDAPDirectory(url: server.ldapURL(), options: Self.rootOptions(server))
    let count = server.people.people.count
    // 389 orders no DN: the manager column is refused, and says so; its
    // people keep no city apart from the location.
    let refusals = try await directory.sortRefusals()
    XCTAssertEqual(Set(refusals.keys), [.manager, .city])
    XCTAssertEqual(
      refusals[.manager],
      "The directory server refused to sort by “manager”: Server is unwilling to perform (53)")
    try await ServerOrder.checkEveryColumn(
      of: directory, count: count, fields: PersonField.allCases.filter { $0 != .manager })
  }

  func testAFilterWithASortShowsItsPeople() async throws {
    let server = try Test389Server.shared()
    let directory = try LDAPDirectory(url: server.ldapURL(), options: Self.rootOptions(server))
    let view = directory.querying(
      filter: .compare(.department, .eq, "Sales"),
      sort: PersonSort([.init(.displayName, descending: true)]))
    let window = try await view.rows(0..<100)
    let expected = server.people.people.filter { $0.department == "Sales" }
      .map(\.displayName).sorted(by: >)
    XCTAssertEqual(window.entries.map(\.displayName), expected)
  }

  func testGroupsInTheSiblingOUAreFoundAnonymously() async throws {
    let server = try Test389Server.shared()
    let directory = try LDAPDirectory(url: server.ldapURL())
    let groups = try await directory.groups(0..<20, matching: "")
    XCTAssertEqual(
      groups.groups.map(\.name),
      (server.people.departmentGroups + [CompanyPeople.nestingGroup]).sorted())
    let sales = server.people.people.filter { $0.department == "Sales" }.map(\.username)
    let run = try RosterProcess.run([
      "list", "--source", server.ldapURL(), "--group", "Dept Sales", "--columns", "username",
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(run.output.split(separator: "\n").dropFirst().map(String.init), sales.sorted())
  }

  func testAURLWithoutABaseFindsFreeIPAsUsers() throws {
    let server = try Test389Server.shared()
    let run = try RosterProcess.run([
      "list", "--source", "ldap://127.0.0.1:\(server.port)/??sub?(objectClass=person)",
      "--columns", "username",
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(
      run.output.split(separator: "\n").dropFirst().map(String.init),
      CompanyPeople.freeIPAUsers389(base: Test389Server.suffix).usernames)
  }

  func testRosterCheckNamesTheServerAndWhatItOffers() throws {
    let server = try Test389Server.shared()
    let anonymous = try RosterProcess.run(["check", "--source", server.ldapURL()])
    XCTAssertEqual(anonymous.status, 0, anonymous.errors)
    let lines = anonymous.output.split(separator: "\n").map(String.init)
    XCTAssertTrue(lines.contains { $0.hasPrefix("Directory: 389 Directory Server 2.") }, "\(lines)")
    XCTAssertTrue(
      lines.contains { $0.hasPrefix("Offers: sort, virtual list view, paged results") }, "\(lines)")
    XCTAssertTrue(lines.contains("Signed in as: anonymous"), "\(lines)")
    XCTAssertTrue(lines.contains("People: \(server.people.people.count)"), "\(lines)")
    let hidden = "Shown to anonymous readers: no title, department, location, phone or manager; "
    XCTAssertTrue(lines.contains { $0.hasPrefix(hidden) }, "\(lines)")

    let signedIn = try RosterProcess.run([
      "check", "--source", server.ldapURL(), "--bind-dn", Test389Server.rootDN,
      "--password-file", server.passwordFile.path,
    ])
    XCTAssertEqual(signedIn.status, 0, signedIn.errors)
    XCTAssertTrue(
      signedIn.output.lowercased().contains("signed in as: dn: cn=directory manager"),
      signedIn.output)
    XCTAssertFalse(signedIn.output.contains(hidden), signedIn.output)
  }

  func testRosterListSortsByTitleAnonymouslyAndSignedIn() throws {
    let server = try Test389Server.shared()
    let signedIn = try RosterProcess.run([
      "list", "--source", server.ldapURL(), "--bind-dn", Test389Server.rootDN,
      "--password-file", server.passwordFile.path, "--sort", "title:desc",
      "--columns", "username,title",
    ])
    XCTAssertEqual(signedIn.status, 0, signedIn.errors)
    let expected = server.people.people.sorted {
      ($0.title, $1.username) > ($1.title, $0.username)
    }.map { "\($0.username)\t\($0.title)" }
    let lines = signedIn.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.suffix(expected.count), expected[...])

    let anonymous = try RosterProcess.run([
      "list", "--source", server.ldapURL(), "--columns", "username",
    ])
    XCTAssertEqual(anonymous.status, 0, anonymous.errors)
    XCTAssertEqual(
      anonymous.output.split(separator: "\n").dropFirst().map(String.init),
      server.people.people.map(\.username).sorted())
  }

  func testLockedAccountsAreReadAndFiltered() async throws {
    // nsAccountLock: true, which the root DN reads (and anonymous readers
    // may not).
    let server = try Test389Server.shared()
    let directory = try LDAPDirectory(url: server.ldapURL(), options: Self.rootOptions(server))
    // The root DSE is read first, as a window's first read does: the lock
    // is then known to be this server's.
    _ = try await directory.rootDSE()
    try await DisabledAccountCheck.check(
      directory.querying(filter: nil, sort: nil), people: server.people)
  }
}
