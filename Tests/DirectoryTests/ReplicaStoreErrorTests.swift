import Foundation
import TestSupport
import XCTest

@testable import Directory

/// An offline copy that cannot be read for an ordinary reason (a file in
/// the way, no file descriptor left, a cookie too large to keep) is not
/// taken for "no copy": the open stops with its reason and every file
/// stays, so the next start browses it again.
final class ReplicaStoreErrorTests: XCTestCase {
  private var copy: ReplicaTestCopy!

  override func setUp() {
    super.setUp()
    copy = ReplicaTestCopy()
  }

  override func tearDown() {
    copy.remove()
    super.tearDown()
  }

  private let people = [
    ReplicaTestCopy.person("a", "ada"), ReplicaTestCopy.person("b", "grace"),
  ]

  func testACookieThatCannotBeReadStopsTheOpenAndEveryFileStays() throws {
    try copy.filled(people).close()
    let before = try copy.contents()
    XCTAssertEqual(before.keys.sorted(), ["changes-1", "order-1", "people-1", "state-1"])
    let state = copy.folder.appendingPathComponent("state-1").path
    let saved = copy.outside.appendingPathComponent("state-1.saved").path
    XCTAssertEqual(rename(state, saved), 0)
    // Tests run as root, where a mode of 000 reads anyway: a directory in
    // the cookie's place (EISDIR), then a link (ELOOP: never followed).
    XCTAssertEqual(mkdir(state, 0o700), 0)
    XCTAssertThrowsError(try ReplicaStore(folder: copy.folder)) { error in
      XCTAssertTrue("\(error)".contains("state-1"), "\(error)")
    }
    XCTAssertEqual(copy.files(), before.keys.sorted(), "nothing deleted")
    XCTAssertEqual(rmdir(state), 0)
    XCTAssertEqual(symlink(saved, state), 0)
    XCTAssertThrowsError(try ReplicaStore(folder: copy.folder)) { error in
      XCTAssertTrue("\(error)".contains("state-1"), "\(error)")
    }
    XCTAssertEqual(copy.files(), before.keys.sorted(), "nothing deleted")
    XCTAssertEqual(unlink(state), 0)
    XCTAssertEqual(rename(saved, state), 0)
    XCTAssertEqual(try copy.contents(), before, "every file as it was")
    let again = try ReplicaStore(folder: copy.folder)
    XCTAssertEqual(again.generation, 1)
    XCTAssertEqual(again.cookie, [1])
    XCTAssertEqual(Set(ReplicaTestCopy.usernames(again)), ["ada", "grace"])
  }

  /// In a process of its own: the open-file limit is lowered there.
  func testACopyOpenedWithNoFileDescriptorLeftIsRefusedAndKept() throws {
    guard
      let report = try FreshTestProcess.output(
        of:
          "DirectoryTests.ReplicaStoreErrorTests/testACopyOpenedWithNoFileDescriptorLeftIsRefusedAndKept",
        variable: "ROSTER_REPLICA_NO_DESCRIPTORS", check: Self.openWithoutDescriptors)
    else { return }
    XCTAssertTrue(report.contains("refused:"), report)
    XCTAssertTrue(report.contains("Too many open files"), report)
    XCTAssertTrue(report.contains("files=changes-1,order-1,people-1,state-1"), report)
  }

  /// Fills a copy, then opens it with no file descriptor free.
  private static func openWithoutDescriptors() throws -> String {
    let copy = ReplicaTestCopy()
    let folder = copy.folder
    defer { copy.remove() }
    try copy.filled([ReplicaTestCopy.person("a", "ada")]).close()
    var saved = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &saved)
    // The lowest descriptor free: the next open would take it.
    let free = dup(0)
    close(free)
    var limit = saved
    limit.rlim_cur = rlim_t(free)
    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    let outcome: String
    do {
      let store = try ReplicaStore(folder: folder)
      outcome = "opened: complete=\(store.isComplete ? 1 : 0)"
    } catch {
      outcome = "refused: \(error)"
    }
    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &saved)
    return outcome + "\nfiles=" + copy.files().joined(separator: ",")
  }

  func testAServerCookieOverTheReadersLimitIsRefusedAndTheCopyStaysAsItWas() throws {
    let store = try copy.filled(people)
    let before = try copy.contents()
    let huge = [UInt8](repeating: 7, count: (1 << 20) + 1)
    XCTAssertThrowsError(
      try store.apply([.person(ReplicaTestCopy.person("c", "alan")), .cookie(huge)])
    ) { error in
      XCTAssertTrue("\(error)".contains("more than"), "\(error)")
    }
    XCTAssertEqual(try copy.contents(), before, "nothing written")
    try store.beginFullRefresh()
    try store.refreshed(.person(ReplicaTestCopy.person("c", "alan")))
    XCTAssertThrowsError(try store.finishFullRefresh(cookie: huge)) { error in
      XCTAssertTrue("\(error)".contains("more than"), "\(error)")
    }
    store.close()
    let again = try ReplicaStore(folder: copy.folder)
    XCTAssertEqual(try copy.contents(), before, "the copy as it was (the refresh's part gone)")
    XCTAssertEqual(again.generation, 1)
    XCTAssertEqual(again.cookie, [1])
    XCTAssertEqual(Set(ReplicaTestCopy.usernames(again)), ["ada", "grace"])
    // The largest cookie the reader takes is kept and read back.
    let largest = [UInt8](repeating: 9, count: ReplicaRecord.maxCookieBytes)
    try again.apply([.cookie(largest)])
    again.close()
    XCTAssertEqual(try ReplicaStore(folder: copy.folder).cookie, largest)
  }
}
