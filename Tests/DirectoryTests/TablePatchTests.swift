import Foundation
import SharedSupport
import XCTest

@testable import Directory

/// A table patched with a few changes (an offline copy's change) equals
/// the table built whole from the changed people, managers linked the
/// same; and a sorted list carried over to the patch equals the patched
/// table sorted whole.
final class TablePatchTests: XCTestCase {
  private let titles = [nil, "Engineer", "Ärztin", "accountant", "Zoologist", "engineer"]

  private func user(_ number: Int, _ random: inout SplitMix64, managers: Int) -> User {
    var details = PersonDetails()
    details.title = titles[Int(random.next() % UInt64(titles.count))]
    details.displayName = random.next() % 5 == 0 ? nil : "Person \(random.next() % 50)"
    // Managers among the first people, some of them never in the table.
    let manager = Int(random.next() % UInt64(managers + 5))
    details.manager = random.next() % 4 == 0 ? nil : "id-\(manager)"
    let names = ["adam", "Älva", "bert", "Bert", "carl", "zoë"]
    return User(
      id: "id-\(number)", username: "\(names[Int(random.next() % 6)])\(random.next() % 40)",
      avatar: random.next() % 3 == 0 ? "" : "v\(random.next() % 1000)",
      role: [.user, .admin, .owner, .unknown][Int(random.next() % 4)], details: details)
  }

  /// Random changes to `users`: people changed, removed (managers among
  /// them) and added (some named as managers already); the changes and
  /// the users they make, in the patch's order.
  private func changes(
    to users: [User], _ random: inout SplitMix64, next: inout Int
  ) -> ([(identity: String, user: User?)], [User]) {
    var result = users
    var changes: [(identity: String, user: User?)] = []
    for _ in 0..<(1 + Int(random.next() % 12)) {
      switch random.next() % 3 {
      case 0 where !result.isEmpty:
        let position = Int(random.next() % UInt64(result.count))
        var changed = user(Int(result[position].id!.dropFirst(3))!, &random, managers: next)
        changed.id = result[position].id
        result[position] = changed
        changes.append((changed.id!, changed))
      case 1 where !result.isEmpty:
        let position = Int(random.next() % UInt64(result.count))
        changes.append((result[position].id!, nil))
        result.remove(at: position)
      default:
        // Past the people made so far: ids some managers already name.
        let added = user(next, &random, managers: next)
        next += 1
        result.append(added)
        changes.append((added.id!, added))
      }
    }
    return (changes, result)
  }

  private func assertSame(_ table: UserTable, _ expected: UserTable, line: UInt = #line) {
    XCTAssertEqual(table.users, expected.users, line: line)
    for index in 0..<expected.userCount {
      XCTAssertEqual(
        table.managerIndex(at: index), expected.managerIndex(at: index), "person \(index)",
        line: line)
    }
  }

  func testAPatchEqualsTheTableBuiltWhole() throws {
    var random = SplitMix64(seed: 34)
    var next = 300
    var users = (0..<300).map { user($0, &random, managers: 300) }
    var table = UserTable(users)
    for round in 0..<40 {
      let (changes, expected) = changes(to: users, &random, next: &next)
      let avatars = table.avatarCount
      let patch = try table.patched(changes)
      XCTAssertEqual(table.avatarCount, avatars, "round \(round): a pool it shared grew")
      XCTAssertTrue(patch.previous === table)
      assertSame(patch.table, UserTable(expected))
      // Its image, where links name positions again, opens as the same table.
      assertSame(try reopened(patch.table), UserTable(expected))
      // The pools the tables shared are the previous table's as they were.
      XCTAssertEqual(table.users, users, "round \(round): the previous table is unchanged")
      // The index of identities, carried over, finds everyone and no one gone.
      for (position, person) in expected.enumerated() {
        XCTAssertEqual(patch.table.position(ofIdentity: person.id!), position, "round \(round)")
      }
      for change in changes where !expected.contains(where: { $0.id == change.identity }) {
        XCTAssertNil(patch.table.position(ofIdentity: change.identity), "round \(round)")
      }
      XCTAssertEqual(
        patch.count, Set(changes.map(\.identity)).count, "round \(round): one change a person")
      users = expected
      table = patch.table
    }
  }

  func testAPatchSharesTheRowsOfThePeopleItKeeps() throws {
    var random = SplitMix64(seed: 5)
    let users = (0..<2_000).map { user($0, &random, managers: 2_000) }
    let table = UserTable(users)
    var changed = users[10]
    changed.username = "changed"
    var patch = try table.patched([("id-10", changed), ("id-20", nil)])
    // Added: someone nobody names as their manager.
    let newcomer = User(id: "id-new", username: "newcomer", avatar: "", role: .user)
    patch = try patch.table.patched([("id-30", nil), ("id-new", newcomer)])
    let columns = patch.table.columns
    // Two people's rows of its own (the one changed, the one added), the
    // rest the first table's; a copy would hold all of them.
    XCTAssertEqual(columns.roles.ownCount, 2)
    XCTAssertEqual(columns.lengths.count, 2_002 * UserTable.ownFieldCount)
    XCTAssertLessThan(columns.text.ownCount, 200)
    XCTAssertEqual(patch.table.userCount, 1_999)
    XCTAssertEqual(patch.table.username(at: 10), "changed")
  }

