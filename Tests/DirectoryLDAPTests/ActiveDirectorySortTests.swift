import Directory
import DirectoryLDAP
import Foundation
import TestSupport
import XCTest

/// Sorting on Active Directory (the tests' Samba DC), which takes one sort
/// key: Roster's order by a column and then the username is refused
/// (`sortResult` 53 with result code 0 and no entries), and used to show an
/// empty directory. Every column now sorts, both ways, by the column alone.
final class ActiveDirectorySortTests: XCTestCase {
  /// The people's URL: the users under OU=People, as AD's people filter
  /// finds them.
  static func url(_ dc: TestSambaDC) -> String {
    dc.ldapsURL() + "??one?(&(objectCategory=person)(objectClass=user))"
  }

  /// Signed in as the administrator over LDAPS, trusting the DC's authority.
  static func options(_ dc: TestSambaDC) -> LDAPOptions {
    var options = LDAPOptions(
      bindDN: TestSambaDC.administratorDN, password: Secret(TestSambaDC.password),
      caFile: dc.certificateAuthority.path)
    options.schema = .activeDirectory
    return options
  }

  func testEveryColumnSortsBothWays() async throws {
    let dc = try TestSambaDC.shared()
    let directory = try LDAPDirectory(url: Self.url(dc), options: Self.options(dc))
    try await ServerOrder.checkEveryColumn(of: directory, count: dc.people.people.count)
  }

  func testAFilterWithASortShowsItsPeople() async throws {
    let dc = try TestSambaDC.shared()
    let directory = try LDAPDirectory(url: Self.url(dc), options: Self.options(dc))
    let view = directory.querying(
      filter: .compare(.department, .eq, "Sales"),
      sort: PersonSort([.init(.displayName, descending: true)]))
    let window = try await view.rows(0..<100)
    let expected = dc.people.people.filter { $0.department == "Sales" }
      .map(\.displayName).sorted(by: >)
    XCTAssertEqual(window.entries.map(\.displayName), expected)
  }

  func testRosterListSortsByDisplayName() throws {
    let dc = try TestSambaDC.shared()
    let run = try RosterProcess.run(
      [
        "list", "--source", Self.url(dc), "--bind-dn", TestSambaDC.administratorDN,
        "--ldap-schema", "ad", "--ca-file", dc.certificateAuthority.path, "--sort",
        "displayName", "--columns", "username,displayName",
      ], environment: ["ROSTER_BIND_PASSWORD": TestSambaDC.password])
    XCTAssertEqual(run.status, 0, run.errors)
    let expected = dc.people.people.sorted { $0.displayName < $1.displayName }
      .map { "\($0.username)\t\($0.displayName)" }
    let lines = run.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.suffix(expected.count), expected[...])
  }

  func testASearchFindsPeopleByAmbiguousNameResolution() async throws {
    // Nobody's username or display name holds "Staff"; everyone's surname
    // is Staff, which AD's anr finds, as it finds a given name by its
    // start. A username's part is still found.
    let dc = try TestSambaDC.shared()
    let directory = try LDAPDirectory(url: Self.url(dc), options: Self.options(dc))
    let bySurname = try await directory.searching("Staff").rows(0..<400)
    XCTAssertEqual(bySurname.count, dc.people.people.count)
    let byGivenName = try await directory.searching("User 012").rows(0..<400)
    XCTAssertEqual(byGivenName.entries.map(\.username), ["user012"])
    let byPart = try await directory.searching("er01").rows(0..<400)
    XCTAssertEqual(
      Set(byPart.entries.map(\.username)),
      Set(dc.people.people.map(\.username).filter { $0.contains("er01") }))
    var withoutANR = Self.options(dc)
    withoutANR.schema.resolvesAmbiguousNames = false
    let plain = try LDAPDirectory(url: Self.url(dc), options: withoutANR)
    let none = try await plain.searching("Staff").rows(0..<400)
    XCTAssertEqual(none.count, 0, "without anr the surname is not searched")
  }

  func testDisabledAccountsAreReadAndFiltered() async throws {
    // userAccountControl 546: ACCOUNTDISABLE (2) among other flags.
    let dc = try TestSambaDC.shared()
    let directory = try LDAPDirectory(url: Self.url(dc), options: Self.options(dc))
    try await DisabledAccountCheck.check(directory, people: dc.people)
  }

  func testTheLocationIsTheOfficeAsUsersAndComputersShowsItAndTheCityAFieldOfItsOwn()
    async throws
  {
    // physicalDeliveryOfficeName ("B-101") is the location; l ("Berlin")
    // the city.
    let dc = try TestSambaDC.shared()
    let directory = try LDAPDirectory(url: Self.url(dc), options: Self.options(dc))
    let window = try await directory.rows(0..<400)
    let people = Dictionary(uniqueKeysWithValues: dc.people.people.map { ($0.username, $0) })
    XCTAssertEqual(window.entries.count, dc.people.people.count)
    for entry in window.entries {
      XCTAssertEqual(entry.details.location, people[entry.username]?.office, entry.username)
      XCTAssertEqual(entry.details.city, people[entry.username]?.city, entry.username)
    }
    let office = directory.querying(filter: .compare(.location, .eq, "b-101"), sort: nil)
    let found = try await office.rows(0..<400)
    XCTAssertEqual(
      Set(found.entries.map(\.username)),
      Set(dc.people.people.filter { $0.office == "B-101" }.map(\.username)))
    let city = try XCTUnwrap(dc.people.people.first?.city)
    let inCity = directory.querying(filter: .compare(.city, .eq, city.lowercased()), sort: nil)
    let citizens = try await inCity.rows(0..<400)
    XCTAssertEqual(
      Set(citizens.entries.map(\.username)),
      Set(dc.people.people.filter { $0.city == city }.map(\.username)))
    XCTAssertLessThan(citizens.count, dc.people.people.count, "the filter left some out")
  }

  func testReferencesUnderTheDomainRootAreCountedNotFollowed() async throws {
    // A subtree search from DC=roster,DC=test also brings a continuation
    // reference for each other partition (Configuration, the DNS zones):
    // skipped, and counted for --stats. Under the people's OU, none.
    let dc = try TestSambaDC.shared()
    let root = try LDAPDirectory(
      url: dc.ldapsURL(base: TestSambaDC.baseDN), options: Self.options(dc))
    let window = try await root.rows(0..<50)
    XCTAssertGreaterThanOrEqual(window.count, dc.people.people.count)
    XCTAssertGreaterThan(root.statistics.referencesSkipped, 0)
    XCTAssertTrue(
      root.statistics.description.contains(
        "references    \(root.statistics.referencesSkipped) continuation references not followed"),
      root.statistics.description)
    let people = try LDAPDirectory(url: Self.url(dc), options: Self.options(dc))
    _ = try await people.rows(0..<50)
    XCTAssertEqual(people.statistics.referencesSkipped, 0)
    XCTAssertFalse(people.statistics.description.contains("references"))
  }

  func testAPersonsGroupsIncludeTheirPrimaryGroup() async throws {
    // memberOf leaves out the primary group (primaryGroupID 513, Domain
    // Users); Users and Computers lists it, and so does Roster.
    let dc = try TestSambaDC.shared()
    let directory = try LDAPDirectory(url: Self.url(dc), options: Self.options(dc))
    let found = try await directory.person(username: "user007")
    let person = try XCTUnwrap(found)
    let groups = try await directory.groups(of: person.id).map(\.name)
    let department = dc.people.people.first { $0.username == "user007" }!.department
    XCTAssertEqual(Set(groups), ["Domain Users", "Dept \(department)"])
  }
}
