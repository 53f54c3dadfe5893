import FoundationEssentials
import SharedSupport

/// The pipeline's bookkeeping, in one place: which tasks exist, who waits for them, what runs
/// and what waits. Nobody else mutates it; loads and decodes run elsewhere and report back.
///
/// Lookup order for a request:
/// 1. Memory cache. The slot asks synchronously in bind; ``subscribe(_:priority:deliver:)``
///    asks again under the lock, so work that finished a moment ago is not repeated. An image
///    from http whose freshness ran out counts as a miss here (the slot shows it meanwhile):
///    the load revalidates it, and a 304 delivers the same image without a decode.
/// 2. Join the task in flight for the same request (same source and pixel size): coalescing,
///    in the ``TaskRegistry``.
/// 3. Disk cache (http only), once the ``LoadScheduler`` grants the task a load slot: used
///    while fresh, else revalidated with a conditional request (``SourceLoader``).
/// 4. New load: the ``ImageLoading`` chain downloads or calls the app's ``ProvidedImage``
///    closure (wrapped in ``SimulatedLatencyLoader`` when configured). A local file skips
///    steps 3 and 4: it goes straight to the decode queue, and the decode thread reads it
///    (``ImageLoading/immediateRead(of:)``), so its load wakes no other thread.
/// 5. Decode on a ``DecodeWorker`` thread, taken from the ``DecodeQueue``; when the app reports
///    its frames, only in the gap between two (``FramePacing``).
/// 6. Memory cache (and downloaded bytes to disk); ``Delivery`` on the main thread (through the
///    ``DeliveryGate``, where a test may hold results to force a late one).
///
/// Waiting loads and decodes are ordered by the highest priority of their subscribers, which
/// follows the subscribers while they wait. When the last subscriber leaves, the task is
/// cancelled wherever it is: taken out of line, or its load task cancelled (which reaches a
/// download, a simulated delay or a provided image's closure); only a decode already running is
/// left to finish into the memory cache.
///
/// Threading: `Sendable`. All state is guarded by `condition` (its lock also parks idle decode
/// workers); underscore methods expect it held. Deliveries are sent after the lock is released.
final class PipelineCoordinator: @unchecked Sendable {
  private let memoryCache: MemoryCache
  private let loader: any ImageLoading
  private let statistics: StatisticsRecorder
  /// Results pass through it to ``Delivery``; a test may hold them there.
  let deliveryGate = DeliveryGate()

  private let condition = Condition()
  private var registry = TaskRegistry()
  private var scheduler: LoadScheduler
  private var decodeQueue = DecodeQueue()
  private var isStopped = false
  private var isDecodingHeld = false
  private var pacing: FramePacing
  /// Workers waiting for the gap between frames (a frame's end wakes them only then).
  private var workersPacing = 0
  /// A decode's expected time (file read included): a moving average of the CPU time of the
  /// last ones.
  private var expectedDecode: Duration = .milliseconds(1)

  init(
    memoryCache: MemoryCache, loader: any ImageLoading, maxConcurrentLoads: Int,
    maxDecodeHoldForFrames: Duration, statistics: StatisticsRecorder
  ) {
    self.memoryCache = memoryCache
    self.loader = loader
    self.statistics = statistics
    scheduler = LoadScheduler(slots: maxConcurrentLoads)
    pacing = FramePacing(maxHold: maxDecodeHoldForFrames)
  }

  // MARK: - Subscribers (called from the main actor)

  /// Registers interest in `token.request`; `deliver` (if any) gets the result on the main actor.
  func subscribe(_ token: SubscriptionToken, priority: ImagePriority, deliver: ImageDelivery?) {
    let request = token.request
    let subscriber = ImageTask.Subscriber(priority: priority, deliver: deliver)
    statistics.update { $0.subscriptions += 1 }
    var immediate: Result<PreparedImage, ImageFailure>?
    condition.withLock {
      if isStopped {
        immediate = .failure(.cancelled)
      } else if let image = memoryCache.freshImage(for: request, at: wallClockSeconds()) {
        immediate = .success(image)
      } else if let task = registry.task(for: request) {
        statistics.update { $0.coalescedRequests += 1 }
        if registry.join(task, token.id, subscriber) { _reposition(task) }
      } else if let read = loader.immediateRead(of: request.source) {
        decodeQueue.push(registry.add(request, token.id, subscriber), reading: read)
        condition.signal()
      } else {
        scheduler.enqueue(registry.add(request, token.id, subscriber))
        _startLoads()
      }
    }
    if let immediate, let deliver { deliveryGate.send(immediate, to: [deliver]) }
  }

