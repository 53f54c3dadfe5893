import Dispatch
import FoundationEssentials

/// Fetches bytes by the kind of source: a file on the I/O queue, an http(s) URL from the disk
/// cache while fresh, or else the network (revalidating what the disk cache holds), a ``ProvidedImage`` from its closure (never disk-cached: the app
/// already holds those bytes).
///
/// Every kind is held to `maxBodyBytes`; formats and pixel sizes are checked by the decoder.
///
/// Threading: `Sendable`. Files are read by the decode thread (``immediateRead(of:)``); through
/// ``load(_:)`` (under simulated latency), file and disk-cache reads block on `ioQueue`, whose
/// concurrency the load slots bound.
struct SourceLoader: ImageLoading {
  let fileLoader: FileLoader
  let httpLoader: HTTPLoader
  let diskCache: DiskCache?
  let statistics: StatisticsRecorder
  let maxBytes: Int
  let ioQueue: DispatchQueue

  func load(_ source: ImageSource) async -> Result<LoadedBytes, ImageFailure> {
    switch source {
    case .file(let path):
      statistics.update { $0.fileLoads += 1 }
      return await onIOQueue { fileLoader.load(path: path) }.map { LoadedBytes($0) }
    case .http(let url):
      return await loadFromDiskOrNetwork(url)
    case .provided(let image):
      statistics.update { $0.providedLoads += 1 }
      return await image.loadBounded(maxBytes: maxBytes).map { LoadedBytes($0) }
    }
  }

  /// A local file is read on the decode thread: a few kilobytes from the page cache, which
  /// costs less than the two thread hops of a load.
  func immediateRead(of source: ImageSource) -> ImmediateRead? {
    guard case .file(let path) = source else { return nil }
    return { [fileLoader, statistics] in
      statistics.update { $0.fileLoads += 1 }
      return fileLoader.load(path: path).map { LoadedBytes($0) }
    }
  }

  /// The disk cache's entry when it is fresh; else a request, conditional when the entry has a
  /// validator:
  /// - 304: the stored bytes, marked unchanged (no decode if the memory cache holds the
  ///   image), and the entry's policy refreshed on disk.
  /// - 2xx: the new bytes, stored once they decode (unless `no-store`).
  /// - A network failure, a timeout or a 5xx while an entry is stored: the stored bytes,
  ///   stale (stale-if-error, as browsers do): a person's last known avatar is better than
  ///   their initials while offline. It is asked again after ``retryAfterError`` seconds.
  ///   Not when the server said it must be revalidated (``CachePolicy/mustRevalidate``): then
  ///   the failure, and the row shows initials.
  ///   A 4xx is the server's answer (the avatar is gone): the row shows initials.
  private func loadFromDiskOrNetwork(_ url: URL) async -> Result<LoadedBytes, ImageFailure> {
    let key = url.absoluteString
    var stored: DiskCache.Stored?
    if let diskCache { stored = await onIOQueue { diskCache.stored(for: key) } }
    let now = wallClockSeconds()
    if let stored, stored.policy.isFresh(at: now) {
      statistics.update { $0.diskHits += 1 }
      return .success(
        LoadedBytes(
          stored.bytes, freshUntil: stored.policy.freshUntil,
          mustRevalidate: stored.policy.mustRevalidate))
    }
    guard !Task.isCancelled else { return .failure(.cancelled) }
    let validators = stored.map(\.policy).flatMap { $0.hasValidator ? $0 : nil }
    statistics.update {
      $0.httpLoads += 1
      if validators != nil { $0.revalidations += 1 }
    }
    switch await httpLoader.load(url, revalidating: validators, now: now) {
    case .success(.notModified(let policy)):
      statistics.update { $0.notModified += 1 }
      guard let stored else { return .failure(.httpStatus(304)) }
      if let diskCache { ioQueue.async { @Sendable in diskCache.refresh(policy, for: key) } }
      return .success(
        LoadedBytes(
          stored.bytes, freshUntil: policy.freshUntil, unchanged: true,
          mustRevalidate: policy.mustRevalidate))
    case .success(.body(let bytes, let policy)):
      if policy.noStore, stored != nil, let diskCache {
        ioQueue.async { @Sendable in diskCache.remove(key) }
      }
      return .success(
        LoadedBytes(bytes, freshUntil: policy.freshUntil, mustRevalidate: policy.mustRevalidate) {
          [diskCache, ioQueue] bytes in
          if let diskCache {
            ioQueue.async { @Sendable in diskCache.store(bytes, policy: policy, for: key) }
          }
        })
    case .failure(let failure):
      guard let stored, !stored.policy.mustRevalidate, Self.servesStale(after: failure) else {
        return .failure(failure)
      }
      statistics.update { $0.staleServed += 1 }
      return .success(
        LoadedBytes(stored.bytes, freshUntil: now + Self.retryAfterError, unchanged: true))
    }
  }

  /// Seconds a stale avatar shown after a failed revalidation stays in memory before the
  /// server is asked again.
  static let retryAfterError: Int64 = 300

  /// Whether a failed revalidation still shows the stored bytes.
  static func servesStale(after failure: ImageFailure) -> Bool {
    switch failure {
    case .network, .timedOut: true
    case .httpStatus(let status): (500...599).contains(status)
    default: false
    }
  }

  private func onIOQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      ioQueue.async { @Sendable in continuation.resume(returning: work()) }
    }
  }
}
