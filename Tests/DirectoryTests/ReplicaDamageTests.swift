import Foundation
import XCTest

@testable import Directory

/// A damaged offline copy (a flipped bit, a file cut or overwritten, huge
/// numbers where counts belong) is never a crash at every start: its
/// people and their order are checked when the copy opens, and a copy
/// that fails is no copy, filled again from the server.
final class ReplicaDamageTests: XCTestCase {
  private var copy: ReplicaTestCopy!
  private let people = (0..<40).map { ReplicaTestCopy.person("id-\($0)", "user\(($0 * 17) % 40)") }

  override func setUp() {
    super.setUp()
    copy = ReplicaTestCopy()
  }

  override func tearDown() {
    copy.remove()
    super.tearDown()
  }

  private func path(_ name: String) -> URL { copy.folder.appendingPathComponent(name) }

  /// `file` of a fresh copy changed by `damage`, then the copy opened.
  private func opened(damaging file: String, _ damage: (inout Data) -> Void) throws
    -> ReplicaStore
  {
    try copy.filled(people).close()
    var bytes = try Data(contentsOf: path(file))
    damage(&bytes)
    try bytes.write(to: path(file))
    let store = try ReplicaStore(folder: copy.folder)
    store.catchUp()
    return store
  }

  /// Every row of `store` read as a window shows it.
  private func readEveryRow(_ store: ReplicaStore) {
    let table = store.table
    for index in 0..<table.userCount {
      _ = table.user(at: index)
      _ = table.managerIndex(at: index)
    }
    _ = table.sortedPositions(by: ReplicaStore.keptOrder)
  }

  /// The copy is gone (but for its lock) and a full refresh fills it again.
  private func assertNoCopyThenFilledAgain(
    _ store: ReplicaStore, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertFalse(store.isComplete, file: file, line: line)
    XCTAssertNil(store.cookie, file: file, line: line)
    XCTAssertEqual(copy.files(), [], "the damaged copy's files went", file: file, line: line)
    store.close()
    let again = try copy.filled(people, cookie: [5])
    XCTAssertEqual(again.table.userCount, people.count, file: file, line: line)
    again.close()
    XCTAssertEqual(try ReplicaStore(folder: copy.folder).cookie, [5], file: file, line: line)
  }

  func testAPeopleImageWithAHugeCountIsNoCopyNotACrash() throws {
    let store = try opened(damaging: "people-1") { bytes in
      bytes.replaceSubrange(8..<16, with: [UInt8](repeating: 0xFF, count: 8))
    }
    try assertNoCopyThenFilledAgain(store)
  }

  func testAFlippedByteInThePeopleIsNoticedAndTheCopyFilledAgain() throws {
    let store = try opened(damaging: "people-1") { bytes in
      // In the people's own text: "user…" read as "vser…".
      let at = try! XCTUnwrap(bytes.firstRange(of: Data("user1".utf8))).lowerBound
      bytes[at] ^= 0x03
    }
    try assertNoCopyThenFilledAgain(store)
  }

  func testAnOrderFileWithAHugeLengthIsLeftAsideNotACrash() throws {
    let store = try opened(damaging: "order-1") { bytes in
      bytes.replaceSubrange(8..<16, with: [UInt8](repeating: 0xFF, count: 8))
    }
    XCTAssertTrue(store.isComplete)
    XCTAssertFalse(store.showsKeptOrder)
    readEveryRow(store)
  }

  func testAnOrderFileWithTwoPeopleSwappedIsLeftAside() throws {
    let store = try opened(damaging: "order-1") { bytes in
      // The first two positions swapped: still everyone once, but not in
      // the order written.
      let locale = SortRankCache.currentLocale.utf8.count
      let first = 24 + (locale + 7) / 8 * 8
      let a = bytes[first..<(first + 4)]
      let b = bytes[(first + 4)..<(first + 8)]
      bytes.replaceSubrange(first..<(first + 8), with: b + a)
    }
    XCTAssertTrue(store.isComplete)
    XCTAssertFalse(store.showsKeptOrder)
    let sorted = try XCTUnwrap(store.table.sortedPositions(by: ReplicaStore.keptOrder))
    let names = sorted.map { store.table.username(at: $0) }
    XCTAssertEqual(names, names.sorted())
  }
}
