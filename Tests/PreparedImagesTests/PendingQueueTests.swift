import XCTest

@testable import PreparedImages

final class PendingQueueTests: XCTestCase {
  private func task(_ name: String, _ priority: ImagePriority) -> ImageTask {
    let task = ImageTask(request: ImageRequest(source: .file("/\(name)"), pixelSize: 1))
    task.priority = priority
    return task
  }

  private func drain(_ queue: inout PendingQueue) -> [String] {
    var names: [String] = []
    while let task = queue.popFirst() {
      if case .file(let path) = task.request.source { names.append(String(path.dropFirst())) }
    }
    return names
  }

  func testHigherPrioritiesComeFirstAndEqualOnesInArrivalOrder() {
    var queue = PendingQueue()
    for (name, priority) in [
      ("p1", ImagePriority.prefetch), ("b1", .bound), ("v1", .visible), ("b2", .bound),
      ("p2", .prefetch), ("o1", .opened), ("v2", .visible),
    ] {
      queue.push(task(name, priority))
    }
    XCTAssertEqual(queue.count, 7)
    XCTAssertEqual(drain(&queue), ["o1", "v1", "v2", "b1", "b2", "p1", "p2"])
    XCTAssertEqual(queue.count, 0)
  }

  func testAPendingTaskCanBeRaisedLoweredOrRemoved() {
    var queue = PendingQueue()
    let a = task("a", .bound)
    let b = task("b", .bound)
    let c = task("c", .bound)
    for task in [a, b, c] { queue.push(task) }
    c.priority = .visible
    queue.reposition(c)
    a.priority = .prefetch
    queue.reposition(a)
    queue.remove(b)
    XCTAssertEqual(queue.count, 2)
    XCTAssertEqual(drain(&queue), ["c", "a"])
  }

  func testManyRepositionsDoNotGrowTheQueue() {
    var queue = PendingQueue()
    let tasks = (0..<10).map { task("\($0)", .bound) }
    for task in tasks { queue.push(task) }
    for round in 0..<1000 {
      let task = tasks[round % 10]
      task.priority = round % 2 == 0 ? .visible : .bound
      queue.reposition(task)
    }
    XCTAssertEqual(queue.count, 10)
    XCTAssertEqual(Set(drain(&queue)), Set((0..<10).map(String.init)))
  }

  /// A task raised while it waits for a load leaves a stale entry in the load queue, then
  /// moves on to the decode queue. That entry must never match the stamp the decode queue
  /// gives the task: the load queue would hand the task out again, and the decode queue would
  /// go on counting a task it no longer holds, so a decode worker looking for it spun forever
  /// under the pipeline's lock (and the main thread, starting a frame, waited on that lock).
  func testAnEntryTheLoadQueueLeftBehindNeverTakesATaskTheDecodeQueueHolds() {
    var loads = LoadScheduler(slots: 2)
    var decodes = DecodeQueue()
    let moved = task("moved", .prefetch)
    loads.enqueue(moved)
    moved.priority = .visible
    loads.reposition(moved)  // its first entry, in the prefetch lane, is stale now
    XCTAssertTrue(loads.grantSlot() === moved)
    decodes.push(moved, LoadedBytes([1, 2, 3]))

    XCTAssertNil(loads.grantSlot(), "the stale entry handed out a task waiting for its decode")
    XCTAssertFalse(decodes.isEmpty)
    XCTAssertTrue(decodes.popJob()?.task === moved)
    XCTAssertTrue(decodes.isEmpty)
  }
}
