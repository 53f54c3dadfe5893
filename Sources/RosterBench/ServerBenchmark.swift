import CGtk
import Directory
import DirectoryGenerator
import DirectoryLDAP
import Foundation
import GtkKit
import PreparedImages
import RosterKit
import SharedSupport

/// `roster-dev bench --source ldap://…`: the real window on a directory server,
/// measured the way the local benchmark is (frames while scrolling at
/// constant speeds) plus what a windowed source adds: how often a visible
/// row is still a skeleton, how long rows take to fill after a jump of the
/// scrollbar, the time to the first filled rows, and the LDAP calls made on
/// the main thread (none is allowed). `ldapsearch` reads the same ranges
/// with the same controls first: the server's own cost, the floor for fill
/// times.
///
/// Threading: main-actor only; drives the GLib main context itself.
@MainActor
final class ServerBenchmark {
  private let url: String
  private let open: @MainActor () throws(DirectoryError) -> any RangedDirectory
  private let options: BenchmarkOptions
  /// Counts the directory's libldap operations on the main thread.
  private let mainThreadCalls: LDAPMainThreadCalls
  /// 20 jumps to positions from a seeded generator.
  static let jumps = 20

  init(
    url: String, options: BenchmarkOptions, mainThreadCalls: LDAPMainThreadCalls,
    open: @escaping @MainActor () throws(DirectoryError) -> any RangedDirectory
  ) {
    self.url = url
    self.options = options
    self.mainThreadCalls = mainThreadCalls
    self.open = open
  }

  /// Prints one JSON line per speed; returns the exit code.
  func run() -> Int32 {
    var baseline: LDAPSearchBaseline?
    var firstRows: Duration?
    for speed in options.speeds {
      let window: MainWindow
      let directory: any RangedDirectory
      do {
        directory = try open()
        window = MainWindow(application: nil, content: .server(directory), pipeline: makePipeline())
      } catch {
        FileHandle.standardError.write(
          Data("roster-dev bench: \(error.localizedDescription)\n".utf8))
        return 1
      }
      gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
      window.present()
      // First rows count from the moment the directory is asked for, in a
      // window already on screen: what the app adds to the server's answer.
      MainContext.run(for: .milliseconds(200))
      let started = ContinuousClock.now
      window.refresh()
      guard
        MainContext.run(
          until: { !window.isLoading && window.hasVisibleRows }, timeout: .seconds(120)),
        let page = window.serverPage
      else {
        FileHandle.standardError.write(Data("roster-dev bench: the first rows did not fill\n".utf8))
        window.close()
        return 1
      }
      // The first run's start-up is the cold one (the server's sort included).
      if firstRows == nil {
        firstRows = ContinuousClock.now - started
        baseline = LDAPSearchBaseline.measure(
          url: url, count: page.model.count, jumps: Self.jumps, seed: 42)
      }
      MainContext.run(for: .milliseconds(300))
      let jumpFills = measureJumps(window, page)
      let (frames, skeletons) = scroll(window, page: page, speed: speed)
      let report = ServerBenchmarkReport(
        source: DirectoryKinds.kind(forSource: url)?.id ?? "", rows: page.model.count,
        speed: speed, seconds: options.seconds, frames: frames,
        skeletonRatio: skeletons, jumpFills: jumpFills, firstRows: firstRows ?? .zero,
        baseline: baseline, ranges: page.model.statistics,
        client: DirectoryKind.ldap.statistics(of: directory)?.counters as? LDAPStatistics,
        mainThreadCalls: mainThreadCalls.count)
      window.close()
      MainContext.run(for: .milliseconds(50))
      print(report.json)
      fflush(nil)
    }
    return 0
  }

  private func makePipeline() -> ImagePipeline {
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-bench-cache-\(getpid())")
    return ImagePipeline(configuration: configuration)
  }

  /// Jumps the scrollbar to seeded random positions; for each, the time
  /// until every visible row shows its person.
  private func measureJumps(_ window: MainWindow, _ page: ServerReader) -> [Double] {
    let list = window.peoplePage
    var random = SplitMix64(seed: 42)
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(list.listView))!
    var fills: [Double] = []
    for _ in 0..<Self.jumps {
      let count = page.model.count
      guard count > 0, list.viewport.rowHeight > 0 else { break }
      let target = random.next(below: count)
      let started = ContinuousClock.now
      gtk_adjustment_set_value(adjustment, Double(target) * list.viewport.rowHeight)
      let filled = MainContext.run(
        until: {
          let visible = list.viewport.visible
          return visible.contains(min(target, count - 1)) && page.skeletonRows().visible == 0
        }, timeout: .seconds(20))
      if filled { fills.append((ContinuousClock.now - started).inMilliseconds) }
      MainContext.run(for: .milliseconds(100))
    }
    return fills
  }

  /// Scrolls at `speed` for the configured time; the frames, and the share
  /// of visible row-frames that showed a skeleton.
  private func scroll(_ window: MainWindow, page: ServerReader, speed: Double)
    -> (FrameStatistics, Double)
  {
    let recorder = FrameRecorder(window: window.window)
    window.peoplePage.factory.bindObserver = { recorder.recordBind(microseconds: $0) }
    var rowFrames = 0
    var skeletonFrames = 0
    var done = false
    let driver = ScrollDriver(
      listView: window.peoplePage.listView, recorder: recorder, speed: speed,
      seconds: options.seconds)
    driver.run(
      frame: { _ in
        let (_, visible) = page.skeletonRows()
        rowFrames += window.peoplePage.viewport.visible.count
        skeletonFrames += visible
      }, done: { done = true })
    MainContext.run(until: { done }, timeout: .seconds(options.seconds * 3 + 30))
    recorder.stop()
    window.peoplePage.factory.bindObserver = nil
    let ratio = rowFrames > 0 ? Double(skeletonFrames) / Double(rowFrames) : 0
    return (recorder.statistics(), ratio)
  }
}
