import Dispatch
import FoundationEssentials
import SharedSupport

/// The prepared-image pipeline: avatar bytes in, round textures out, never decoded on the main
/// thread.
///
/// Lookup order (spelled out in ``PipelineCoordinator``): memory cache -> join the task in
/// flight -> disk cache -> new load (or a conditional one for a stale disk entry) -> decode
/// (none when a 304 confirms the image in memory) -> memory cache.
///
/// Rows use it through ``ImageSlot`` (one per recycled row) and ``ImagePrefetcher``; the
/// synchronous ``cachedImage(for:)`` lets a bind show a cached avatar in the same frame.
///
/// Threading: main-actor only. The work itself runs on the coordinator's I/O queue, Swift tasks
/// for downloads and ``DecodeWorker`` threads; results come back on the main actor.
@MainActor
public final class ImagePipeline {
  public let configuration: ImagePipelineConfiguration
  let memoryCache: MemoryCache
  let diskCache: DiskCache?
  private let statisticsRecorder = StatisticsRecorder()
  /// The decoder the workers share; it counts into ``statisticsRecorder``.
  let decoder: ImageDecoder
  private let httpLoader: HTTPLoader
  private let coordinator: PipelineCoordinator
  private let workersExited = DispatchGroup()
  private var nextTokenID: UInt64 = 0
  private var prefetches: [ImageRequest: SubscriptionToken] = [:]

  public init(configuration: ImagePipelineConfiguration = .init()) {
    self.configuration = configuration
    memoryCache = MemoryCache(costLimit: configuration.memoryCacheBytes)
    diskCache = configuration.diskCacheDirectory.map {
      DiskCache(
        directory: $0, byteLimit: configuration.diskCacheBytes,
        maxEntryBytes: configuration.maxBodyBytes)
    }
    httpLoader = HTTPLoader(configuration: configuration)
    coordinator = PipelineCoordinator(
      memoryCache: memoryCache,
      loader: Self.loader(
        configuration, httpLoader: httpLoader, diskCache: diskCache,
        statistics: statisticsRecorder),
      maxConcurrentLoads: configuration.maxConcurrentLoads,
      maxDecodeHoldForFrames: configuration.maxDecodeHoldForFrames, statistics: statisticsRecorder)
    decoder = ImageDecoder(
      maxPixelSide: configuration.maxPixelSide, maxMegapixels: configuration.maxMegapixels,
      statistics: statisticsRecorder)
    for _ in 0..<max(1, configuration.maxConcurrentDecodes) {
      DecodeWorker.start(
        coordinator: coordinator, decoder: decoder, inIdleClass: configuration.decodesInIdleClass,
        exited: workersExited)
    }
  }

  deinit {
    coordinator.stop()
  }

  /// The loader chain: by kind of source, behind simulated latency when configured.
  private static func loader(
    _ configuration: ImagePipelineConfiguration, httpLoader: HTTPLoader, diskCache: DiskCache?,
    statistics: StatisticsRecorder
  ) -> any ImageLoading {
    // File reads and disk-cache I/O; concurrency is bounded by the load slots.
    let ioQueue = DispatchQueue(label: "roster.images.io", qos: .utility, attributes: .concurrent)
    if let diskCache { ioQueue.async { @Sendable in diskCache.warmUp() } }
    let sources = SourceLoader(
      fileLoader: FileLoader(maxBytes: configuration.maxBodyBytes), httpLoader: httpLoader,
      diskCache: diskCache, statistics: statistics, maxBytes: configuration.maxBodyBytes,
      ioQueue: ioQueue)
    guard let latency = configuration.simulatedLatency else { return sources }
    return SimulatedLatencyLoader(
      base: sources, latency: latency, seed: configuration.simulatedLatencySeed)
  }

  /// The prepared image if it is in memory, fresh or stale (synchronous; counts a hit or a
  /// miss). For bind: a stale one is shown while it is revalidated.
  public func cachedImage(for request: ImageRequest) -> PreparedImage? {
    let image = memoryCache.image(for: request)
    statisticsRecorder.update {
      if image == nil { $0.memoryMisses += 1 } else { $0.memoryHits += 1 }
    }
    return image
  }

