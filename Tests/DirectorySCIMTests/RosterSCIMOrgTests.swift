import Foundation
import TestSupport
import XCTest

/// `roster list --groups/--group/--reports-to` and `roster person` against a
/// real scim2-server: the built `roster` binary run as a script runs it,
/// its token read from a file (never argv).
final class RosterSCIMOrgTests: XCTestCase {
  nonisolated(unsafe) private static var shared: (TestSCIMServer, [String: String], URL)?

  private var server: TestSCIMServer!
  private var groupIDs: [String: String] = [:]
  private var tokenFile: URL!

  override func setUp() async throws {
    if Self.shared == nil {
      let server = try await TestSCIMServer(people: TestSCIMServer.people(30))
      let ids = try await server.load(groups: [
        TestSCIMServer.Group(name: "Support", members: ["user0007"]),
        TestSCIMServer.Group(
          name: "Engineering", members: ["user0005", "user0002", "user0009"],
          subgroups: ["Support"]),
      ])
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "roster-scim-token-\(UUID())")
      try Data((TestSCIMServer.token + "\n").utf8).write(to: file)
      Self.shared = (server, ids, file)
    }
    (server, groupIDs, tokenFile) = Self.shared!
  }

  override class func tearDown() {
    if let (server, _, file) = shared {
      server.kill()
      try? FileManager.default.removeItem(at: file)
    }
    shared = nil
  }

  private func lines(_ arguments: [String]) throws -> [String] {
    let run = try RosterProcess.run(
      [arguments[0], "--source", server.url, "--token-file", tokenFile.path]
        + arguments.dropFirst())
    XCTAssertEqual(run.status, 0, "roster \(arguments): \(run.errors)")
    return run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  func testTheGroupsAreListedByNameWithoutCounts() throws {
    let engineering = try XCTUnwrap(groupIDs["Engineering"])
    let support = try XCTUnwrap(groupIDs["Support"])
    XCTAssertEqual(
      try lines(["list", "--groups"]),
      [
        "group\tid\tmembers\tgroups", "Engineering\t\(engineering)\t\t", "Support\t\(support)\t\t",
        "",
      ])
  }

  func testAGroupsPeopleComeInTheGroupsOrderAndWithTheGroupsInside() throws {
    XCTAssertEqual(
      try lines(["list", "--group", "Engineering", "--columns", "username"]),
      ["username", "user0005", "user0002", "user0009", ""])
    XCTAssertEqual(
      try lines(["list", "--group", "Engineering", "--all-levels", "--columns", "username"]),
      ["username", "user0005", "user0002", "user0009", "user0007", ""])
  }

  func testAPersonComesWithTheirManagersAndGroupsAndAManagerWithTheirReports() throws {
    let engineering = try XCTUnwrap(groupIDs["Engineering"])
    XCTAssertEqual(
      try lines(["person", "--columns", "username", "user0005"]),
      [
        "username", "user0005", "user0001", "user0000", "", "group\tid\tmembers\tgroups",
        "Engineering\t\(engineering)\t\t", "",
      ])
    XCTAssertEqual(
      try lines(["list", "--reports-to", "user0001", "--columns", "username"]),
      ["username", "user0005", "user0006", "user0007", "user0008", ""])
  }
}
