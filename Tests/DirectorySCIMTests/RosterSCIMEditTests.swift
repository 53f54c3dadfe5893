import Foundation
import TestSupport
import XCTest

/// `roster set`, `disable`, `group add` and `edits` as processes against a
/// real scim2-server, its token read from a file: the changes read back on
/// the server and `roster edits` lists them from the SCIM change log
/// beside any LDAP one; a conflict ends with status 3 and writes nothing.
final class RosterSCIMEditTests: XCTestCase {
  private var server: TestSCIMServer!
  private var data: TemporaryDirectory!
  private var tokenFile: URL!

  override func setUp() async throws {
    server = try await TestSCIMServer(people: TestSCIMServer.people(6))
    _ = try await server.load(groups: [TestSCIMServer.Group(name: "Ops", members: [])])
    data = TemporaryDirectory()
    tokenFile = data.url.appendingPathComponent("token")
    try Data((TestSCIMServer.token + "\n").utf8).write(to: tokenFile)
  }

  override func tearDown() {
    server.kill()
    data = nil
    super.tearDown()
  }

  private func roster(_ arguments: [String]) throws -> RosterProcess.Run {
    try RosterProcess.run(
      [arguments[0], "--source", server.url, "--token-file", tokenFile.path]
        + arguments.dropFirst(),
      environment: ["XDG_DATA_HOME": data.path])
  }

  private func user(_ username: String) async throws -> [String: Any] {
    let list = try await server.json("/Users?filter=userName%20eq%20%22\(username)%22")
    return try XCTUnwrap((list["Resources"] as? [[String: Any]])?.first)
  }

  func testSetDisableAndGroupAddReachTheServerAndAreListed() async throws {
    let set = try roster(["set", "user0001", "title=Lead Designer"])
    XCTAssertEqual(set.status, 0, set.errors)
    let title = try await user("user0001")["title"] as? String
    XCTAssertEqual(title, "Lead Designer")
    let disable = try roster(["disable", "user0002"])
    XCTAssertEqual(disable.status, 0, disable.errors)
    let active = try await user("user0002")["active"] as? Bool
    XCTAssertEqual(active, false)
    let add = try RosterProcess.run(
      ["group", "add", "Ops", "--source", server.url, "--token-file", tokenFile.path, "user0003"],
      environment: ["XDG_DATA_HOME": data.path])
    XCTAssertEqual(add.status, 0, add.errors)
    let ids = try await server.userIDs()
    let three = try XCTUnwrap(ids["user0003"])
    let ops = try await server.json("/Groups?filter=displayName%20eq%20%22Ops%22")
    let members = ((ops["Resources"] as? [[String: Any]])?.first?["members"] as? [[String: Any]])
    XCTAssertEqual(members?.compactMap { $0["value"] as? String }, [three])

    let edits = try RosterProcess.run(
      ["edits", "--since", "1d"], environment: ["XDG_DATA_HOME": data.path])
    XCTAssertEqual(edits.status, 0, edits.errors)
    let rows = edits.output.split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }
    let base = "http://127.0.0.1:\(server.port)/v2"
    XCTAssertEqual(
      rows,
      [
        [
          "(bearer token)", "\(base)/Users/\(try XCTUnwrap(ids["user0001"]))", "title", "Designer",
          "Lead Designer",
        ],
        [
          "(bearer token)", "\(base)/Users/\(try XCTUnwrap(ids["user0002"]))", "active", "true",
          "false",
        ],
        [
          "(bearer token)",
          "\(base)/Groups/\(try XCTUnwrap(ops["Resources"] as? [[String: Any]]).first?["id"] as? String ?? "")",
          "members", "", three,
        ],
      ])
    XCTAssertFalse(edits.output.contains(TestSCIMServer.token))
  }

  func testAConflictEndsWithThreeAndWritesNothing() async throws {
    let set = try roster(["set", "user0004", "title=CTO", "--if", "title=Intern"])
    XCTAssertEqual(set.status, 3, set.errors)
    XCTAssertTrue(set.errors.contains("the directory has “Designer”"), set.errors)
    let kept = try await user("user0004")["title"] as? String
    XCTAssertEqual(kept, "Designer")
    let edits = try RosterProcess.run(
      ["edits", "--since", "1d"], environment: ["XDG_DATA_HOME": data.path])
    XCTAssertEqual(edits.output.split(separator: "\n").count, 1, edits.output)
  }
}
