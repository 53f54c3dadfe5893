import DequeModule

/// Tasks waiting for a load slot or a decode worker: highest priority first, first come first
/// served within a priority.
///
/// Moving or removing a task is O(1): its `queueStamp` changes, and entries whose stamp no
/// longer matches are skipped when popped (and compacted away when they pile up).
///
/// A task passes through two queues (``LoadScheduler``'s, then ``DecodeQueue``'s) and may
/// leave stale entries in the first: the two hand out stamps from disjoint series (odd and
/// even), so a stale entry in one never matches the stamp the other gave the task.
///
/// Threading: a value inside ``LoadScheduler`` or ``DecodeQueue``, used only under
/// ``PipelineCoordinator``'s lock. A task is in at most one queue at a time.
struct PendingQueue {
  private typealias Entry = (stamp: UInt64, task: ImageTask)
  private var lanes = [Deque<Entry>](repeating: [], count: ImagePriority.allCases.count)
  /// The stamp the next push gives; every other number from the first.
  private var nextStamp: UInt64
  private var entryCount = 0
  /// Tasks queued (stale entries not counted).
  private(set) var count = 0

  /// A queue whose stamps are `firstStamp`, `firstStamp + 2`, ... (1: odd, 2: even; never 0,
  /// which means "not queued").
  init(firstStamp: UInt64 = 1) {
    precondition(firstStamp > 0, "stamp 0 means not queued")
    nextStamp = firstStamp
  }

  mutating func push(_ task: ImageTask) {
    let stamp = nextStamp
    nextStamp += 2
    task.queueStamp = stamp
    lanes[task.priority.rawValue].append((stamp, task))
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
      lanes[lane] = Deque(lanes[lane].filter { $0.task.queueStamp == $0.stamp })
    }
    entryCount = lanes.reduce(0) { $0 + $1.count }
  }
}
