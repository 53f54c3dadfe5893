/// Load slots and the order in which waiting loads get one: at most `slots` loads run at once,
/// and a freed slot goes to the waiting task of highest priority (first come first served
/// within a priority).
///
/// It only keeps the books; ``PipelineCoordinator`` starts the load a slot was granted for.
///
/// Threading: a value owned by ``PipelineCoordinator`` and used only under its lock.
struct LoadScheduler {
  private let slots: Int
  /// Odd stamps; the decode queue's are even (``PendingQueue``).
  private var waiting = PendingQueue(firstStamp: 1)
  private(set) var running = 0

  /// Tasks waiting for a slot.
  var waitingCount: Int { waiting.count }

  init(slots: Int) {
    self.slots = max(1, slots)
  }

  mutating func enqueue(_ task: ImageTask) {
    task.stage = .waitingForLoad
    waiting.push(task)
  }

  /// The next task to load if a slot is free; the slot is taken and the task marked loading.
  mutating func grantSlot() -> ImageTask? {
    guard running < slots, let task = waiting.popFirst() else { return nil }
    running += 1
    task.stage = .loading
    return task
  }

  /// A running load finished or was cancelled: its slot is free again.
  mutating func releaseSlot() {
    running -= 1
  }

  /// The task's priority changed while it waits.
  mutating func reposition(_ task: ImageTask) {
    waiting.reposition(task)
  }

  /// Takes a waiting task out of line.
  mutating func remove(_ task: ImageTask) {
    waiting.remove(task)
  }
}
