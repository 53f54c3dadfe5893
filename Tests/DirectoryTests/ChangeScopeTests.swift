import XCTest

@testable import Directory

/// Whose changes a team's or a group's view of the history holds: decided
/// by who reports to whom and who is in which group in the people loaded
/// now, leavers and strangers left out.
final class ChangeScopeTests: XCTestCase {
  /// dalia leads ada and bob; ada leads cy; eve reports to nobody; the
  /// group "eng" holds bob and the group "ops", which holds eve.
  private static let json = """
    {"people": [
       {"id": "d", "username": "dalia"},
       {"id": "a", "username": "ada", "manager": "d"},
       {"id": "b", "username": "bob", "manager": "d"},
       {"id": "c", "username": "cy", "manager": "a"},
       {"id": "e", "username": "eve"}],
     "groups": [
       {"id": "eng", "name": "Engineering", "members": ["b"], "groups": ["ops"]},
       {"id": "ops", "name": "Ops", "members": ["e"]}]}
    """

  private static func change(_ identity: String) -> PersonChange {
    PersonChange(
      seconds: 0, kind: .title, field: .title, identity: identity, username: identity,
      name: "")
  }

  /// The identities of the changes `scope` keeps of one change by each of
  /// dalia, ada, bob, cy, eve and a leaver, in that order.
  private func kept(_ scope: ChangeScope) throws -> [String] {
    let parsed = try DirectoryParser.parse(Array(Self.json.utf8))
    let table = UserTable(parsed.users)
    XCTAssertEqual(parsed.groups.count, 2)
    let changes = ["d", "a", "b", "c", "e", "gone"].map(Self.change)
    return scope.changes(changes, in: table, groups: parsed.groups).map(\.identity)
  }

  func testEveryonesChangesAreKeptLeaversToo() throws {
    XCTAssertEqual(try kept(.everyone), ["d", "a", "b", "c", "e", "gone"])
  }

  func testAManagersReportsAreTheirDirectReportsOrEveryoneUnderThem() throws {
    XCTAssertEqual(try kept(.reports(of: "d", allLevels: false)), ["a", "b"])
    XCTAssertEqual(try kept(.reports(of: "d", allLevels: true)), ["a", "b", "c"])
    XCTAssertEqual(try kept(.reports(of: "a", allLevels: true)), ["c"])
    XCTAssertEqual(try kept(.reports(of: "e", allLevels: true)), [])
    XCTAssertEqual(try kept(.reports(of: "nobody", allLevels: true)), [], "a stranger leads no one")
  }

  func testAGroupsMembersAreItsOwnOrThoseOfTheGroupsInsideItToo() throws {
    XCTAssertEqual(try kept(.group(id: "eng", allLevels: false)), ["b"])
    XCTAssertEqual(try kept(.group(id: "eng", allLevels: true)), ["b", "e"])
    XCTAssertEqual(try kept(.group(id: "ops", allLevels: false)), ["e"])
    XCTAssertEqual(try kept(.group(id: "missing", allLevels: true)), [])
  }
}
