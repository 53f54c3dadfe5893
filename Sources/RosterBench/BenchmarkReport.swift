import Foundation
import PreparedImages
import SharedSupport

/// One run's JSON line: run-floor's field names first, then Roster's own.
/// The properties are the line's keys, in its order (``ReportLine``). A
/// figure with no samples behind it is `null`, never 0.
///
/// Threading: a value, made on the main actor.
struct BenchmarkReport: ReportObject {
  /// Frame work percentiles in milliseconds, with two decimals.
  struct Work: ReportObject {
    let p50, p90, p99, max: Fixed?

    init(_ samples: Percentiles<Double>) {
      p50 = samples(0.5).map { Fixed($0) }
      p90 = samples(0.9).map { Fixed($0) }
      p99 = samples(0.99).map { Fixed($0) }
      max = samples(1).map { Fixed($0) }
    }
  }

  /// p50, p99 and max of a set of samples, with one decimal.
  struct Spread: ReportObject {
    let p50, p99, max: Fixed?

    init(_ samples: Percentiles<Double>) {
      p50 = samples(0.5).map { Fixed($0, 1) }
      p99 = samples(0.99).map { Fixed($0, 1) }
      max = samples(1).map { Fixed($0, 1) }
    }
  }

  /// The mean split of the slowest 2 % of frames (``SlowestFrames``).
  struct Slowest: ReportObject {
    let work, cpu, runQueue, blocked: Fixed

    init(_ frames: SlowestFrames) {
      work = Fixed(frames.work)
      cpu = Fixed(frames.cpu)
      runQueue = Fixed(frames.runQueue)
      blocked = Fixed(frames.blocked)
    }
  }

  /// Frames from a row showing to its avatar showing.
  struct AvatarLatency: ReportObject {
    let p50, p99: Fixed?
    let samples, neverShown: Int
  }

  /// The image pipeline's counters.
  struct Images: ReportObject {
    let memoryHits, misses, fileLoads, httpLoads, decodes: Int
    let decodeMsP50: Fixed?
    /// Decodes that waited for the gap between frames, and how long they waited in all.
    let heldForFrames: Int
    let holdMs: Fixed
    let coalesced, cancellations, staleDrops: Int
    let failures: [String: Int]
    let memoryCacheBytes, memoryCacheLimit: Int
  }

  /// Text lines shaped between frames, ahead of the draw that shows them, and
  /// lines the draw itself had to shape (inside a frame).
  struct TextLines: ReportObject {
    let shapedAhead, shapedWhileDrawing: Int
  }

  /// How long the directory took to reach the screen, in milliseconds.
  struct Load: ReportObject {
    let total, parse, viewModels, firstRows, longestMainStall: Fixed
  }

  let tool = "roster"
  let rows: Int
  let speedPxS, seconds: Fixed
  let texture = true
  /// "list", "grid" or "table", with the table's columns (0 otherwise), as
  /// run-floor names its view.
  let view: String
  let columns: Int
  let frames: Int
  let fps, maxIntervalMs, hitchMsPerS: Fixed
  let frameWorkMs: Work
  let frameCpuMs: Work
  let slowestFramesMs: Slowest?
  let binds: Int
  let bindUs: Spread
  let unbinds: Int
  let unbindUs: Spread
  let mainBusyMsPerS: Fixed?
  let mainPageFaultsPerFrame: Fixed?
  /// Times the header bar was drawn into its texture during the scroll (``FlattenedBin``;
  /// 0 under cairo, which draws it directly and repaints only the list).
  let chromeRenders: Int
  let pipeline: String
  let cache: String
  let avatarLatencyFrames: AvatarLatency
  let placeholderRatio: Fixed?
  let mainThreadDecodes: Int
  let images: Images
  let textLines: TextLines
  let loadMs: Load
  let hudUs: Spread?
  /// A sort run during the scroll (`--sort-during-scroll`), if any.
  let sortDuringScroll: SortDuringScroll.Figures?
  /// An export run during the scroll (`--export-during-scroll`), if any.
  let exportDuringScroll: ExportDuringScroll.Figures?
  /// A select-all, copy and paste run during the scroll (`--copy-during-scroll`), if any.
  let copyDuringScroll: CopyDuringScroll.Figures?
  /// The group whose people scrolled (`--group`), nil for everyone.
  let group: String?
  let peakRssMib: Fixed

