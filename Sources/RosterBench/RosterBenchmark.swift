import CGtk
import Directory
import DirectoryGenerator
import DirectoryLDAP
import Foundation
import GtkKit
import PreparedImages
import RosterKit

/// `roster-dev bench`: the real window, 480×800, scrolled at constant speeds by a
/// tick callback exactly like run-floor, printing one JSON line
/// per run with run-floor's fields plus Roster's own (avatar latency,
/// placeholder ratio, pipeline statistics, load figures, peak RSS).
/// docs/PERFORMANCE.md ("What the bench reports") defines each field.
///
/// Threading: main-actor only; drives the GLib main context itself.
@MainActor
public final class RosterBenchmark {
  private let options: BenchmarkOptions

  /// Creates a benchmark for `options`.
  public init(options: BenchmarkOptions) { self.options = options }

  /// Runs every speed in turn; returns the process exit code.
  public func run() -> Int32 {
    if let users = options.refreshUsers { return runRefresh(users: users) }
    if let url = options.source, ServerOptions.isServerURL(url) { return runServer(url: url) }
    let source: URL
    do {
      source = try prepareDirectory()
    } catch {
      FileHandle.standardError.write(Data("roster-dev bench: \(error)\n".utf8))
      return 1
    }
    guard Self.startGTK() else { return 1 }
    if options.search {
      guard let line = SearchBenchmark(source: source).run() else { return 1 }
      print(line)
      return 0
    }
    if options.browseGroups {
      guard let line = GroupsBenchmark(source: source).run() else { return 1 }
      print(line)
      return 0
    }
    for speed in options.speeds {
      guard let result = measure(source: source, speed: speed) else { return 1 }
      print(result)
      fflush(nil)
    }
    return 0
  }

  /// Starts GTK and the main-queue bridge once; false (and why, on
  /// stderr) without a display.
  static func startGTK() -> Bool {
    guard gtk_init_check() != 0 else {
      FileHandle.standardError.write(
        Data("roster-dev bench: no display (run under xvfb-run)\n".utf8))
      return false
    }
    MainQueueBridge.install()
    Stylesheet.install()
    return true
  }

  private func runServer(url: String) -> Int32 {
    guard Self.startGTK() else { return 1 }
    // Every LDAP call the window makes on the main thread is counted (none
    // is allowed); the app's own options count nothing.
    let mainThreadCalls = LDAPMainThreadCalls()
    let server = options.server
    let open = { @MainActor () throws(DirectoryError) -> any RangedDirectory in
      let directory = try server.directory(url: url)
      return (directory as? LDAPDirectory)?.counting(mainThreadCalls: mainThreadCalls) ?? directory
    }
    if let order = options.columnSort {
      let benchmark = ColumnSortBenchmark(url: url, order: order, runs: 5, open: open)
      guard let line = benchmark.run() else { return 1 }
      print(line)
      return 0
    }
    let narrowings =
      (options.group.map { [NarrowingBenchmark.Choice.group($0)] } ?? [])
      + (options.reportsTo.map { [NarrowingBenchmark.Choice.reports($0)] } ?? [])
    if !narrowings.isEmpty {
      let benchmark = NarrowingBenchmark(url: url, choices: narrowings, open: open)
      guard let lines = benchmark.run() else { return 1 }
      for line in lines { print(line) }
      return 0
    }
    return ServerBenchmark(
      url: url, options: options, mainThreadCalls: mainThreadCalls, open: open
    ).run()
  }

  private func runRefresh(users: Int) -> Int32 {
    guard Self.startGTK() else { return 1 }
    do {
      guard let line = try RefreshBenchmark(users: users).run() else { return 1 }
      print(line)
      return 0
    } catch {
      FileHandle.standardError.write(Data("roster-dev bench: \(error)\n".utf8))
      return 1
    }
  }

