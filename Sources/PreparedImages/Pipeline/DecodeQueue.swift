/// Loaded bytes (or files to read) waiting for a ``DecodeWorker``, highest priority first, and
/// the hand-off of a job to the worker that asks.
///
/// The bytes leave the task when a worker takes the job, so a cancelled or finished task holds
/// none.
///
/// Threading: a value owned by ``PipelineCoordinator`` and used only under its lock (which also
/// parks the idle workers).
struct DecodeQueue {
  /// One decode handed to a worker, with its bytes or the read that gets them.
  struct Job: Sendable {
    let task: ImageTask
    let bytes: Bytes
    /// The task's priority when the worker took it.
    let priority: ImagePriority

    enum Bytes: Sendable {
      case loaded(LoadedBytes)
      case read(ImmediateRead)
    }
  }

  /// Even stamps; the load queue's are odd (``PendingQueue``).
  private var waiting = PendingQueue(firstStamp: 2)

  /// Whether no job waits.
  var isEmpty: Bool { waiting.count == 0 }

  /// Jobs waiting.
  var count: Int { waiting.count }

  mutating func push(_ task: ImageTask, _ loaded: LoadedBytes) {
    task.loaded = .loaded(loaded)
    task.stage = .waitingForDecode
    waiting.push(task)
  }

  /// A task whose bytes the worker reads itself, just before it decodes them.
  mutating func push(_ task: ImageTask, reading read: @escaping ImmediateRead) {
    task.loaded = .read(read)
    task.stage = .waitingForDecode
    waiting.push(task)
  }

  /// The most urgent job, its task marked decoding; nil when nothing waits.
  mutating func popJob() -> Job? {
    guard let task = waiting.popFirst(), let bytes = task.loaded else { return nil }
    task.stage = .decoding
    task.loaded = nil
    return Job(task: task, bytes: bytes, priority: task.priority)
  }

  /// The priority of the job ``popJob()`` would hand out; nil when none waits.
  mutating func mostUrgentPriority() -> ImagePriority? {
    waiting.firstPriority()
  }

  mutating func reposition(_ task: ImageTask) {
    waiting.reposition(task)
  }

  mutating func remove(_ task: ImageTask) {
    waiting.remove(task)
  }
}
