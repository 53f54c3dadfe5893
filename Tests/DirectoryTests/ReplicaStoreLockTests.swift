import Foundation
import TestSupport
import XCTest

@testable import Directory

/// Two Roster processes on one offline copy: the first holds it for as
/// long as it is open, and the second is told the copy is in use instead
/// of opening it beside the first (where each deleted the other's files,
/// and a file cut short under the other's mapping ended it with SIGBUS).
final class ReplicaStoreLockTests: XCTestCase {
  private var copy: ReplicaTestCopy!
  private static let test =
    "DirectoryTests.ReplicaStoreLockTests/testASecondProcessIsToldTheCopyIsInUseAndTheFirstGoesOn"
  private static let variable = "ROSTER_REPLICA_SECOND_PROCESS"

  override func setUp() {
    super.setUp()
    copy = ReplicaTestCopy()
  }

  override func tearDown() {
    copy.remove()
    super.tearDown()
  }

  func testASecondProcessIsToldTheCopyIsInUseAndTheFirstGoesOn() throws {
    if ProcessInfo.processInfo.environment[Self.variable] != nil {
      // The second process: opens the copy the first named.
      let folder = try XCTUnwrap(ProcessInfo.processInfo.environment["ROSTER_REPLICA_FOLDER"])
      do {
        let store = try ReplicaStore(folder: URL(fileURLWithPath: folder))
        store.catchUp()
        print("opened: generation=\(store.generation) people=\(store.table.userCount)")
      } catch {
        print("refused: \(error)")
      }
      return
    }
    func second() throws -> String {
      try FreshTestProcess.run(
        Self.test,
        environment: [Self.variable: "1", "ROSTER_REPLICA_FOLDER": copy.folder.path])
    }
    let first = try copy.filled([
      ReplicaTestCopy.person("a", "ada"), ReplicaTestCopy.person("b", "grace"),
    ])
    // The first is in the middle of a full refresh, its next generation
    // half written, when the second starts.
    try first.beginFullRefresh()
    for (id, name) in [("a", "ada"), ("b", "grace"), ("c", "katherine")] {
      try first.refreshed(.person(ReplicaTestCopy.person(id, name)))
    }
    let report = try second()
    XCTAssertTrue(report.contains("refused:"), report)
    XCTAssertTrue(report.contains("in use by another Roster"), report)
    // The first goes on as if alone.
    try first.finishFullRefresh(cookie: [2])
    XCTAssertEqual(Set(ReplicaTestCopy.usernames(first)), ["ada", "grace", "katherine"])
    try first.apply([.person(ReplicaTestCopy.person("d", "alan")), .cookie([3])])
    try first.fold()
    XCTAssertEqual(first.generation, 3)
    XCTAssertEqual(Set(ReplicaTestCopy.usernames(first)), ["ada", "grace", "katherine", "alan"])
    // Closed, the copy is the next process's.
    first.close()
    let later = try second()
    XCTAssertTrue(later.contains("opened: generation=3 people=4"), later)
  }

  func testASecondOpenInTheSameProcessIsToldTooUntilTheFirstCloses() throws {
    let first = try copy.filled([ReplicaTestCopy.person("a", "ada")])
    XCTAssertThrowsError(try ReplicaStore(folder: copy.folder)) { error in
      XCTAssertTrue("\(error)".contains("in use by another Roster"), "\(error)")
    }
    XCTAssertEqual(ReplicaTestCopy.usernames(first), ["ada"])
    first.close()
    XCTAssertEqual(ReplicaTestCopy.usernames(try ReplicaStore(folder: copy.folder)), ["ada"])
  }
}
