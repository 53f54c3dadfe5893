/// The work for one ``ImageRequest``, shared by all of its subscribers: one load, one decode.
///
/// Threading: owned by ``PipelineCoordinator``; every property is read and written only under
/// the coordinator's lock. It is `@unchecked Sendable` only so that load and decode callbacks
/// can carry it back to the coordinator.
final class ImageTask: @unchecked Sendable {
  enum Stage {
    case waitingForLoad
    case loading
    case waitingForDecode
    case decoding
    case finished
    case cancelled
  }

  struct Subscriber {
    var priority: ImagePriority
    /// nil for a prefetch that only fills the cache.
    let deliver: ImageDelivery?
  }

  let request: ImageRequest
  var stage = Stage.waitingForLoad {
    didSet { stageSince = .now }
  }
  /// When the task entered its stage: a report of what is stuck says for how long.
  private(set) var stageSince = ContinuousClock.now
  var subscribers: [UInt64: Subscriber] = [:]
  /// The highest subscriber priority; orders the pending queues.
  var priority = ImagePriority.prefetch
  /// Identifies the task's live entry in a ``PendingQueue``; 0 when not queued.
  var queueStamp: UInt64 = 0
  /// Cancels the load in progress (its Swift task).
  var cancelLoad: (@Sendable () -> Void)?
  /// Loaded bytes, or the read that gets them, waiting for a decode worker.
  var loaded: DecodeQueue.Job.Bytes?

  init(request: ImageRequest) {
    self.request = request
  }

  var highestSubscriberPriority: ImagePriority {
    subscribers.values.map(\.priority).max() ?? .prefetch
  }
}
