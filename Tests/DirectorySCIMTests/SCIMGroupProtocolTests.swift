import Directory
import TestSupport
import XCTest

@testable import DirectorySCIM

/// A SCIM service that fills a User's read-only `groups`, as RFC 7643
/// describes and scim2-server does not: a group's people are then selected
/// by the server's `groups.value` filter, searched and paged like
/// everyone, and a person's groups come from their own resource. The
/// routes are written out here, so each case shows what the server said.
final class SCIMGroupProtocolTests: XCTestCase {
  private var server: TestHTTPServer!

  override func setUp() async throws {
    server = try await TestHTTPServer.start()
    server.set(
      "/v2/ServiceProviderConfig",
      .json(
        Array(#"{"sort":{"supported":true},"filter":{"supported":true,"maxResults":100}}"#.utf8)))
    server.set(
      "/v2/Groups/g1",
      .json(
        Array(
          #"{"id":"g1","members":[{"value":"id-bob"},{"value":"id-ann"},{"value":"g2","type":"Group"}]}"#
            .utf8)))
  }

  override func tearDown() async throws {
    try await server.stop()
  }

  private func directory() throws -> SCIMDirectory {
    try SCIMDirectory(url: "scim+http://127.0.0.1:\(server.port)/v2", token: Secret("tok"))
  }

  /// The address of `/Users` with `query` (encoded as the directory does).
  private static func users(_ query: [(String, String)]) -> String {
    "/v2/Users?" + SCIMQuery.encode(query)
  }

  func testAServerThatFillsGroupsSortsSearchesAndPagesAGroupsPeople() async throws {
    let scope = #"groups.value eq "g1""#
    let probe = Self.users([
      ("filter", scope), ("startIndex", "1"), ("count", "0"), ("attributes", "id"),
    ])
    server.set(probe, .json(Array(#"{"totalResults":2,"Resources":[]}"#.utf8)))
    server.set("/v2/Users", .status(400))
    let searched = Self.users([
      ("startIndex", "1"), ("count", "2"), ("sortBy", "userName"), ("sortOrder", "ascending"),
      ("filter", #"(\#(scope)) and (userName co "an" or displayName co "an")"#),
      ("attributes", SCIMDirectory.rowAttributes),
    ])
    server.set(
      searched,
      .json(Array(#"{"totalResults":1,"Resources":[{"id":"id-ann","userName":"ann"}]}"#.utf8)))
    let members = try directory().members(of: DirectoryGroupEntry(id: "g1", name: "One"))
    let window = try await members.searching("an").rows(0..<2)
    XCTAssertEqual(window.entries.map(\.username), ["ann"])
    XCTAssertEqual(window.count, 1)
    XCTAssertEqual(members.location, "127.0.0.1", "sorted by the server, not in the group's order")
    _ = try? await members.searching("bo").rows(0..<2)
    XCTAssertEqual(server.hits(probe), 1, "the group's searches share what was found")
    XCTAssertEqual(server.hits(searched), 1)
  }

  func testAServerCountingOtherPeopleForGroupsIsReadInTheGroupsOrder() async throws {
    server.set("/v2/Users", .json(Array(#"{"totalResults":0,"Resources":[]}"#.utf8)))
    let members = try directory().members(of: DirectoryGroupEntry(id: "g1", name: "One"))
    _ = try await members.rows(0..<2)
    XCTAssertEqual(members.location, "127.0.0.1, in the group's order")
  }

  func testAPersonsGroupsComeFromTheirOwnResourceWhenItListsThem() async throws {
    server.set(
      "/v2/Users/id-ann",
      .json(
        Array(
          #"{"id":"id-ann","groups":[{"value":"g2","display":"Zeta"},{"value":"g1","display":"alpha"}]}"#
            .utf8)))
    server.set("/v2/Groups", .status(500))
    let groups = try await directory().groups(of: "id-ann")
    XCTAssertEqual(
      groups,
      [DirectoryGroupEntry(id: "g1", name: "alpha"), DirectoryGroupEntry(id: "g2", name: "Zeta")])
    XCTAssertEqual(server.hits("/v2/Users/id-ann?attributes=groups"), 1)
  }
}