  /// Whether `request`'s image is in memory but stale (its http freshness ran out): the slot
  /// shows it and subscribes, so that the server is asked whether it changed.
  func needsRevalidation(_ request: ImageRequest) -> Bool {
    memoryCache.isStale(request, at: wallClockSeconds())
  }

  /// Whether `request`'s image is in memory, fresh or stale (counts nothing).
  func holdsInMemory(_ request: ImageRequest) -> Bool {
    memoryCache.contains(request)
  }

  /// Loads and decodes `request`, or joins the work already under way for it.
  /// Cancelling the calling task drops this claim (and the work, if it was the last one).
  public func image(for request: ImageRequest, priority: ImagePriority = .visible) async throws
    -> PreparedImage
  {
    if let image = memoryCache.freshImage(for: request, at: wallClockSeconds()) { return image }
    if Task.isCancelled { throw ImageFailure.cancelled }
    let token = makeToken(for: request)
    let once = ResumeOnce()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        once.install(continuation)
        coordinator.subscribe(token, priority: priority) { once.resume(with: $0) }
      }
    } onCancel: { [coordinator] in
      coordinator.unsubscribe(token)
      once.resume(with: .failure(.cancelled))
    }
  }

  /// Warms the memory cache for rows about to appear, at the lowest priority.
  public func prefetch(_ requests: [ImageRequest]) {
    for request in requests
    where prefetches[request] == nil
      && memoryCache.freshImage(for: request, at: wallClockSeconds()) == nil
    {
      let token = makeToken(for: request)
      prefetches[request] = token
      coordinator.subscribe(token, priority: .prefetch) { [weak self] _ in
        if self?.prefetches[request] == token { self?.prefetches[request] = nil }
      }
    }
  }

  /// Drops prefetches; work nobody else waits for is cancelled.
  public func cancelPrefetch(_ requests: [ImageRequest]) {
    for request in requests {
      if let token = prefetches.removeValue(forKey: request) { coordinator.unsubscribe(token) }
    }
  }

  public func statistics() -> ImagePipelineStatistics {
    let counters = statisticsRecorder.snapshot
    var statistics = ImagePipelineStatistics()
    statistics.memoryHits = counters.memoryHits
    statistics.memoryMisses = counters.memoryMisses
    statistics.fileLoads = counters.fileLoads
    statistics.httpLoads = counters.httpLoads
    statistics.providedLoads = counters.providedLoads
    statistics.diskHits = counters.diskHits
    statistics.revalidations = counters.revalidations
    statistics.notModified = counters.notModified
    statistics.staleServed = counters.staleServed
    statistics.decodes = counters.decodes
    statistics.mainThreadDecodes = counters.mainThreadDecodes
    statistics.decodeTimeBuckets = counters.decodeTimes.buckets
    let decodeTimes = counters.decodeTimes.percentiles
    statistics.decodeTimeP50 = decodeTimes(0.5)
    statistics.decodeTimeP99 = decodeTimes(0.99)
    statistics.decodesHeldForFrames = counters.decodesHeldForFrames
    statistics.decodeHoldTime = counters.decodeHoldTime
    statistics.decodesInNormalClass = counters.decodesInNormalClass
    statistics.memoryCacheBytes = memoryCache.totalCost
    statistics.memoryCacheCount = memoryCache.count
    statistics.memoryCacheLimit = memoryCache.costLimit
    statistics.diskCacheBytes = diskCache?.totalBytes ?? 0
    statistics.diskCacheCount = diskCache?.count ?? 0
    statistics.diskCacheLimit = diskCache?.byteLimit ?? 0
    statistics.subscriptions = counters.subscriptions
    statistics.priorityChanges = counters.priorityChanges
    statistics.coalescedRequests = counters.coalescedRequests
    statistics.cancellations = counters.cancellations
    statistics.staleDrops = counters.staleDrops
    statistics.failures = counters.failures
    statistics.inFlight = coordinator.inFlightCount
    return statistics
  }

  /// What is in flight, one task a line (source, stage and for how long, subscribers,
  /// priority), then the load slots, the decode queue, the delivery gate and the downloads
  /// (each one's step, and the network thread's backlog): what a test whose wait for the
  /// pipeline to go idle ran out reports.
  package func inFlightReport() -> String {
    ([coordinator.inFlightReport, "downloads:"] + httpLoader.inFlightReport())
      .joined(separator: "\n")
  }

  /// Starts every counter of ``statistics()`` again from zero (the caches and the work in
  /// flight stay): a benchmark run counts only what happens while it measures.
  public func resetStatistics() {
    statisticsRecorder.reset()
  }

  // MARK: - Frames

  /// Tells the pipeline the app began drawing a frame (a frame clock's "before-paint"): until
  /// ``frameEnded()``, decoding waits, and afterwards a decode starts only if it is expected
  /// to finish before the next frame is due (``FramePacing``). `refreshInterval` is the
  /// display's (nil keeps the last one, 60 Hz at first). An app that never calls this decodes
  /// whenever work is queued.
  public func frameBegan(refreshInterval: Duration? = nil) {
    coordinator.frameBegan(refreshInterval: refreshInterval)
  }

  /// Tells the pipeline the frame begun by ``frameBegan(refreshInterval:)`` is drawn
  /// ("after-paint"); a decode held for it may start.
  public func frameEnded() {
    coordinator.frameEnded()
  }

  /// Decode workers waiting for the gap between frames now (tests watch a decode wait).
  package var decodesWaitingForFrames: Int { coordinator.workersWaitingForFrames }

  /// Cancels all work (subscribers hear `.cancelled`), waits for the decode workers to exit and
  /// shuts the HTTP client down. The pipeline refuses new work afterwards.
  public func shutdown() async {
    coordinator.stop()
    let workersExited = workersExited
    await withCheckedContinuation { continuation in
      workersExited.notify(queue: .global()) { @Sendable in continuation.resume() }
    }
    await httpLoader.shutdown()
  }

  /// Holds decoding back until `held` is false again (tests that watch the order the decode
  /// queue drains in; a decode already running finishes).
  package func holdDecoding(_ held: Bool) {
    coordinator.holdDecoding(held)
  }

  /// Keeps every result finished from now on from its subscribers until
  /// ``releaseDeliveries(first:)``: a test re-binds rows meanwhile, so that each result meets a
  /// row that moved on, on any machine (``DeliveryGate``).
  package func holdDeliveries() {
    coordinator.deliveryGate.hold()
  }

  /// Subscribers whose results are held (``holdDeliveries()``).
  package var heldDeliveries: Int { coordinator.deliveryGate.heldCount }

  /// Subscribers of released results whose delivery has run on the main thread.
  package var releasedDeliveriesRun: Int { coordinator.deliveryGate.deliveredCount }

  /// Lets the results that finished first go to the main thread, up to `count` subscribers'
  /// worth, and goes on holding later ones; nil lets all go and stops holding. Returns how
  /// many subscribers were released.
  @discardableResult
  package func releaseDeliveries(first count: Int? = nil) -> Int {
    coordinator.deliveryGate.release(first: count)
  }

  // MARK: - For ImageSlot

  func subscribe(_ request: ImageRequest, priority: ImagePriority, deliver: @escaping ImageDelivery)
    -> SubscriptionToken
  {
    let token = makeToken(for: request)
    coordinator.subscribe(token, priority: priority, deliver: deliver)
    return token
  }

  func unsubscribe(_ token: SubscriptionToken) {
    coordinator.unsubscribe(token)
  }

  func setPriority(_ priority: ImagePriority, for token: SubscriptionToken) {
    coordinator.setPriority(priority, for: token)
  }

  func priority(of token: SubscriptionToken) -> ImagePriority? {
    coordinator.priority(of: token)
  }

  func recordStaleDrop() {
    statisticsRecorder.update { $0.staleDrops += 1 }
  }

  private func makeToken(for request: ImageRequest) -> SubscriptionToken {
    nextTokenID += 1
    return SubscriptionToken(request: request, id: nextTokenID)
  }
}