  /// Drops the claim; the last one cancels the task.
  func unsubscribe(_ token: SubscriptionToken) {
    condition.withLock {
      guard let task = registry.task(for: token.request),
        task.subscribers.removeValue(forKey: token.id) != nil
      else { return }
      if task.subscribers.isEmpty {
        // A running decode cannot be interrupted: it finishes into the memory cache, and a
        // subscriber arriving meanwhile joins it instead of starting over.
        if task.stage != .decoding { _cancel(task) }
      } else if TaskRegistry.updatePriority(of: task) {
        _reposition(task)
      }
    }
  }

  /// Moves the token's subscriber to `priority` (and its task, if that changes the task's).
  func setPriority(_ priority: ImagePriority, for token: SubscriptionToken) {
    statistics.update { $0.priorityChanges += 1 }
    condition.withLock {
      guard let task = registry.task(for: token.request),
        registry.setPriority(priority, of: token.id, in: task)
      else { return }
      _reposition(task)
    }
  }

  /// The priority the token's subscriber holds now; nil once its task has finished or it left.
  func priority(of token: SubscriptionToken) -> ImagePriority? {
    condition.withLock { registry.task(for: token.request)?.subscribers[token.id]?.priority }
  }

  /// Decode workers waiting for the gap between frames.
  var workersWaitingForFrames: Int { condition.withLock { workersPacing } }

  /// Tasks loading, waiting or decoding.
  var inFlightCount: Int { condition.withLock { registry.count } }

  /// What is in flight, for a test whose wait for the pipeline to go idle ran out: each task
  /// (its source, stage and how long it has been there, its subscribers and priority), then
  /// the load slots, the decode queue, the workers and the delivery gate.
  var inFlightReport: String {
    let now = ContinuousClock.now
    let (tasks, state) = condition.withLock { () -> ([String], String) in
      let tasks = registry.all.sorted { $0.stageSince < $1.stageSince }.map { task in
        "\(task.request.source) (\(task.request.pixelSize) px): \(task.stage) for "
          + "\((now - task.stageSince).nanoseconds / 1_000_000) ms, "
          + "\(task.subscribers.count) subscriber(s), \(task.priority)"
          + (task.cancelLoad == nil ? "" : ", load running")
      }
      let state =
        "load slots: \(scheduler.running) running, \(scheduler.waitingCount) waiting; "
        + "decode queue: \(decodeQueue.count) waiting\(isDecodingHeld ? " (held)" : ""); "
        + "workers pacing: \(workersPacing)\(isStopped ? "; stopped" : "")"
      return (tasks, state)
    }
    let gate =
      "deliveries: \(deliveryGate.heldCount) held, gate \(deliveryGate.isHolding ? "holding" : "open")"
    return (["\(tasks.count) task(s) in flight"] + tasks + [state, gate]).joined(separator: "\n")
  }

  /// Cancels all work, tells every subscriber `.cancelled` and releases the decode workers.
  /// Later subscribers get `.cancelled` at once.
  func stop() {
    let deliveries = condition.withLock { () -> [ImageDelivery] in
      isStopped = true
      let tasks = Array(registry.all)
      let deliveries = tasks.flatMap { $0.subscribers.values.compactMap(\.deliver) }
      for task in tasks { _cancel(task) }
      condition.broadcast()
      return deliveries
    }
    deliveryGate.send(.failure(.cancelled), to: deliveries)
  }

  // MARK: - Loading

  private func _startLoads() {
    while !isStopped, let task = scheduler.grantSlot() {
      let load = Task { [loader] in
        self.didLoad(task, await loader.load(task.request.source))
      }
      task.cancelLoad = { load.cancel() }
    }
  }

  private func didLoad(_ task: ImageTask, _ result: Result<LoadedBytes, ImageFailure>) {
    var finished: (Result<PreparedImage, ImageFailure>, [ImageDelivery])?
    condition.withLock {
      guard task.stage == .loading else { return }  // cancelled meanwhile
      scheduler.releaseSlot()
      task.cancelLoad = nil
      switch result {
      case .failure(let failure):
        // A stale image the server must vouch for is not shown again (`SourceLoader`).
        memoryCache.removeIfItMustRevalidate(task.request, at: wallClockSeconds())
        finished = (.failure(failure), _finish(task, with: .failure(failure)))
      case .success(let loaded):
        // Revalidated bytes (a 304) whose image is still in memory: that image, no decode.
        if loaded.unchanged,
          let image = memoryCache.refresh(
            task.request, freshUntil: loaded.freshUntil, mustRevalidate: loaded.mustRevalidate)
        {
          finished = (.success(image), _finish(task, with: .success(image)))
        } else {
          decodeQueue.push(task, loaded)
          condition.signal()
        }
      }
      _startLoads()
    }
    if let (result, deliveries) = finished { deliveryGate.send(result, to: deliveries) }
  }