  func testAManagerRemovedThenAddedAgainIsTheirReportsManagerAgain() throws {
    let boss = User(id: "id-boss", username: "boss", avatar: "", role: .owner)
    let report = User(
      id: "id-r", username: "report", avatar: "", role: .user,
      details: PersonDetails(manager: "id-boss"))
    let table = UserTable([boss, report])
    XCTAssertEqual(table.managerIndex(at: 1), 0)
    let gone = try table.patched([("id-boss", nil)]).table
    XCTAssertNil(gone.managerIndex(at: 0))
    XCTAssertEqual(gone.managerIdentity(at: 0), "id-boss", "the reference is kept as text")
    XCTAssertNil(try reopened(gone).managerIndex(at: 0))
    XCTAssertEqual(try reopened(gone).managerIdentity(at: 0), "id-boss")
    let back = try gone.patched([("id-boss", boss)]).table
    XCTAssertEqual(back.users.map(\.username), ["report", "boss"])
    XCTAssertEqual(back.managerIndex(at: 0), 1)
    XCTAssertEqual(try reopened(back).managerIndex(at: 0), 1)
  }

  /// `table` written as an image and opened again.
  private func reopened(_ table: UserTable) throws -> UserTable {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-patch-\(UUID().uuidString)"
    ).path
    defer { unlink(path) }
    var bytes: [UInt8] = []
    table.writeImage { bytes.append(contentsOf: $0) }
    XCTAssertEqual(bytes.count, table.imageSize)
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return try XCTUnwrap(UserTable(image: path))
  }

  func testTheLastChangeOfAPersonCounts() throws {
    var random = SplitMix64(seed: 7)
    let users = (0..<10).map { user($0, &random, managers: 10) }
    var changed = users[3]
    changed.username = "renamed"
    let newcomer = User(id: "id-99", username: "newcomer", avatar: "", role: .user)
    let patch = try UserTable(users).patched([
      ("id-3", nil), ("id-3", changed), ("id-99", newcomer), ("id-99", nil), ("id-5", nil),
    ])
    var expected = users
    expected[3] = changed
    expected.remove(at: 5)
    assertSame(patch.table, UserTable(expected))
    XCTAssertEqual(patch.removed, [5])
    XCTAssertEqual(patch.changed, [3])
    XCTAssertTrue(patch.added.isEmpty)
    XCTAssertEqual(patch.position(after: 4), 4)
    XCTAssertNil(patch.position(after: 5))
    XCTAssertEqual(patch.position(after: 6), 5)
  }

  func testACarriedListEqualsThePatchedTableSortedWhole() throws {
    let orders = [
      nil, PersonSort([.init(.username)]), PersonSort([.init(.title, descending: true)]),
      PersonSort([.init(.displayName), .init(.role, descending: true)]),
      PersonSort([.init(.manager)]),
    ]
    for order in orders {
      var random = SplitMix64(seed: 2026)
      var next = 400
      var users = (0..<400).map { user($0, &random, managers: 400) }
      var table = UserTable(users)
      var shown = rows(of: table, in: order)
      for round in 0..<25 {
        let (changes, expected) = changes(to: users, &random, next: &next)
        let patch = try table.patched(changes)
        let carried = try XCTUnwrap(patch.carry(shown, order: order))
        let whole = rows(of: patch.table, in: order)
        XCTAssertEqual(
          carried.rows.map(\.index), whole.map(\.index), "\(order?.description ?? "none") \(round)")
        // The rows that stayed are the old list's, in its order.
        let stayed = carried.rows.indices.filter { !carried.came.contains($0) }.map {
          carried.rows[$0].id
        }
        let kept = shown.indices.filter { !carried.left.contains($0) }.map { shown[$0].id }
        XCTAssertEqual(stayed, kept)
        users = expected
        table = patch.table
        shown = carried.rows
      }
    }
  }

  func testTablesLookedUpAndPatchedAreFreedOnceLetGo() throws {
    var random = SplitMix64(seed: 9)
    let users = (0..<50).map { user($0, &random, managers: 50) }
    weak var first: UserTable?
    weak var second: UserTable?
    var latest: UserTable?
    do {
      let table = UserTable(users)
      XCTAssertEqual(table.position(ofIdentity: "id-7"), 7)
      first = table
      let patch = try table.patched([("id-3", nil)])
      second = patch.table
      latest = try patch.table.patched([("id-4", nil)]).table
    }
    XCTAssertNil(first, "an index of identities kept its table alive")
    XCTAssertNil(second)
    XCTAssertEqual(latest?.position(ofIdentity: "id-7"), 5)
  }

  func testAListThatIsNotEveryoneIsNotCarried() throws {
    var random = SplitMix64(seed: 1)
    let table = UserTable((0..<20).map { user($0, &random, managers: 20) })
    let patch = try table.patched([("id-2", nil)])
    XCTAssertNil(patch.carry(Array(table.references.dropFirst()), order: nil))
    XCTAssertNil(patch.carry(patch.table.references + [table.references[0]], order: nil))
  }

  private func rows(of table: UserTable, in order: PersonSort?) -> [UserRef] {
    let positions = order.map { table.sortedPositions(by: $0)! } ?? Array(0..<table.userCount)
    return positions.map { UserRef(table: table, index: $0) }
  }
}
