import Foundation

/// Owns the pipeline's bookkeeping: which tasks exist, who waits for them, what runs and what
/// waits. Nobody else mutates it; loads and decodes run elsewhere and report back.
///
/// Lookup order for a request:
/// 1. Memory cache. The slot asks synchronously in bind; `subscribe` asks again under the lock,
///    so work that finished a moment ago is not repeated.
/// 2. Join the task in flight for the same request (same source and pixel size): coalescing.
/// 3. Disk cache (http only), once the task gets a load slot, on the I/O queue.
/// 4. Fetch: read the file (I/O queue) or download (a Swift task on AsyncHTTPClient).
/// 5. Simulated latency, if configured; then decode on a ``DecodeWorker`` thread.
/// 6. Memory cache (and the downloaded bytes to disk); deliver on the main thread.
///
/// Pending loads and decodes wait in ``PendingQueue``s ordered by the highest priority of their
/// subscribers, which follows the subscribers while they wait. When the last subscriber leaves,
/// the task is cancelled wherever it is: dequeued, its download or delay cancelled; only a decode
/// already running is left to finish into the memory cache.
///
/// Threading: `Sendable`. All state is guarded by `condition` (its lock also parks idle decode
/// workers); underscore methods expect it held. Deliveries are dispatched to the main queue
/// after the lock is released.
final class PipelineCoordinator: @unchecked Sendable {
  private let configuration: ImagePipelineConfiguration
  private let memoryCache: MemoryCache
  private let diskCache: DiskCache?
  private let httpLoader: HTTPLoader
  private let fileLoader: FileLoader
  private let statistics: StatisticsRecorder
  /// File reads and disk-cache I/O; concurrency is bounded by the load slots.
  private let ioQueue = DispatchQueue(
    label: "roster.images.io", qos: .utility, attributes: .concurrent)

  private let condition = NSCondition()
  private var tasks: [ImageRequest: ImageTask] = [:]
  private var loadQueue = PendingQueue()
  private var decodeQueue = PendingQueue()
  private var activeLoads = 0
  private var isStopped = false

  init(
    configuration: ImagePipelineConfiguration, memoryCache: MemoryCache, diskCache: DiskCache?,
    httpLoader: HTTPLoader, statistics: StatisticsRecorder
  ) {
    self.configuration = configuration
    self.memoryCache = memoryCache
    self.diskCache = diskCache
    self.httpLoader = httpLoader
    self.fileLoader = FileLoader(maxBytes: configuration.maxBodyBytes)
    self.statistics = statistics
    if let diskCache { ioQueue.async { diskCache.warmUp() } }
  }

  // MARK: - Subscribers (called from the main actor)

  /// Registers interest in `token.request`; `deliver` (if any) gets the result on the main actor.
  func subscribe(_ token: SubscriptionToken, priority: ImagePriority, deliver: ImageDelivery?) {
    let request = token.request
    var immediate: Result<PreparedImage, ImageFailure>?
    condition.withLock {
      if isStopped {
        immediate = .failure(.cancelled)
      } else if let image = memoryCache.image(for: request) {
        immediate = .success(image)
      } else if let task = tasks[request] {
        statistics.update { $0.coalescedRequests += 1 }
        task.subscribers[token.id] = .init(priority: priority, deliver: deliver)
        _updatePriority(of: task)
      } else {
        let task = ImageTask(request: request)
        task.subscribers[token.id] = .init(priority: priority, deliver: deliver)
        task.priority = priority
        tasks[request] = task
        loadQueue.push(task)
        _startLoads()
      }
    }
    if let immediate, let deliver { Self.deliver(immediate, to: [deliver]) }
  }

  /// Drops the claim; the last one cancels the task.
  func unsubscribe(_ token: SubscriptionToken) {
    condition.withLock {
      guard let task = tasks[token.request], task.subscribers.removeValue(forKey: token.id) != nil
      else { return }
      if task.subscribers.isEmpty {
        // A running decode cannot be interrupted: it finishes into the memory cache, and a
        // subscriber arriving meanwhile joins it instead of starting over.
        if task.stage != .decoding { _cancel(task) }
      } else {
        _updatePriority(of: task)
      }
    }
  }

  func setPriority(_ priority: ImagePriority, for token: SubscriptionToken) {
    condition.withLock {
      guard let task = tasks[token.request], task.subscribers[token.id] != nil else { return }
      task.subscribers[token.id]?.priority = priority
      _updatePriority(of: task)
    }
  }

  /// Tasks loading, waiting or decoding.
  var inFlightCount: Int { condition.withLock { tasks.count } }

  /// Cancels all work, tells every subscriber `.cancelled` and releases the decode workers.
  /// Later subscribers get `.cancelled` at once.
  func stop() {
    let deliveries = condition.withLock { () -> [ImageDelivery] in
      isStopped = true
      let deliveries = tasks.values.flatMap { $0.subscribers.values.compactMap(\.deliver) }
      for task in tasks.values { _cancel(task) }
      condition.broadcast()
      return deliveries
    }
    Self.deliver(.failure(.cancelled), to: deliveries)
  }

  // MARK: - Loading

  private func _startLoads() {
    while !isStopped, activeLoads < max(1, configuration.maxConcurrentLoads),
      let task = loadQueue.popFirst()
    {
      activeLoads += 1
      task.stage = .loading
      switch task.request.source {
      case .file(let path):
        statistics.update { $0.fileLoads += 1 }
        ioQueue.async { self.didLoad(task, self.fileLoader.load(path: path), downloaded: false) }
      case .http(let url):
        ioQueue.async { self.loadFromDiskOrNetwork(task, url: url) }
      }
    }
  }