  /// The generated directory under .build/bench-data (made once per
  /// generator data version), or --source.
  private func prepareDirectory() throws -> URL {
    if let source = options.source { return URL(fileURLWithPath: source) }
    let root =
      ResourceLocator.root ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let folder = root.appendingPathComponent(
      ".build/bench-data/users-\(options.users)-avatars-\(options.avatars)"
        + "-v\(DirectoryGenerator.dataVersion)")
    let users = folder.appendingPathComponent("users.json")
    if !FileManager.default.fileExists(atPath: users.path) {
      note("generating \(options.users) users and \(options.avatars) avatars in \(folder.path)…")
      _ = try DirectoryGenerator.write(users: options.users, avatars: options.avatars, to: folder)
    }
    return users
  }

  /// One run: the app's set-up (the real window with its own image
  /// pipeline) loads the directory, then scrolls it at `speed`. Every
  /// counter covers this run only, from the measured scroll's start: the
  /// load's and the pre-roll's binds and decodes are not in it.
  private func measure(source: URL, speed: Double) -> String? {
    var configuration = ImagePipelineConfiguration()
    configuration.simulatedLatency = options.simulatedLatency
    if let decoders = options.decoders { configuration.maxConcurrentDecodes = decoders }
    if let hold = options.decodeHold { configuration.maxDecodeHoldForFrames = hold }
    configuration.diskCacheDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-bench-cache-\(getpid())-\(Int(speed))")
    let pipeline = ImagePipeline(configuration: configuration)
    // The "before": the rows decode in bind and nothing else (no prefetching).
    let naive = options.pipeline == .naive ? NaiveAvatarBinder(configuration: configuration) : nil
    let probe = RowProbe()
    let window = BenchWindow.open(
      .file(source), pipeline: pipeline, probe: probe, rowAvatars: naive,
      width: options.view.windowWidth)
    window.viewMode = options.view.mode
    window.shapesTextAhead = options.shapeAhead
    defer {
      window.close()
      MainContext.run(for: .milliseconds(50))
    }
    guard let load = loadDirectory(in: window, source: source) else { return nil }
    if let group = options.group, !GroupsBenchmark.show(group, in: window) {
      note("no group named \(group) in \(source.path)")
      return nil
    }
    MainContext.run(for: .milliseconds(300))

    if options.cache == .warm {
      runScroll(window, speed: speed, recorder: nil, tracker: nil)
    }
    let recorder = FrameRecorder(window: window.window, probe: probe)
    window.peoplePage.observeBindDurations(
      bind: { recorder.recordBind(microseconds: $0) },
      unbind: { recorder.recordUnbind(microseconds: $0) })
    window.isHudShown = options.hud
    window.hud.recordsCost = options.hud
    let tracker = AvatarLatencyTracker()
    window.avatars?.onShown = { tracker.shown($0) }
    pipeline.resetStatistics()
    probe.resetTextCounts()
    let naiveBefore = naive?.counts.mainThreadDecodes ?? 0
    let chromeBefore = probe.headerRenders.count
    tracker.isRecording = true
    let sort = options.sortDuringScroll.map { SortDuringScroll(order: $0, at: options.seconds / 3) }
    let export = options.exportDuringScroll.map {
      ExportDuringScroll(format: $0, at: options.seconds / 3)
    }
    let copy = options.copyDuringScroll.map { CopyDuringScroll(count: $0, at: options.seconds / 3) }
    runScroll(
      window, speed: speed, recorder: recorder, tracker: tracker, sort: sort, export: export,
      copy: copy)
    tracker.isRecording = false
    let chromeRenders = probe.headerRenders.count - chromeBefore
    recorder.stop()
    if let path = options.framesCSV {
      let file = FrameLog.path(path, speed: speed, speeds: options.speeds.count)
      do {
        try FrameLog(recorder).csv.write(toFile: file, atomically: true, encoding: .utf8)
      } catch {
        FileHandle.standardError.write(
          Data("roster-dev bench: could not write \(file): \(error.localizedDescription)\n".utf8))
      }
    }
    window.peoplePage.observeBindDurations(bind: nil, unbind: nil)
    let statistics = pipeline.statistics()
    let text = (
      ahead: probe.linesShapedAhead,
      whileDrawing: probe.linesShapedWhileDrawing
    )
    let naiveDecodes = (naive?.counts.mainThreadDecodes ?? 0) - naiveBefore

    return BenchmarkReport(
      rows: window.itemCount, speed: speed, frames: recorder.statistics(),
      hudCosts: window.hud.costs, tracker: tracker, pipeline: statistics, options: options,
      columns: window.peoplePage.tableColumnCount,
      naiveDecodes: naiveDecodes, chromeRenders: chromeRenders, text: text, load: load,
      sort: sort?.figures(recorder), export: export?.figures(recorder, people: window.itemCount),
      copy: copy?.figures(recorder)
    ).json
  }

