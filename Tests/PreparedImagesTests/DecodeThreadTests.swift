import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

/// The decode worker runs in Linux's idle scheduling class, found by its
/// kernel name in /proc like any tool would; the same reading of the test's
/// own thread shows the normal class, so the check tells the two apart.
/// What the user opened is decoded in the normal class, and the worker goes
/// back to the idle one for the next row.
final class DecodeThreadTests: XCTestCase {
  /// The scheduling policy of each thread of this process called `name`, by thread id.
  private static func threads(named name: String) -> [Int32: Int32] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    var policies: [Int32: Int32] = [:]
    for task in tasks {
      guard let tid = Int32(task),
        let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
        comm.trimmingCharacters(in: .newlines) == name
      else { continue }
      policies[tid] = sched_getscheduler(tid)
    }
    return policies
  }

  @MainActor
  func testTheDecodeThreadRunsInTheIdleClass() async throws {
    #if !os(Linux)
      throw XCTSkip("scheduling classes are Linux's")
    #endif
    let ownPolicy = sched_getscheduler(0)
    XCTAssertEqual(ownPolicy, 0, "the test's own thread is SCHED_OTHER")
    XCTAssertNotEqual(ownPolicy, DecodeWorker.idlePolicy)

    // By thread id, not by count: a worker of an earlier test's pipeline may still be on its
    // way out, and its exit must not hide the new one. The worker is named before it moves
    // itself to the idle class, so the wait goes on until it has moved (or the deadline).
    let before = Set(Self.threads(named: DecodeWorker.threadName).keys)
    let pipeline = ImagePipeline(configuration: .testingIdleClass())
    let deadline = ContinuousClock.now + .seconds(5)
    var found: [Int32: Int32] = [:]
    while ContinuousClock.now < deadline {
      found = Self.threads(named: DecodeWorker.threadName).filter { !before.contains($0.key) }
      if !found.isEmpty, found.values.allSatisfy({ $0 == DecodeWorker.idlePolicy }) { break }
      try await Task.sleep(for: .milliseconds(5))
    }
    XCTAssertFalse(found.isEmpty, "no new thread named \(DecodeWorker.threadName)")
    XCTAssertEqual(Set(found.values), [DecodeWorker.idlePolicy])
    await pipeline.shutdown()
  }

  @MainActor
  func testWhatTheUserOpenedIsDecodedInTheNormalClassAndRowsInTheIdleOne() async throws {
    #if !os(Linux)
      throw XCTSkip("scheduling classes are Linux's")
    #endif
    XCTAssertEqual(DecodeWorker.policy(for: .opened), DecodeWorker.normalPolicy)
    for priority in [ImagePriority.visible, .bound, .prefetch] {
      XCTAssertEqual(DecodeWorker.policy(for: priority), DecodeWorker.idlePolicy)
    }
    let folder = TemporaryDirectory()
    let request = { (name: String, size: Int) in
      ImageRequest(
        source: .file(folder.write(name, TestImages.solid(.init(red: 1, green: 0, blue: 0)))),
        pixelSize: size)
    }
    // This pipeline's worker only: an earlier test's may still be on its way out.
    let before = Set(Self.threads(named: DecodeWorker.threadName).keys)
    let ownPolicies = {
      Set(Self.threads(named: DecodeWorker.threadName).filter { !before.contains($0.key) }.values)
    }
    let pipeline = ImagePipeline(configuration: .testingIdleClass())
    _ = try await pipeline.image(for: request("row.png", 32), priority: .visible)
    XCTAssertEqual(pipeline.statistics().decodesInNormalClass, 0)
    _ = try await pipeline.image(for: request("opened.png", 128), priority: .opened)
    XCTAssertEqual(pipeline.statistics().decodesInNormalClass, 1)
    // Back in the idle class before the image is delivered, whatever comes next.
    XCTAssertEqual(ownPolicies(), [DecodeWorker.idlePolicy])
    _ = try await pipeline.image(for: request("next-row.png", 32), priority: .visible)
    XCTAssertEqual(pipeline.statistics().decodesInNormalClass, 1)
    XCTAssertEqual(ownPolicies(), [DecodeWorker.idlePolicy])
    await pipeline.shutdown()
  }
}
