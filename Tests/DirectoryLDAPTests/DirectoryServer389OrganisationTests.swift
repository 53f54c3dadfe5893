import Directory
import DirectoryLDAP
import Foundation
import TestSupport
import XCTest

/// What `roster` reads of a 389 Directory Server's organisation as the
/// root DN (``Test389Server``: memberOf off, groups in `ou=groups`): a
/// search, a group and its nested groups, a manager's reports, a person's
/// chain and groups, a photo, and a vCard export with it.
final class DirectoryServer389OrganisationTests: XCTestCase {
  /// Runs `roster COMMAND` as the root DN on the server's people.
  private func roster(_ command: String, _ arguments: [String]) throws -> RosterProcess.Run {
    let server = try Test389Server.shared()
    return try RosterProcess.run(
      [
        command, "--source", server.ldapURL(), "--bind-dn", Test389Server.rootDN,
        "--password-file", server.passwordFile.path,
      ] + arguments)
  }

  /// The lines of a successful run, the header dropped.
  private func lines(_ command: String, _ arguments: [String]) throws -> [String] {
    let run = try roster(command, arguments)
    XCTAssertEqual(run.status, 0, run.errors)
    return run.output.split(separator: "\n").dropFirst().map(String.init)
  }

  private var people: [CompanyPeople.Person] {
    get throws { try Test389Server.shared().people.people }
  }

  func testASearchFindsByNameAndUsername() async throws {
    let server = try Test389Server.shared()
    let directory = try LDAPDirectory(
      url: server.ldapURL(),
      options: LDAPOptions(bindDN: Test389Server.rootDN, password: Secret(Test389Server.password)))
    let found = try await directory.searching("user01").rows(0..<20)
    XCTAssertEqual(found.entries.map(\.username), (10...19).map { String(format: "user%03d", $0) })
  }

  func testAGroupAndItsNestedGroups() throws {
    let people = try people
    let departments = CompanyPeople.departments
    let direct = try lines("list", ["--group", "Dept \(departments[2])", "--columns", "username"])
    XCTAssertEqual(
      direct, people.filter { $0.department == departments[2] }.map(\.username).sorted())
    // All Staff holds the first two departments' groups, and nobody itself.
    let nested = try lines(
      "list",
      [
        "--group", CompanyPeople.nestingGroup, "--all-levels", "--columns", "username",
        "--limit", "1000",
      ])
    XCTAssertEqual(
      Set(nested),
      Set(people.filter { departments.prefix(2).contains($0.department) }.map(\.username)))
  }

  func testAManagersReportsAndAPersonsChainAndGroups() throws {
    let people = try people
    let reports = try lines("list", ["--reports-to", "user001", "--columns", "username"])
    let expected = people.indices.filter { people[$0].manager == 1 }.map { people[$0].username }
    XCTAssertEqual(reports, expected)
    let chain = try roster("person", ["user042", "--columns", "username"])
    XCTAssertEqual(chain.status, 0, chain.errors)
    let printed = chain.output.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    // user042 → user010 → user002 → user000, then the groups.
    XCTAssertEqual(
      Array(printed.prefix(5)), ["username", "user042", "user010", "user002", "user000"])
    XCTAssertTrue(
      printed.contains { $0.hasPrefix("Dept \(people[42].department)\t") }, "\(printed)")
  }

  func testAPhotoAndAVCardExportWithIt() async throws {
    let server = try Test389Server.shared()
    let directory = try LDAPDirectory(
      url: server.ldapURL(),
      options: LDAPOptions(bindDN: Test389Server.rootDN, password: Secret(Test389Server.password)))
    let photo = try await directory.photo(
      of: server.people.dn389(0, base: Test389Server.suffix), maxBytes: 100_000)
    XCTAssertEqual(photo, server.people.people[0].photo)

    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("people.vcf")
    let run = try roster("export", ["--format", "vcard", "--output", file.path])
    XCTAssertEqual(run.status, 0, run.errors)
    let cards = try String(contentsOf: file, encoding: .utf8)
    XCTAssertEqual(
      cards.components(separatedBy: "BEGIN:VCARD").count - 1, server.people.people.count)
    let withPhoto = server.people.people.filter { $0.photo != nil }.count
    XCTAssertEqual(cards.components(separatedBy: "PHOTO").count - 1, withPhoto)
  }
}
