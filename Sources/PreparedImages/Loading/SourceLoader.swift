import Dispatch
import FoundationEssentials

/// Fetches bytes by the kind of source: a file on the I/O queue, an http(s) URL from the disk
/// cache or else the network, a ``ProvidedImage`` from its closure (never disk-cached: the app
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

  private func loadFromDiskOrNetwork(_ url: URL) async -> Result<LoadedBytes, ImageFailure> {
    let key = url.absoluteString
    if let diskCache, let bytes = await onIOQueue({ diskCache.bytes(for: key) }) {
      statistics.update { $0.diskHits += 1 }
      return .success(LoadedBytes(bytes))
    }
    guard !Task.isCancelled else { return .failure(.cancelled) }
    statistics.update { $0.httpLoads += 1 }
    return await httpLoader.load(url).map { bytes in
      LoadedBytes(bytes) { [diskCache, ioQueue] bytes in
        if let diskCache { ioQueue.async { @Sendable in diskCache.store(bytes, for: key) } }
      }
    }
  }

  private func onIOQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      ioQueue.async { @Sendable in continuation.resume(returning: work()) }
    }
  }
}
