import Foundation
import TestSupport
import XCTest

@testable import Directory

/// The on-disk copy of a directory server: a full refresh becoming the
/// copy, changes logged and replayed, folds, and every interruption
/// leaving a copy that opens (an unfinished refresh, a torn log).
final class ReplicaStoreTests: XCTestCase {
  private var folder: URL!

  override func setUp() {
    super.setUp()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-replica-\(UUID().uuidString)/copy")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    super.tearDown()
  }

  private func person(_ id: String, _ username: String, title: String? = nil) -> DirectoryEntry {
    var details = PersonDetails()
    details.title = title
    details.displayName = username.capitalized
    return DirectoryEntry(
      id: id, username: username, details: details, role: .user, photoVersion: "v-\(id)")
  }

  /// A copy made by a full refresh of `people`, with cookie [1].
  private func filled(_ people: [DirectoryEntry]) throws -> ReplicaStore {
    let store = try ReplicaStore(folder: folder)
    try store.beginFullRefresh()
    for entry in people { try store.refreshed(.person(entry)) }
    try store.finishFullRefresh(cookie: [1])
    return store
  }

  /// The copy in the folder opened again, with the changes logged since
  /// its fold applied.
  private func opened() throws -> ReplicaStore {
    let store = try ReplicaStore(folder: folder)
    store.catchUp()
    return store
  }

  private func usernames(_ store: ReplicaStore) -> [String] {
    (0..<store.table.userCount).map { store.table.username(at: $0) }
  }

