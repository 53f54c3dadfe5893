/// Which tasks exist and who waits for each: one task per ``ImageRequest``, joined by every
/// subscriber that asks for the same request while it is in flight (coalescing).
///
/// A task's priority is the highest of its subscribers'; ``ImageTask/priority`` follows them
/// and the caller repositions the task in whichever queue it waits in.
///
/// Threading: a value owned by ``PipelineCoordinator`` and used only under its lock.
struct TaskRegistry {
  private var tasks: [ImageRequest: ImageTask] = [:]

  /// Tasks loading, waiting or decoding.
  var count: Int { tasks.count }

  var all: Dictionary<ImageRequest, ImageTask>.Values { tasks.values }

  func task(for request: ImageRequest) -> ImageTask? { tasks[request] }

  /// A new task for `request` with its first subscriber.
  mutating func add(_ request: ImageRequest, _ id: UInt64, _ subscriber: ImageTask.Subscriber)
    -> ImageTask
  {
    let task = ImageTask(request: request)
    task.subscribers[id] = subscriber
    task.priority = subscriber.priority
    tasks[request] = task
    return task
  }

  /// Adds a subscriber to the task in flight; true when its priority changed.
  func join(_ task: ImageTask, _ id: UInt64, _ subscriber: ImageTask.Subscriber) -> Bool {
    task.subscribers[id] = subscriber
    return Self.updatePriority(of: task)
  }

  /// Changes one subscriber's priority; true when the task's priority changed.
  func setPriority(_ priority: ImagePriority, of id: UInt64, in task: ImageTask) -> Bool {
    guard task.subscribers[id] != nil else { return false }
    task.subscribers[id]?.priority = priority
    return Self.updatePriority(of: task)
  }

  /// Forgets the task, if it is still the one registered for its request, and hands back who
  /// was waiting for it.
  mutating func remove(_ task: ImageTask) -> [ImageDelivery] {
    if tasks[task.request] === task { tasks[task.request] = nil }
    let deliveries = task.subscribers.values.compactMap(\.deliver)
    task.subscribers.removeAll()
    return deliveries
  }

  /// Recomputes the task's priority from its subscribers; true when it changed.
  static func updatePriority(of task: ImageTask) -> Bool {
    let priority = task.highestSubscriberPriority
    guard priority != task.priority else { return false }
    task.priority = priority
    return true
  }
}