  @MainActor
  init(
    rows: Int, speed: Double, frames statistics: FrameStatistics, hudCosts: [Double],
    tracker: AvatarLatencyTracker, pipeline counters: ImagePipelineStatistics,
    options: BenchmarkOptions, columns: Int, naiveDecodes: Int, chromeRenders: Int,
    text: (ahead: Int, whileDrawing: Int),
    load: LoadFigures, sort: SortDuringScroll.Figures? = nil,
    export: ExportDuringScroll.Figures? = nil, copy: CopyDuringScroll.Figures? = nil
  ) {
    func ms(_ duration: Duration) -> Fixed { Fixed(duration.inMilliseconds, 1) }
    self.rows = rows
    group = options.group
    speedPxS = Fixed(speed, 0)
    seconds = Fixed(options.seconds, 1)
    view = options.view.rawValue
    self.columns = options.view == .table ? columns : 0
    frames = statistics.frames
    fps = Fixed(statistics.fps)
    maxIntervalMs = Fixed(statistics.maxIntervalMilliseconds, 1)
    hitchMsPerS = Fixed(statistics.hitchMillisecondsPerSecond)
    frameWorkMs = Work(Percentiles(statistics.work))
    frameCpuMs = Work(Percentiles(statistics.workCPU))
    slowestFramesMs = SlowestFrames(
      work: statistics.work, cpu: statistics.workCPU, runQueue: statistics.workRunQueue
    ).map(Slowest.init)
    binds = statistics.binds.count
    bindUs = Spread(Percentiles(statistics.binds))
    unbinds = statistics.unbinds.count
    unbindUs = Spread(Percentiles(statistics.unbinds))
    mainBusyMsPerS = statistics.busyMillisecondsPerSecond.map { Fixed($0, 1) }
    mainPageFaultsPerFrame = statistics.pageFaultsPerFrame.map { Fixed($0, 1) }
    self.chromeRenders = chromeRenders
    pipeline = options.pipeline.rawValue
    cache = options.cache.rawValue
    let latency = Percentiles(tracker.latencies)
    avatarLatencyFrames = AvatarLatency(
      p50: latency(0.5).map { Fixed($0, 0) }, p99: latency(0.99).map { Fixed($0, 0) },
      samples: latency.count, neverShown: tracker.neverShown)
    placeholderRatio = tracker.placeholderRatio.map { Fixed($0, 4) }
    // Both counted inside the one decode function; the naive run's pipeline does no work.
    mainThreadDecodes = counters.mainThreadDecodes + naiveDecodes
    images = Images(
      memoryHits: counters.memoryHits, misses: counters.memoryMisses,
      fileLoads: counters.fileLoads, httpLoads: counters.httpLoads,
      decodes: counters.decodes, decodeMsP50: counters.decodeTimeP50.map(ms),
      heldForFrames: counters.decodesHeldForFrames, holdMs: ms(counters.decodeHoldTime),
      coalesced: counters.coalescedRequests, cancellations: counters.cancellations,
      staleDrops: counters.staleDrops, failures: counters.failures,
      memoryCacheBytes: counters.memoryCacheBytes, memoryCacheLimit: counters.memoryCacheLimit)
    textLines = TextLines(shapedAhead: text.ahead, shapedWhileDrawing: text.whileDrawing)
    loadMs = Load(
      total: ms(load.total), parse: ms(load.parse), viewModels: ms(load.viewModels),
      firstRows: ms(load.firstRows), longestMainStall: ms(load.longestMainThreadStall))
    hudUs = hudCosts.isEmpty ? nil : Spread(Percentiles(hudCosts))
    sortDuringScroll = sort
    exportDuringScroll = export
    copyDuringScroll = copy
    peakRssMib = Fixed(ResourceUsage.peakResidentMiB, 1)
  }

  /// The JSON line.
  var json: String { (try? ReportLine.json(self)) ?? #"{"tool":"roster","error":"encoding"}"# }
}