  // MARK: - Decoding (called from DecodeWorker threads)

  /// Blocks until there is a job and room for it between frames, highest priority first (taken
  /// when it starts, so a job raised meanwhile goes first); nil once stopped.
  func nextDecodeJob() -> DecodeQueue.Job? {
    condition.withLock {
      var heldSince: ContinuousClock.Instant?
      while !isStopped {
        guard !isDecodingHeld, !decodeQueue.isEmpty else {
          heldSince = nil
          condition.wait()
          continue
        }
        let now = ContinuousClock.now
        // The pacing keeps work that can wait out of frames. A row on screen (or what the
        // user opened) shows its placeholder until its avatar is decoded, so that decode is
        // not held.
        let decision: FramePacing.Decision =
          decodeQueue.mostUrgentPriority().map { $0 >= .visible } ?? false
          ? .start
          : pacing.decision(expected: expectedDecode, now: now, waitingSince: heldSince ?? now)
        switch decision {
        case .start:
          if let heldSince {
            statistics.update {
              $0.decodesHeldForFrames += 1
              $0.decodeHoldTime += now - heldSince
            }
          }
          if let job = decodeQueue.popJob() { return job }
        case .wait(let until):
          if heldSince == nil { heldSince = now }
          workersPacing += 1
          condition.wait(for: until - now)
          workersPacing -= 1
        }
      }
      return nil
    }
  }

  // MARK: - Frames (called from the main thread)

  func frameBegan(refreshInterval: Duration?) {
    condition.withLock { pacing.frameBegan(at: .now, refreshInterval: refreshInterval) }
  }

  func frameEnded() {
    condition.withLock {
      pacing.frameEnded()
      if workersPacing > 0 { condition.broadcast() }
    }
  }

  /// Holds the decode workers back (a decode already running finishes) until released, so a
  /// test can fill the queue and then watch the order it drains in.
  func holdDecoding(_ held: Bool) {
    condition.withLock {
      isDecodingHeld = held
      if !held { condition.broadcast() }
    }
  }

  /// `job` is decoded; it took `duration` of CPU time (its file read included), and the next
  /// decode is expected to take about as long.
  func didDecode(
    _ job: DecodeQueue.Job, _ result: Result<PreparedImage, ImageFailure>, took duration: Duration,
    inNormalClass: Bool = false
  ) {
    if inNormalClass { statistics.update { $0.decodesInNormalClass += 1 } }
    if case .success(let image) = result {
      // Even when cancelled mid-decode: the work is done and the user may scroll back.
      var loaded: LoadedBytes?
      if case .loaded(let bytes) = job.bytes { loaded = bytes }
      memoryCache.store(
        image, for: job.task.request, freshUntil: loaded?.freshUntil,
        mustRevalidate: loaded?.mustRevalidate ?? false)
    }
    let deliveries = condition.withLock { () -> [ImageDelivery] in
      expectedDecode = (expectedDecode * 7 + duration) / 8
      guard job.task.stage == .decoding else { return [] }
      return _finish(job.task, with: result)
    }
    deliveryGate.send(result, to: deliveries)
  }

  // MARK: - Bookkeeping

  /// Moves a waiting task to the place its new priority gives it.
  private func _reposition(_ task: ImageTask) {
    switch task.stage {
    case .waitingForLoad: scheduler.reposition(task)
    case .waitingForDecode:
      decodeQueue.reposition(task)
      // A worker waiting for the gap between frames decodes a row on screen at once.
      if task.priority >= .visible, workersPacing > 0 { condition.broadcast() }
    default: break
    }
  }

  /// Ends the task and returns who should hear about it.
  private func _finish(_ task: ImageTask, with result: Result<PreparedImage, ImageFailure>)
    -> [ImageDelivery]
  {
    task.stage = .finished
    if case .failure(let failure) = result { statistics.recordFailure(failure) }
    return registry.remove(task)
  }

  private func _cancel(_ task: ImageTask) {
    switch task.stage {
    case .waitingForLoad:
      scheduler.remove(task)
    case .loading:
      scheduler.releaseSlot()  // free the slot now; the cancelled load's report is ignored
      task.cancelLoad?()
      _startLoads()
    case .waitingForDecode:
      decodeQueue.remove(task)
    case .decoding, .finished, .cancelled:
      break
    }
    task.stage = .cancelled
    task.cancelLoad = nil
    task.loaded = nil
    _ = registry.remove(task)
    statistics.update { $0.cancellations += 1 }
  }
}