  /// The copy's files but its lock.
  private func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0 != "lock"
    }.sorted()
  }

  func testAFullRefreshBecomesTheCopyAndOpensAgain() throws {
    let store = try ReplicaStore(folder: folder)
    XCTAssertFalse(store.isComplete)
    try store.beginFullRefresh()
    try store.refreshed(.person(person("a", "ada")))
    try store.refreshed(.person(person("b", "grace")))
    // Changed while the refresh ran: sent again, the later values win.
    try store.refreshed(.person(person("a", "ada", title: "Countess")))
    XCTAssertFalse(store.isComplete)
    try store.finishFullRefresh(cookie: [7, 7])
    XCTAssertEqual(usernames(store), ["ada", "grace"])
    XCTAssertTrue(store.table.isMapped, "browsed from its image, as a later start browses it")
    store.close()

    let again = try opened()
    XCTAssertTrue(again.isComplete)
    XCTAssertEqual(again.cookie, [7, 7])
    XCTAssertEqual(Set(usernames(again)), ["ada", "grace"])
    let ada = try XCTUnwrap(
      (0..<again.table.userCount).first { again.table.username(at: $0) == "ada" })
    XCTAssertEqual(again.table.details(at: ada).title, "Countess")
    XCTAssertEqual(again.table.avatar(at: ada), "v-a")
  }

  func testChangesAreLoggedFoldedAndSurviveAReopen() throws {
    let store = try filled([person("a", "ada"), person("b", "grace"), person("c", "alan")])
    try store.apply([
      .person(person("d", "katherine")), .deleted("b"), .person(person("c", "alan.turing")),
      .cookie([2]),
    ])
    XCTAssertEqual(usernames(store), ["ada", "alan.turing", "katherine"])
    XCTAssertEqual(store.cookie, [2])
    XCTAssertEqual(store.unfoldedChanges, 3)
    store.close()

    let reopened = try ReplicaStore(folder: folder)
    // Just opened: the people as of the fold, until the log's changes are applied.
    XCTAssertTrue(reopened.isBehind)
    XCTAssertEqual(usernames(reopened), ["ada", "grace", "alan"])
    let patch = try XCTUnwrap(reopened.catchUp())
    XCTAssertTrue(patch.table === reopened.table)
    XCTAssertEqual(patch.count, 3, "katherine added, grace removed, alan changed")
    XCTAssertFalse(reopened.isBehind)
    XCTAssertNil(reopened.catchUp(), "nothing more to apply")
    XCTAssertEqual(usernames(reopened), ["ada", "alan.turing", "katherine"])
    XCTAssertEqual(reopened.cookie, [2])

    try reopened.fold()
    XCTAssertEqual(reopened.generation, 2)
    XCTAssertEqual(reopened.unfoldedChanges, 0)
    XCTAssertEqual(files(), ["changes-2", "history", "order-2", "people-2", "state-2"])
    reopened.close()
    let folded = try opened()
    XCTAssertEqual(usernames(folded), ["ada", "alan.turing", "katherine"])
    XCTAssertEqual(folded.cookie, [2])
  }

  func testATornEndOfTheChangeLogIsCutOffAndTheCopyGoesOn() throws {
    let store = try filled([person("a", "ada")])
    try store.apply([.person(person("b", "grace")), .cookie([2])])
    try store.apply([.person(person("c", "alan")), .cookie([3])])
    store.close()
    // A crash in the middle of the last write: its last bytes never landed.
    let log = folder.appendingPathComponent("changes-1").path
    let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: log)[.size] as? Int)
    XCTAssertEqual(truncate(log, off_t(size - 3)), 0)

    let reopened = try opened()
    XCTAssertEqual(usernames(reopened), ["ada", "grace", "alan"])
    // The cookie before the torn record: the server sends it again.
    XCTAssertEqual(reopened.cookie, [2])
    try reopened.apply([.deleted("c"), .cookie([4])])
    reopened.close()
    let last = try opened()
    XCTAssertEqual(usernames(last), ["ada", "grace"])
    XCTAssertEqual(last.cookie, [4])
  }

  func testADamagedRecordEndsWhatIsRead() throws {
    let store = try filled([person("a", "ada")])
    try store.apply([.person(person("b", "grace")), .cookie([2])])
    try store.apply([.person(person("c", "alan")), .cookie([3])])
    store.close()
    let log = folder.appendingPathComponent("changes-1")
    var bytes = try Data(contentsOf: log)
    bytes[bytes.count - 10] ^= 0xFF
    try bytes.write(to: log)
    let reopened = try opened()
    XCTAssertEqual(usernames(reopened), ["ada", "grace", "alan"])
    XCTAssertEqual(reopened.cookie, [2])
  }

  func testAnUnfinishedRefreshLeavesTheCopyAsItWas() throws {
    do {
      let store = try filled([person("a", "ada"), person("b", "grace")])
      try store.beginFullRefresh()
      try store.refreshed(.person(person("x", "someone.else")))
      // Dropped here, as a crash would leave it.
    }
    XCTAssertTrue(files().contains("people-2.part"))
    let reopened = try ReplicaStore(folder: folder)
    XCTAssertEqual(reopened.generation, 1)
    XCTAssertEqual(usernames(reopened), ["ada", "grace"])
    XCTAssertEqual(files(), ["changes-1", "order-1", "people-1", "state-1"])
  }

  func testAFoldCutShortAtAnyStepLeavesACopyThatOpens() throws {
    let store = try filled([person("a", "ada"), person("b", "grace")])
    try store.apply([.person(person("c", "alan")), .deleted("a"), .cookie([2])])
    let expected = ["grace", "alan"]
    func contents(_ names: [String]) throws -> [String: Data] {
      Dictionary(
        uniqueKeysWithValues: try names.map {
          ($0, try Data(contentsOf: folder.appendingPathComponent($0)))
        })
    }
    let before = try contents(files())
    // The history of the changes stays beside every generation.
    XCTAssertEqual(
      before.keys.sorted(), ["changes-1", "history", "order-1", "people-1", "state-1"])
    try store.fold()
    store.close()
    var after = try contents(files())
    XCTAssertEqual(
      after.keys.sorted(), ["changes-2", "history", "order-2", "people-2", "state-2"])
    // The fold writes the state to a temporary file, then renames it.
    after[".state-2"] = after["state-2"]
    let image = try XCTUnwrap(after["people-2"])
    let order = try XCTUnwrap(after["order-2"])
    let written = ["people-2": image, "order-2": order]
    // Each step of a fold, as a SIGKILL would leave the folder after it.
    let steps: [(String, [String: Data], generation: Int)] = [
      ("the image half written", ["people-2": image.prefix(image.count / 2)], 1),
      ("the image written", ["people-2": image], 1),
      ("the order half written", ["people-2": image, "order-2": order.prefix(order.count / 2)], 1),
      ("the new log made", written.merging(["changes-2": after["changes-2"]!]) { $1 }, 1),
      (
        "the state written, not renamed",
        written.merging(["changes-2": after["changes-2"]!, ".state-2": after[".state-2"]!]) {
          $1
        }, 1
      ),
      (
        "renamed, the old generation not removed",
        written.merging(["changes-2": after["changes-2"]!, "state-2": after["state-2"]!]) { $1 },
        2
      ),
    ]
    for (step, written, generation) in steps {
      try FileManager.default.removeItem(at: folder)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, bytes) in before.merging(written, uniquingKeysWith: { $1 }) {
        try bytes.write(to: folder.appendingPathComponent(name))
      }
      let reopened = try opened()
      XCTAssertEqual(reopened.generation, generation, step)
      XCTAssertEqual(usernames(reopened), expected, step)
      XCTAssertEqual(reopened.cookie, [2], step)
      XCTAssertEqual(
        files(),
        [
          "changes-\(generation)", "history", "order-\(generation)", "people-\(generation)",
          "state-\(generation)",
        ], step)
      reopened.close()
      // The people as of the fold know their order (a catch-up's table
      // is placed by the list instead).
      XCTAssertTrue(try ReplicaStore(folder: folder).showsKeptOrder, step)
    }
  }

  /// The people by username, sorted when the copy was written, open with
  /// it: a sort by username then reads them rather than sorting.
  func testTheCopysOrderByUsernameIsKeptAndReadWithIt() throws {
    let people = (0..<300).map { person("id-\($0)", "user\((7_919 * $0) % 300)") }
    _ = try filled(people)
    let store = try opened()
    let table = store.table
    XCTAssertTrue(store.showsKeptOrder)
    let kept = try XCTUnwrap(table.sortedPositions(by: ReplicaOrderFile.order))
    XCTAssertEqual(kept.map { table.username(at: $0) }, usernames(store).sorted())
    // The same as a table sorted anew.
    let fresh = try XCTUnwrap(UserTable(table.users).sortedPositions(by: ReplicaOrderFile.order))
    XCTAssertEqual(kept, fresh)
  }

  func testACopyWithoutItsOrderGetsItBack() throws {
    _ = try filled([person("a", "ada"), person("b", "grace"), person("c", "alan")])
    let path = folder.appendingPathComponent("order-1").path
    XCTAssertEqual(unlink(path), 0)
    let store = try ReplicaStore(folder: folder)
    XCTAssertFalse(store.showsKeptOrder)
    try store.keepOrder()
    XCTAssertTrue(store.showsKeptOrder)
    XCTAssertEqual(files(), ["changes-1", "order-1", "people-1", "state-1"], "no file left over")
    store.close()
    XCTAssertTrue(try ReplicaStore(folder: folder).showsKeptOrder, "read at the next opening")
  }

  func testAnOrderFileThatIsNotWholeOrNotTheCopysIsLeftAside() throws {
    _ = try filled([person("a", "ada"), person("b", "grace"), person("c", "alan")])
    let path = folder.appendingPathComponent("order-1")
    let whole = try Data(contentsOf: path)
    var twice = whole
    // The second position written as the first again: two rows of one person.
    let first = whole.count - 8 - 3 * 4
    twice.replaceSubrange((first + 4)..<(first + 8), with: whole[first..<(first + 4)])
    var otherLocale = whole
    otherLocale[16] = UInt8(ascii: "X")
    for (damage, bytes) in [
      ("cut short", whole.prefix(whole.count - 1)), ("a person twice", twice),
      ("another collation", otherLocale), ("empty", Data()),
    ] {
      try bytes.write(to: path)
      let store = try opened()
      XCTAssertFalse(store.showsKeptOrder, damage)
      XCTAssertEqual(Set(usernames(store)), ["ada", "grace", "alan"], damage)
      let sorted = try XCTUnwrap(store.table.sortedPositions(by: ReplicaOrderFile.order))
      XCTAssertEqual(sorted.map { store.table.username(at: $0) }, ["ada", "alan", "grace"], damage)
    }
  }

  func testTheCopyIsPrivateAndForgettable() throws {
    _ = try filled([person("a", "ada")])
    let folderMode = try XCTUnwrap(
      FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int)
    XCTAssertEqual(folderMode, 0o700)
    for name in files() {
      let mode = try XCTUnwrap(
        FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[
          .posixPermissions] as? Int)
      XCTAssertEqual(mode, 0o600, name)
    }
    try ReplicaStore.forget(folder: folder)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path))
    XCTAssertFalse(try ReplicaStore(folder: folder).isComplete)
  }
}
