import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// `roster list --group/--groups/--reports-to/--search`, `roster person`
/// and `roster who` against slapd (keeping memberOf): the built `roster`
/// binary run as a process.
final class RosterOrgServerTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?

  override class func setUp() {
    super.setUp()
    server = OrgFixture.started(memberOf: true)
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  /// Runs `roster` with `arguments` against the server (its groups under
  /// ou=groups); the run.
  private func roster(_ arguments: [String]) throws -> RosterProcess.Run {
    let server = try XCTUnwrap(Self.server)
    return try RosterProcess.run(
      [arguments[0], "--source", server.peopleURL, "--groups-base", TestServer.groupsDN]
        + arguments.dropFirst())
  }

  private func lines(_ arguments: [String]) throws -> [String] {
    let run = try roster(arguments)
    XCTAssertEqual(run.status, 0, "roster \(arguments): \(run.errors)")
    XCTAssertEqual(run.errors, "")
    return run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The usernames of generated people `range`.
  private func usernames(_ range: Range<Int>) -> [String] {
    let people = TestPeople.people(count: 60, seed: 11)
    return range.map { people[$0].uid }
  }

  private func byUsername(_ names: [String]) -> [String] {
    names.sorted { $0.lowercased() < $1.lowercased() }
  }

  func testListGroupPrintsTheGroupsPeopleFilteredAndSorted() throws {
    let people = try lines(["list", "--group", "Engineering", "--columns", "username"])
    XCTAssertEqual(people, ["username"] + byUsername(usernames(0..<30)) + [""])
    let nested = try lines([
      "list", "--group", "Engineering", "--all-levels", "--columns", "username", "--limit", "100",
    ])
    XCTAssertEqual(
      nested, ["username"] + byUsername(usernames(0..<30)) + byUsername(usernames(30..<40)) + [""],
      "breadth-first: Engineering's people, then Platform's not already printed")
    let filtered = try lines([
      "list", "--group", "Sales, EMEA", "--filter", #"department eq "Design""#, "--sort",
      "username:desc", "--columns", "username,department", "--format", "jsonl",
    ])
    let design = usernames(40..<55).enumerated().filter { $0.offset % 5 == 2 }.map(\.element)
    XCTAssertEqual(
      filtered,
      byUsername(design).reversed().map { #"{"username":"\#($0)","department":"Design"}"# }
        + [""])
  }

  func testListGroupsPrintsEveryGroupByName() throws {
    let groups = try lines(["list", "--groups"])
    XCTAssertEqual(
      groups,
      [
        "group\tid\tmembers\tgroups",
        "Engineering\tcn=Engineering,ou=groups,dc=example,dc=org\t\t",
        "Platform\tcn=Platform,ou=groups,dc=example,dc=org\t\t",
        "Sales, EMEA\tcn=Sales\\\\2C EMEA,ou=groups,dc=example,dc=org\t\t",
        // The DNs as slapd writes them (`\2C`, `\3D`), a backslash doubled in TSV.
        "\(OrgFixture.injection)\tcn=Star *)(cn\\\\3D* Group,ou=groups,dc=example,dc=org\t\t", "",
      ])
    let missing = try roster(["list", "--group", "Nobody"])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertEqual(missing.errors, "roster list: the directory has no group named “Nobody”\n")
  }

  func testGroupsBesideThePeopleAreFoundWithoutAGroupsBase() throws {
    // ou=groups is a sibling of the people's ou=people: the naming
    // context both lie in (the root DSE's) is searched.
    let server = try XCTUnwrap(Self.server)
    let run = try RosterProcess.run([
      "list", "--source", server.peopleURL, "--group", "Engineering", "--columns", "username",
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(
      run.output.split(separator: "\n").map(String.init),
      ["username"] + byUsername(usernames(0..<30)))
  }

  func testListReportsToPrintsDirectReportsOrEveryoneUnder() throws {
    let direct = try lines(["list", "--reports-to", usernames(1..<2)[0], "--columns", "username"])
    XCTAssertEqual(direct, ["username"] + byUsername(usernames(5..<9)) + [""])
    let everyone = try lines([
      "list", "--reports-to", usernames(0..<1)[0], "--all-levels", "--columns", "username",
    ])
    XCTAssertEqual(everyone.count, 1 + 59 + 1)
    XCTAssertEqual(Set(everyone.dropFirst().dropLast()), Set(usernames(1..<60)))
    XCTAssertEqual(Array(everyone[1...4]), byUsername(usernames(1..<5)), "the first level first")
    let unknown = try roster(["list", "--reports-to", "nobody"])
    XCTAssertNotEqual(unknown.status, 0)
    XCTAssertEqual(
      unknown.errors, "roster list: no one in the directory has the username “nobody”\n")
  }

  func testPersonPrintsTheChainToTheTopThenTheGroups() throws {
    let chain = try lines(["person", "chain6", "--columns", "username"])
    XCTAssertEqual(chain, ["username"] + (0...6).reversed().map { "chain\($0)" } + [""])
    let people = TestPeople.people(count: 60, seed: 11)
    let grouped = try lines(["person", people[26].uid, "--columns", "username"])
    XCTAssertEqual(
      grouped,
      ["username"] + [26, 6, 1, 0].map { people[$0].uid } + [
        "", "group\tid\tmembers\tgroups",
        "Engineering\tcn=Engineering,ou=groups,dc=example,dc=org\t\t",
        "Platform\tcn=Platform,ou=groups,dc=example,dc=org\t\t", "",
      ])
  }

  func testWhoSearchesWithTheServersOwnSearch() throws {
    // One match: printed as `roster person` prints that person.
    let one = try lines(["who", "chain6", "--columns", "username"])
    XCTAssertEqual(one, try lines(["person", "chain6", "--columns", "username"]))
    // Several: a list, in the server's order.
    let several = try lines(["who", "chain", "--columns", "username"])
    XCTAssertEqual(several, ["username"] + (0...6).map { "chain\($0)" } + [""])
    let nobody = try roster(["who", "nobody.here"])
    XCTAssertEqual(nobody.status, 1)
    XCTAssertEqual(nobody.output, "")
    XCTAssertEqual(nobody.errors, "roster who: no one matches “nobody.here”\n")
    // `roster list --search` sends the same search.
    let listed = try lines(["list", "--search", "chain", "--columns", "username"])
    XCTAssertEqual(listed, several)
  }

  func testPersonSaysHowABrokenChainEnds() throws {
    let orphan = try roster(["person", "orphan", "--columns", "username"])
    XCTAssertEqual(orphan.status, 0)
    XCTAssertEqual(orphan.output, "username\norphan\n")
    XCTAssertEqual(
      orphan.errors,
      "roster person: orphan's manager “\(OrgFixture.ghostDN)” is not in the directory\n")
    let cycle = try roster(["person", "cycle.a", "--columns", "username"])
    XCTAssertEqual(cycle.status, 0)
    XCTAssertEqual(cycle.output, "username\ncycle.a\ncycle.b\n")
    XCTAssertEqual(
      cycle.errors,
      "roster person: the managers come round to cycle.a again; the chain stops there\n")
  }
}