  /// Loads the directory into `window` the way the app does, measuring load
  /// time, time to first rows and the longest main-thread stall.
  private func loadDirectory(in window: MainWindow, source: URL) -> LoadFigures? {
    let started = ContinuousClock.now
    var loadDuration = Duration.zero
    window.onEvent = { event in
      if case .opened(let opening) = event { loadDuration = opening.duration }
    }
    window.refresh()
    var longestStall = Duration.zero
    var last = ContinuousClock.now
    let finished = MainContext.run(
      until: {
        let now = ContinuousClock.now
        longestStall = max(longestStall, now - last)
        last = now
        // The list counts its binds; the grid and the table, their mapped rows.
        let rowsShown = options.view == .list ? window.hasBoundRows : window.hasVisibleRows
        return !window.isLoading && rowsShown
      }, timeout: .seconds(120))
    guard finished, let contents = window.localPage.contents else {
      note("could not load \(source.path): \(window.state)")
      return nil
    }
    return LoadFigures(
      total: loadDuration, parse: contents.parseDuration, viewModels: contents.viewModelDuration,
      firstRows: (window.firstRowsShown ?? .now) - started, longestMainThreadStall: longestStall)
  }

  private func runScroll(
    _ window: MainWindow, speed: Double, recorder: FrameRecorder?, tracker: AvatarLatencyTracker?,
    sort: SortDuringScroll? = nil, export: ExportDuringScroll? = nil,
    copy: CopyDuringScroll? = nil
  ) {
    let recorder = recorder ?? FrameRecorder(window: window.window)
    let page = window.peoplePage
    var done = false
    // Avatar latency is followed in the list, whose viewport tracker knows
    // which rows are visible; the grid and the table report it as null.
    if let tracker, options.view == .list {
      // After the frame's layout and paint: this frame's binds are in.
      recorder.afterPaint = {
        var rows: [(identity: String, showsAvatar: Bool)] = []
        let visible = page.viewport.visible
        page.factory.forEachBoundRow { row, position in
          if visible.contains(position), row.expectsAvatar, let identity = row.identity {
            rows.append((identity, row.showsAvatar))
          }
        }
        tracker.frame(visibleRows: rows)
      }
    }
    let driver = ScrollDriver(
      listView: page.shownView, recorder: recorder, speed: speed, seconds: options.seconds)
    let start = ContinuousClock.now
    driver.run(
      frame: { _ in
        let elapsed = (ContinuousClock.now - start).inMilliseconds / 1000
        sort?.frame(elapsed: elapsed, page: page, recorder: recorder)
        export?.frame(elapsed: elapsed, window: window, recorder: recorder)
        copy?.frame(elapsed: elapsed, window: window, recorder: recorder)
      }, done: { done = true })
    // Blocking in poll between frames, as the app's own loop does (not polling every ms).
    MainContext.runBlocking(until: { done }, timeout: .seconds(options.seconds * 3 + 30))
    if tracker == nil { recorder.stop() }
  }

  private func note(_ message: String) {
    if !options.jsonOnly { FileHandle.standardError.write(Data("\(message)\n".utf8)) }
  }
}

/// How long the directory took to reach the screen in one run.
///
/// Threading: a value, made on the main actor.
struct LoadFigures {
  let total: Duration
  let parse: Duration
  let viewModels: Duration
  let firstRows: Duration
  let longestMainThreadStall: Duration
}
