import Foundation
import TestSupport
import XCTest

/// `roster export` against a real scim2-server writes the people `roster
/// list` prints with the same options, in the same order, everyone and a
/// group's; the built binary run as a script runs it, its token read from a
/// file (never argv).
final class RosterSCIMExportTests: XCTestCase {
  nonisolated(unsafe) private static var shared: (TestSCIMServer, URL)?

  private var server: TestSCIMServer!
  private var tokenFile: URL!

  override func setUp() async throws {
    if Self.shared == nil {
      let server = try await TestSCIMServer(people: TestSCIMServer.people(40))
      _ = try await server.load(groups: [
        TestSCIMServer.Group(name: "Engineering", members: ["user0005", "user0002", "user0009"])
      ])
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "roster-scim-token-\(UUID())")
      try Data((TestSCIMServer.token + "\n").utf8).write(to: file)
      Self.shared = (server, file)
    }
    (server, tokenFile) = Self.shared!
  }

  override class func tearDown() {
    if let (server, file) = shared {
      server.kill()
      try? FileManager.default.removeItem(at: file)
    }
    shared = nil
  }

  /// The usernames `roster list` prints with `view`, and those in the
  /// users.json `roster export` writes with it.
  private func usernames(_ view: [String]) throws -> (listed: [String], exported: [String]) {
    let server = ["--source", server.url, "--token-file", tokenFile.path]
    let list = try RosterProcess.run(["list"] + server + view + ["--columns", "username"])
    XCTAssertEqual(list.status, 0, list.errors)
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("people.json")
    let export = try RosterProcess.run(
      ["export"] + server + view + ["--format", "json", "--output", file.path])
    XCTAssertEqual(export.status, 0, export.errors)
    let people =
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]] ?? []
    return (
      list.output.split(separator: "\n").dropFirst().map(String.init),
      people.compactMap { $0["username"] as? String }
    )
  }

  func testEveryoneComesInTheOrderListPrints() throws {
    let (listed, exported) = try usernames(["--sort", "displayName:desc"])
    XCTAssertEqual(listed.count, 40)
    XCTAssertEqual(exported, listed)
  }

  func testAGroupsPeopleAreTheGroupsMembers() throws {
    let (listed, exported) = try usernames(["--group", "Engineering"])
    XCTAssertEqual(Set(exported), ["user0005", "user0002", "user0009"])
    XCTAssertEqual(exported, listed)
  }
}
