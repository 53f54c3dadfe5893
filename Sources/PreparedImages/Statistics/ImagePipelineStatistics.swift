import FoundationEssentials
import SharedSupport

/// A snapshot of what the pipeline has done, from ``ImagePipeline/statistics()``.
///
/// `description` is the multi-line report the app prints on exit with --stats.
///
/// Threading: a `Sendable` value.
public struct ImagePipelineStatistics: Sendable, CustomStringConvertible {
  /// One bar of the decode-time histogram: decodes that took at most `upperBound` (nil: longer).
  public struct DecodeTimeBucket: Sendable, Hashable {
    public let upperBound: Duration?
    public let count: Int
  }

  /// Synchronous memory lookups (`cachedImage(for:)`, so every bind) that found an image.
  public var memoryHits = 0
  /// Synchronous memory lookups that found nothing.
  public var memoryMisses = 0
  /// Local files read.
  public var fileLoads = 0
  /// Downloads started (disk hits not included).
  public var httpLoads = 0
  /// Loads of app-supplied bytes (``ProvidedImage``).
  public var providedLoads = 0
  /// Downloads served from the disk cache while fresh, without a request.
  public var diskHits = 0
  /// Conditional requests for stale disk-cache entries (counted in ``httpLoads`` too).
  public var revalidations = 0
  /// Revalidations answered 304 Not Modified: the stored bytes were kept, and decoded only if
  /// the memory cache no longer held their image.
  public var notModified = 0
  /// Stale disk-cache entries shown because their revalidation failed (network, timeout, 5xx).
  public var staleServed = 0
  public var decodes = 0
  /// Decodes that ran on the main thread, counted inside ``ImageDecoder/decode(_:pixelSize:)``
  /// in every build: the pipeline's workers keep it at 0.
  public var mainThreadDecodes = 0
  public var decodeTimeBuckets: [DecodeTimeBucket] = []
  public var decodeTimeP50: Duration?
  public var decodeTimeP99: Duration?
  /// Decodes that waited for the gap between two frames (``ImagePipeline/frameBegan(refreshInterval:)``).
  public var decodesHeldForFrames = 0
  /// The time those decodes waited, in all.
  public var decodeHoldTime: Duration = .zero
  /// Decodes of what the user opened, run in the normal scheduling class
  /// instead of the idle one (``ImagePriority/opened``).
  public var decodesInNormalClass = 0
  public var memoryCacheBytes = 0
  public var memoryCacheCount = 0
  public var memoryCacheLimit = 0
  public var diskCacheBytes = 0
  public var diskCacheCount = 0
  public var diskCacheLimit = 0
  /// Claims on the pipeline's work, each taking its lock once: binds that missed the memory
  /// cache, prefetches, awaited images.
  public var subscriptions = 0
  /// Claims moved to another priority after they were made (rows scrolled on or off screen),
  /// each taking the pipeline's lock once more.
  public var priorityChanges = 0
  /// Requests that joined work already in flight for the same source and size.
  public var coalescedRequests = 0
  /// Loads or decodes abandoned because their last subscriber left.
  public var cancellations = 0
  /// Results that reached a slot after it had been re-bound or unbound, and were dropped.
  public var staleDrops = 0
  /// Failed tasks by ``ImageFailure/reason``.
  public var failures: [String: Int] = [:]
  /// Tasks loading, waiting or decoding right now.
  public var inFlight = 0

  public init() {}

  /// Failures recorded for `failure`'s reason.
  public func failures(_ failure: ImageFailure) -> Int { failures[failure.reason] ?? 0 }

  public var description: String {
    let lookups = memoryHits + memoryMisses
    let hitRate =
      lookups == 0 ? "-" : String(filling: "%.1f%%", Double(memoryHits) * 100 / Double(lookups))
    var lines = [
      "Image pipeline",
      "  memory cache  \(memoryHits) hits, \(memoryMisses) misses (\(hitRate) hit rate); "
        + "\(memoryCacheCount) images, \(Self.bytes(memoryCacheBytes)) of \(Self.bytes(memoryCacheLimit))",
      diskCacheLimit == 0
        ? "  disk cache    off"
        : "  disk cache    \(diskHits) hits, \(revalidations) revalidated (\(notModified) not modified, \(staleServed) stale on error); \(diskCacheCount) files, \(Self.bytes(diskCacheBytes)) of \(Self.bytes(diskCacheLimit))",
      "  loads         \(fileLoads) file, \(httpLoads) http, \(providedLoads) provided",
      "  decodes       \(decodes) (\(mainThreadDecodes) on the main thread), "
        + "p50 \(Self.milliseconds(decodeTimeP50)), p99 \(Self.milliseconds(decodeTimeP99)); "
        + "\(decodesHeldForFrames) held for frames (\(Self.milliseconds(decodeHoldTime)) in all), "
        + "\(decodesInNormalClass) opened in the normal class",
    ]
    let widest = decodeTimeBuckets.map(\.count).max() ?? 0
    if widest > 0 {
      for bucket in decodeTimeBuckets where bucket.count > 0 {
        let label = bucket.upperBound.map { "<= \(Self.milliseconds($0))" } ?? "longer"
        let bar = String(repeating: "#", count: max(1, bucket.count * 30 / widest))
        lines.append(
          "    " + label + String(repeating: " ", count: max(0, 12 - label.count)) + bar
            + " \(bucket.count)")
      }
    }
    lines.append(
      "  requests      \(coalescedRequests) coalesced, \(cancellations) cancelled, \(staleDrops) stale drops, \(inFlight) in flight"
    )
    let failureList = failures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
      separator: ", ")
    lines.append("  failures      " + (failureList.isEmpty ? "none" : failureList))
    return lines.joined(separator: "\n")
  }

  private static func bytes(_ count: Int) -> String {
    count < 1 << 20
      ? String(filling: "%.1f KiB", Double(count) / 1024)
      : String(filling: "%.1f MiB", Double(count) / 1_048_576)
  }

  private static func milliseconds(_ duration: Duration?) -> String {
    guard let duration else { return "-" }
    return String(filling: "%.2f ms", Double(duration.nanoseconds) / 1_000_000)
  }
}