  /// On the I/O queue.
  private func loadFromDiskOrNetwork(_ task: ImageTask, url: URL) {
    if let bytes = diskCache?.bytes(for: url.absoluteString) {
      statistics.update { $0.diskHits += 1 }
      didLoad(task, .success(bytes), downloaded: false)
      return
    }
    condition.withLock {
      guard task.stage == .loading else { return }
      statistics.update { $0.httpLoads += 1 }
      let download = Task { [httpLoader] in
        self.didLoad(task, await httpLoader.load(url), downloaded: true)
      }
      task.cancelWork = { download.cancel() }
    }
  }

  private func didLoad(_ task: ImageTask, _ result: Result<[UInt8], ImageFailure>, downloaded: Bool)
  {
    var failed: (ImageFailure, [ImageDelivery])?
    condition.withLock {
      guard task.stage == .loading else { return }  // cancelled meanwhile
      activeLoads -= 1
      task.cancelWork = nil
      switch result {
      case .failure(let failure):
        failed = (failure, _finish(task, with: .failure(failure)))
      case .success(let bytes):
        task.bytes = bytes
        task.bytesAreDownloaded = downloaded
        _delayOrQueueDecode(task)
      }
      _startLoads()
    }
    if let (failure, deliveries) = failed { Self.deliver(.failure(failure), to: deliveries) }
  }

  private func _delayOrQueueDecode(_ task: ImageTask) {
    guard let latency = configuration.simulatedLatency else {
      _queueDecode(task)
      return
    }
    task.stage = .delaying
    let delay = Duration.nanoseconds(
      Int64.random(in: latency.lowerBound.nanoseconds...latency.upperBound.nanoseconds))
    let sleeper = Task {
      guard (try? await Task.sleep(for: delay)) != nil else { return }
      self.didFinishDelay(task)
    }
    task.cancelWork = { sleeper.cancel() }
  }

  private func didFinishDelay(_ task: ImageTask) {
    condition.withLock {
      guard task.stage == .delaying else { return }
      task.cancelWork = nil
      _queueDecode(task)
    }
  }

  // MARK: - Decoding (called from DecodeWorker threads)

  struct DecodeJob: Sendable {
    let task: ImageTask
    let bytes: [UInt8]
    let downloaded: Bool
  }

  private func _queueDecode(_ task: ImageTask) {
    task.stage = .waitingForDecode
    decodeQueue.push(task)
    condition.signal()
  }

  /// Blocks until there is a job, highest priority first; nil once stopped.
  func nextDecodeJob() -> DecodeJob? {
    condition.withLock {
      while !isStopped {
        if let task = decodeQueue.popFirst() {
          task.stage = .decoding
          let job = DecodeJob(
            task: task, bytes: task.bytes ?? [], downloaded: task.bytesAreDownloaded)
          task.bytes = nil
          return job
        }
        condition.wait()
      }
      return nil
    }
  }

  func didDecode(_ job: DecodeJob, _ result: Result<PreparedImage, ImageFailure>) {
    let request = job.task.request
    if case .success(let image) = result {
      // Even when cancelled mid-decode: the work is done and the user may scroll back.
      memoryCache.store(image, for: request)
      if job.downloaded, let diskCache, case .http(let url) = request.source {
        ioQueue.async { diskCache.store(job.bytes, for: url.absoluteString) }
      }
    }
    let deliveries = condition.withLock { () -> [ImageDelivery] in
      guard job.task.stage == .decoding else { return [] }
      return _finish(job.task, with: result)
    }
    Self.deliver(result, to: deliveries)
  }

  // MARK: - Bookkeeping

  private func _updatePriority(of task: ImageTask) {
    let priority = task.highestSubscriberPriority
    guard priority != task.priority else { return }
    task.priority = priority
    switch task.stage {
    case .waitingForLoad: loadQueue.reposition(task)
    case .waitingForDecode: decodeQueue.reposition(task)
    default: break
    }
  }

  /// Ends the task and returns who should hear about it.
  private func _finish(_ task: ImageTask, with result: Result<PreparedImage, ImageFailure>)
    -> [ImageDelivery]
  {
    task.stage = .finished
    if tasks[task.request] === task { tasks[task.request] = nil }
    if case .failure(let failure) = result { statistics.recordFailure(failure) }
    let deliveries = task.subscribers.values.compactMap(\.deliver)
    task.subscribers.removeAll()
    return deliveries
  }

  private func _cancel(_ task: ImageTask) {
    switch task.stage {
    case .waitingForLoad:
      loadQueue.remove(task)
    case .loading:
      activeLoads -= 1  // free the slot now; the cancelled load's report is ignored
      task.cancelWork?()
      _startLoads()
    case .delaying:
      task.cancelWork?()
    case .waitingForDecode:
      decodeQueue.remove(task)
    case .decoding, .finished, .cancelled:
      break
    }
    task.stage = .cancelled
    task.cancelWork = nil
    task.bytes = nil
    task.subscribers.removeAll()
    if tasks[task.request] === task { tasks[task.request] = nil }
    statistics.update { $0.cancellations += 1 }
  }

  private static func deliver(
    _ result: Result<PreparedImage, ImageFailure>, to deliveries: [ImageDelivery]
  ) {
    guard !deliveries.isEmpty else { return }
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        for deliver in deliveries { deliver(result) }
      }
    }
  }
}
