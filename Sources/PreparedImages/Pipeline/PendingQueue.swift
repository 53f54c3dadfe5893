import NIOCore

/// Tasks waiting for a load slot or a decode worker: highest priority first, first come first
/// served within a priority.
///
/// Moving or removing a task is O(1): its `queueStamp` changes, and entries whose stamp no
/// longer matches are skipped when popped (and compacted away when they pile up).
///
/// Threading: a value inside ``LoadScheduler`` or ``DecodeQueue``, used only under
/// ``PipelineCoordinator``'s lock. A task is in at most one queue at a time.
struct PendingQueue {
  private typealias Entry = (stamp: UInt64, task: ImageTask)
  private var lanes = [CircularBuffer<Entry>](repeating: [], count: 3)
  private var nextStamp: UInt64 = 0
  private var entryCount = 0
  /// Tasks queued (stale entries not counted).
  private(set) var count = 0

  mutating func push(_ task: ImageTask) {
    nextStamp += 1
    task.queueStamp = nextStamp
    lanes[task.priority.rawValue].append((nextStamp, task))
    count += 1
    entryCount += 1
    if entryCount > 64 + 4 * count { compact() }
  }

  mutating func remove(_ task: ImageTask) {
    guard task.queueStamp != 0 else { return }
    task.queueStamp = 0
    count -= 1
  }

  /// Moves a queued task to the lane of its current priority, at the back.
  mutating func reposition(_ task: ImageTask) {
    guard task.queueStamp != 0 else { return }
    remove(task)
    push(task)
  }

  mutating func popFirst() -> ImageTask? {
    for lane in lanes.indices.reversed() {
      while let entry = lanes[lane].popFirst() {
        entryCount -= 1
        if entry.task.queueStamp == entry.stamp {
          entry.task.queueStamp = 0
          count -= 1
          return entry.task
        }
      }
    }
    return nil
  }

  /// The priority of the task ``popFirst()`` would return; nil when none waits. Drops the
  /// stale entries it passes.
  mutating func firstPriority() -> ImagePriority? {
    for lane in lanes.indices.reversed() {
      while let entry = lanes[lane].first {
        if entry.task.queueStamp == entry.stamp { return ImagePriority(rawValue: lane) }
        lanes[lane].removeFirst()
        entryCount -= 1
      }
    }
    return nil
  }

  private mutating func compact() {
    for lane in lanes.indices {
      lanes[lane] = CircularBuffer(lanes[lane].filter { $0.task.queueStamp == $0.stamp })
    }
    entryCount = lanes.reduce(0) { $0 + $1.count }
  }
}
