import CGtk
import Directory
import DirectoryGenerator
import Foundation
import GtkKit
import PreparedImages
import RosterKit
import SharedSupport

/// `roster-dev soak`: the real window on a large directory, driven for minutes
/// the way a person would use it — flings both ways, scrollbar jumps,
/// searches typed and cleared, list and grid switched, and the app's
/// Refresh every ``SoakOptions/refreshInterval`` with 1% of a generated
/// directory changed (so the diff path runs) — while what the process holds
/// is sampled into a CSV and a plot: resident memory, open descriptors, row
/// widgets, item objects, the model's items, image tasks in flight and the
/// cache bytes. ``SoakVerdict`` says whether anything leaked.
///
/// Samples are taken between actions, in list mode, once the image tasks
/// have drained (while they keep draining, at most a minute): a leak shows
/// as a trend, not as the noise of work in progress.
///
/// Threading: main-actor only; drives the GLib main context itself.
@MainActor
public final class Soak {
  let options: SoakOptions
  let clock = ContinuousClock()
  var random: SplitMix64
  let pipeline: ImagePipeline
  var window: MainWindow!
  var directory: SoakDirectory?
  var samples: [SoakSample] = []
  var counts = SoakCounts()
  private var started = ContinuousClock.now
  private var nextSample = ContinuousClock.now
  private var nextRefresh = ContinuousClock.now

  /// A soak of `options` (GTK must be started to ``run()`` it).
  public init(options: SoakOptions) {
    self.options = options
    random = SplitMix64(seed: options.seed)
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-soak-cache-\(getpid())")
    pipeline = ImagePipeline(configuration: configuration)
  }

  /// Starts GTK, runs the soak on `options`, prints the summary; the exit code
  /// (1 when a goal was missed or the soak could not run).
  public static func main(options: SoakOptions) -> Int32 {
    guard RosterBenchmark.startGTK() else { return 1 }
    do {
      let soak = Soak(options: options)
      let verdict = try soak.run()
      print(soak.counts.summary)
      print(verdict.summary)
      return verdict.passed ? 0 : 1
    } catch {
      FileHandle.standardError.write(Data("roster-dev soak: \(error)\n".utf8))
      return 1
    }
  }

  /// Opens the window, drives it for the configured time, writes the CSV and
  /// the plot and returns the verdict.
  public func run() throws -> SoakVerdict {
    try open()
    defer {
      window.close()
      MainContext.run(for: .milliseconds(50))
      try? FileManager.default.removeItem(at: pipeline.configuration.diskCacheDirectory!)
    }
    started = clock.now
    nextSample = started
    nextRefresh = started + options.refreshInterval
    let end = started + options.duration
    var step = 0
    while clock.now < end || step < options.minimumSteps
      || counts.refreshes < options.minimumRefreshes
    {
      if clock.now >= nextSample { sample() }
      let refreshOwed = clock.now >= end && counts.refreshes < options.minimumRefreshes
      if clock.now >= nextRefresh || refreshOwed {
        try refresh()
        nextRefresh = clock.now + options.refreshInterval
      }
      perform(SoakStep.allCases[step % SoakStep.allCases.count])
      step += 1
    }
    sample()
    let verdict = SoakVerdict(
      samples: samples, warmUpSeconds: options.warmUp.inMilliseconds / 1000)
    try Data(SoakSample.csv(samples).utf8).write(to: options.csv)
    try SoakPlot.write(
      samples, warmUpSeconds: options.warmUp.inMilliseconds / 1000,
      title: "roster-dev soak on \(options.source ?? "\(options.users) generated users"): "
        + (verdict.passed ? "PASS" : "FAIL"), to: options.plot)
    return verdict
  }

  /// The window on the directory, loaded, with its first rows on screen.
  private func open() throws {
    if let url = options.source, ServerOptions.isServerURL(url) {
      let server = try options.server.directory(url: url)
      window = MainWindow(application: nil, content: .server(server), pipeline: pipeline)
    } else {
      let directory = try SoakDirectory(options: options)
      self.directory = directory
      window = MainWindow(
        application: nil, content: .source(.success(.file(directory.file))), pipeline: pipeline)
    }
    window.shapesTextAhead = options.shapeAhead
    gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
    window.present()
    window.refresh()
    guard
      MainContext.run(
        until: { !self.window.isLoading && self.window.hasVisibleRows }, timeout: .seconds(300))
    else {
      window.close()
      throw SoakError.load("\(window.state)")
    }
    // GTK 4.8 can mis-apply the first programmatic jump (the rows stay at the top, the viewport
    // goes blank) unless the view has scrolled to an item once.
    gtk_widget_activate_action_variant(
      window.shownView, "list.scroll-to-item", g_variant_new_uint32(0))
    MainContext.run(for: .milliseconds(300))
  }

  /// Waits for the image tasks to drain, for as long as they keep draining
  /// (``waitForDrain(_:stall:limit:)``), then records a sample.
  private func sample() {
    Self.waitForDrain(
      { self.pipeline.statistics().inFlight }, stall: .seconds(10), limit: .seconds(60))
    let statistics = pipeline.statistics()
    var sample = SoakSample()
    sample.seconds = (clock.now - started).inMilliseconds / 1000
    sample.residentMiB = ResourceUsage.residentMiB
    sample.descriptors = ResourceUsage.openDescriptors
    sample.rows = window.liveRows
    sample.items = window.probe.items.alive
    sample.modelItems = window.itemCount
    sample.tasks = statistics.inFlight
    sample.memoryCacheBytes = statistics.memoryCacheBytes
    sample.diskCacheBytes = statistics.diskCacheBytes
    (sample.heapInUseMiB, sample.heapFreeMiB) = ResourceUsage.heapMiB
    samples.append(sample)
    nextSample = clock.now + options.sampleInterval
  }

  /// Iterates the main context until `count` is 0 for as long as it keeps
  /// falling: it must be lower at the end of each `stall` than at its start,
  /// and the whole wait is at most `limit`. Returns the last count.
  ///
  /// The decode thread runs in the idle scheduling class, so on a machine
  /// whose cores are taken its queue drains late but steadily; a task that
  /// never finishes stops the count falling, and the sample shows it.
  @discardableResult
  static func waitForDrain(
    _ count: @MainActor () -> Int, stall: Duration, limit: Duration
  ) -> Int {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    var atWindowStart = count()
    while atWindowStart > 0 {
      let window = min(stall, clock.now.duration(to: deadline))
      if window <= .zero { return atWindowStart }
      if MainContext.run(until: { count() == 0 }, timeout: window) { return 0 }
      let now = count()
      if now >= atWindowStart { return now }
      atWindowStart = now
    }
    return 0
  }

  /// Rewrites a generated directory with 1% changed (a server is re-read as
  /// it is), then activates the window's Refresh action and waits for it.
  private func refresh() throws {
    try directory?.rewrite()
    window.activate(.refresh)
    guard MainContext.run(until: { !self.window.isLoading }, timeout: .seconds(300)) else {
      throw SoakError.load("a refresh did not finish in 5 minutes")
    }
    counts.refreshes += 1
    if directory != nil, window.lastRefresh?.diff != nil { counts.refreshesAsDiff += 1 }
    MainContext.run(for: .milliseconds(200))
  }
}
