import FoundationEssentials

/// Everything an ``ImagePipeline`` can be tuned with, in one place.
///
/// Threading: a plain `Sendable` value; copy it freely.
public struct ImagePipelineConfiguration: Sendable {
  /// The memory cache's default budget, MiB: about 1,600 48 px avatars at
  /// scale 1 (400 at scale 2). A budget is reached in any long session, so
  /// it adds to the resident set the app settles at; a decode from a local
  /// file takes about a millisecond, so a smaller cache costs little.
  public static let defaultMemoryCacheMiB = 16

  /// Byte budget of the memory cache of prepared textures (w * h * 4 each,
  /// and what they hold besides; ``defaultMemoryCacheMiB`` by default).
  public var memoryCacheBytes = defaultMemoryCacheMiB << 20
  /// Byte budget of the disk cache of downloaded bytes. Default 200 MiB.
  public var diskCacheBytes = 200 << 20
  /// Folder of the disk cache. Default `$XDG_CACHE_HOME/roster`, or `~/.cache/roster`; nil disables it.
  public var diskCacheDirectory: URL? = ImagePipelineConfiguration.defaultDiskCacheDirectory()
  /// Decode worker threads. Default 1: on two cores a wider pool starves the main thread.
  public var maxConcurrentDecodes = 1
  /// The longest a decode waits for the gap between two frames once the app reports its
  /// frames (``ImagePipeline/frameBegan(refreshInterval:)``): a machine whose frames fill every
  /// interval still decodes one image per hold. Default 33 ms (two frames at 60 Hz).
  public var maxDecodeHoldForFrames: Duration = .milliseconds(33)
  /// Whether the decode threads wait in Linux's idle scheduling class (`SCHED_IDLE`) between
  /// frames' work, so that a decode never takes a core from the main thread or the display
  /// server. Under full load such a thread gets about a three-hundredth of a core: a caller
  /// that must have every image decoded whatever the machine is doing (a batch job, a test
  /// whose verdict needs the images) turns it off. Default true.
  public var decodesInIdleClass = true
  /// Reads and downloads running at once. Default 6.
  public var maxConcurrentLoads = 6
  /// Largest accepted body, file or download. Default 10 MiB.
  public var maxBodyBytes = 10 << 20
  /// Time allowed to open a connection. Default 5 s.
  public var connectTimeout: Duration = .seconds(5)
  /// Time allowed without receiving data; also bounds a whole download to connect + read. Default 10 s.
  public var readTimeout: Duration = .seconds(10)
  /// Redirects followed per download, only to http(s). Default 3.
  public var maxRedirects = 3
  /// Largest accepted width or height, read from the header before decoding. Default 8192.
  public var maxPixelSide = 8192
  /// Largest accepted width * height in millions, read from the header before decoding. Default 40.
  public var maxMegapixels = 40
  /// `--simulate-latency`: a random, cancellable delay after each load (it holds the load slot,
  /// like a slow server). Default nil (none).
  public var simulatedLatency: ClosedRange<Duration>? = nil
  /// With a seed, each image's simulated delay is a fixed function of the seed and its source
  /// (the same on every run, whatever order loads run in); nil draws a new delay per load.
  /// Default nil.
  public var simulatedLatencySeed: UInt64? = nil

  public init() {}

  /// `$XDG_CACHE_HOME/roster` when that variable holds an absolute path, else `~/.cache/roster`.
  public static func defaultDiskCacheDirectory() -> URL? {
    let environment = ProcessInfo.processInfo.environment
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(
        "roster", isDirectory: true)
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".cache", isDirectory: true)
      .appendingPathComponent("roster", isDirectory: true)
  }
}
