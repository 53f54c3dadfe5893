import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import PreparedImages
import RosterKit
import SharedSupport

/// `roster-dev bench --source ldap://… --group NAME` and `--reports-to
/// USERNAME`: what narrowing a server's list costs before its first rows
/// show. The real window opens the server's directory and waits until it
/// shows everyone (and lists its groups); then, five times, the group is
/// chosen as a click in the sidebar chooses it, or the manager's reports
/// are shown as their page's "Show in the List" shows them, and the time
/// from the choice to the first frame painted with the rows is taken;
/// alternately after and before each, ldapsearch reads the same sorted
/// window (the filter and sort keys the window's view sent) on a fresh
/// connection: the server's own cost.
/// Between runs the list goes back to everyone, so every choice reads a new
/// view on a connection of its own, as a click does; each timed step starts
/// with the window at rest (no row on screen waiting for its avatar). Prints
/// one JSON line per narrowing with the medians, each sample, the
/// difference, and Roster's time split at its first window's answer.
///
/// Threading: main-actor only; drives the GLib main context while it waits.
@MainActor
struct NarrowingBenchmark {
  /// One narrowing's figures.
  struct Report: ReportObject {
    let tool = "roster"
    let source = "ldap"
    /// "group" or "reports".
    let narrowing: String
    /// The group's name, or the manager's username.
    let name: String
    /// The people narrowed to, and everyone.
    let rows, everyone: Int
    let filter, sortKeys: String
    let runs: Int
    /// Choice to the first frame painted with the rows; ldapsearch's same
    /// sorted window; medians in milliseconds.
    let firstRowsMs: Fixed?
    let ldapsearchFirstRangeMs: Fixed?
    let firstRowsOverLdapsearchMs: Fixed?
    let targetOverLdapsearchMs: Int
    let met: Bool?
    /// Every run's time, in the order measured.
    let firstRowsSamplesMs: [Fixed]
    let ldapsearchSamplesMs: [Fixed]
    /// Of Roster's time, the part until the first window was read (the
    /// view made, its connection opened, the server's sort) and the part
    /// after it until the rows were painted (the first page of rows read
    /// and shown); medians, then every run's.
    let firstRangeMs: Fixed?
    let rowsAfterFirstRangeMs: Fixed?
    let firstRangeSamplesMs: [Fixed]
    /// While the first window was on its way: the CPU time Roster's
    /// process used (on a machine of few cores, taken from the server's
    /// sort) and the frames it painted; medians.
    let cpuUntilFirstRangeMs: Fixed?
    let framesUntilFirstRange: Fixed?
    /// The narrowed views' requests over all runs: ranges read, sorted
    /// lists the server opened, connections, "busy" answers retried.
    let ranges, contextsOpened, connectionsOpened, busyRetries: Int
  }

  /// What is narrowed to.
  enum Choice {
    /// The sidebar's group with this name (or id).
    case group(String)
    /// The reports of the person with this username.
    case reports(String)
  }

  /// Runs a narrowing takes (medians of these).
  static let runs = 5
  /// The most a group's first rows may take over ldapsearch's, in ms.
  static let groupTarget = 100
  /// The most a manager's reports may take over ldapsearch's, in ms.
  static let reportsTarget = 50

  let url: String
  let choices: [Choice]
  let open: @MainActor () throws(DirectoryError) -> any RangedDirectory

  /// The JSON lines, or nil (and why, on stderr) when a step failed.
  func run() -> [String]? {
    let window: MainWindow
    do {
      window = MainWindow(
        application: nil, content: .server(try open()), pipeline: Self.makePipeline())
    } catch {
      return fail(error.localizedDescription)
    }
    defer {
      window.close()
      MainContext.run(for: .milliseconds(50))
    }
    gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
    window.present()
    window.refresh()
    guard
      MainContext.run(
        until: { !window.isLoading && window.hasVisibleRows }, timeout: .seconds(600)),
      let page = window.serverPage
    else { return fail("everyone's first rows did not come") }
    let everyone = page.model.count
    var lines: [String] = []
    for choice in choices {
      guard let line = measure(choice, in: window, page: page, everyone: everyone) else {
        return nil
      }
      lines.append(line)
    }
    return lines
  }

  private func measure(
    _ choice: Choice, in window: MainWindow, page: ServerReader, everyone: Int
  ) -> String? {
    let narrow: @MainActor () -> Void
    // Back to everyone the same way: the sidebar's line, or the page's list.
    let back: @MainActor () -> Void
    let name: String
    let target: Int
    switch choice {
    case .group(let group):
      name = group
      target = Self.groupTarget
      // As a user finds it: the sidebar opened, the name typed in its search.
      guard MainContext.run(until: { window.offersGroups }, timeout: .seconds(600)) else {
        return fail("the server lists no groups")
      }
      window.isSidebarOpen = true
      window.searchSidebarGroups(group)
      guard
        MainContext.run(
          until: { window.sidebarShowsGroup(named: group) }, timeout: .seconds(600))
      else { return fail("the server lists no group named \(group)") }
      narrow = { window.chooseSidebarGroup(named: group) }
      back = { window.showGroup(nil) }
    case .reports(let username):
      name = username
      target = Self.reportsTarget
      guard let manager = person(username, in: page.directory) else {
        return fail("the server has no person \(username)")
      }
      narrow = { window.showReports(of: manager.id, name: manager.username) }
      back = { page.showGroup(nil) }
    }
    var roster: [Double] = []
    var opened: [Double] = []
    var cpu: [Double] = []
    var frames: [Double] = []
    var baseline: [Double] = []
    var totals = LDAPStatistics()
    var rows = 0
    var sent = (filter: "", sortKeys: "", access: LDAPSearchAccess())
    let search = {
      Self.settle(window)
      if let time = LDAPSearchBaseline.firstRange(
        url: url, filter: sent.filter, sortKeys: sent.sortKeys, access: sent.access)
      {
        baseline.append(time)
      }
    }
    for run in 0..<Self.runs {
      // Who goes first alternates (from the second run, once the filter
      // sent is known), so neither always follows the other's work.
      let searchFirst = run % 2 == 1
      if searchFirst { search() }
      Self.settle(window)
      let painting = PaintCounter(window)
      let cpuBefore = ResourceUsage.cpuMilliseconds
      let started = ContinuousClock.now
      narrow()
      guard MainContext.run(until: { !page.isLoading }, timeout: .seconds(600)) else {
        return fail("\(name)'s first window did not come")
      }
      opened.append((ContinuousClock.now - started).inMilliseconds)
      cpu.append(ResourceUsage.cpuMilliseconds - cpuBefore)
      frames.append(Double(painting.stop()))
      guard Self.filled(window, timeout: .seconds(60)), Self.painted(window) else {
        return fail("\(name)'s first rows did not show")
      }
      roster.append((ContinuousClock.now - started).inMilliseconds)
      rows = page.model.count
      guard let view = reading(page.shownDirectory) else { return fail("not an LDAP directory") }
      sent = (view.filter, view.sortKeysSent, LDAPSearchAccess(view.options))
      let statistics = view.statistics
      totals.rangesRead += statistics.rangesRead
      totals.contextsOpened += statistics.contextsOpened
      totals.connectionsOpened += statistics.connectionsOpened
      totals.busyRetries += statistics.busyRetries
      if !searchFirst { search() }
      // Back to everyone: the next choice reads a new view, as a click does.
      back()
      guard
        MainContext.run(
          until: {
            !page.isLoading && page.model.count == everyone && window.peoplePage.hasVisibleRows
          },
          timeout: .seconds(600))
      else { return fail("everyone did not come back") }
    }
    let rosterMedian = Percentiles(roster)(0.5)
    let baselineMedian = Percentiles(baseline)(0.5)
    let difference = rosterMedian.flatMap { r in baselineMedian.map { r - $0 } }
    let openedMedian = Percentiles(opened)(0.5)
    let after = Percentiles(zip(roster, opened).map { $0 - $1 })(0.5)
    let kind =
      switch choice {
      case .group: "group"
      case .reports: "reports"
      }
    return try? ReportLine.json(
      Report(
        narrowing: kind, name: name, rows: rows, everyone: everyone, filter: sent.filter,
        sortKeys: sent.sortKeys, runs: Self.runs,
        firstRowsMs: rosterMedian.map { Fixed($0, 1) },
        ldapsearchFirstRangeMs: baselineMedian.map { Fixed($0, 1) },
        firstRowsOverLdapsearchMs: difference.map { Fixed($0, 1) },
        targetOverLdapsearchMs: target, met: difference.map { $0 <= Double(target) },
        firstRowsSamplesMs: roster.map { Fixed($0, 1) },
        ldapsearchSamplesMs: baseline.map { Fixed($0, 1) },
        firstRangeMs: openedMedian.map { Fixed($0, 1) },
        rowsAfterFirstRangeMs: after.map { Fixed($0, 1) },
        firstRangeSamplesMs: opened.map { Fixed($0, 1) },
        cpuUntilFirstRangeMs: Percentiles(cpu)(0.5).map { Fixed($0, 1) },
        framesUntilFirstRange: Percentiles(frames)(0.5).map { Fixed($0, 0) },
        ranges: totals.rangesRead, contextsOpened: totals.contextsOpened,
        connectionsOpened: totals.connectionsOpened, busyRetries: totals.busyRetries))
  }

  /// Whether the narrowed list's first rows came: its first window was
  /// read (the model was reset to its count) and every row on screen shows
  /// its person.
  private static func filled(_ window: MainWindow, timeout: Duration) -> Bool {
    guard let page = window.serverPage else { return false }
    return MainContext.run(
      until: {
        !page.isLoading && window.peoplePage.hasVisibleRows && page.skeletonRows().visible == 0
      }, timeout: timeout)
  }

  /// Lets the window come to rest before a timed step, so neither Roster
  /// nor ldapsearch is timed while the other's avatars still load: until
  /// no row on screen waits for one (ten seconds at most), then 200 ms.
  private static func settle(_ window: MainWindow) {
    MainContext.run(until: { window.visibleRowsWaitingForAvatars == 0 }, timeout: .seconds(10))
    MainContext.run(for: .milliseconds(200))
  }

  /// Waits for the window's next painted frame; false when none came in ten seconds.
  private static func painted(_ window: MainWindow) -> Bool {
    guard let clock = gtk_widget_get_frame_clock(window.window) else { return false }
    var painted = false
    let connection = Signals.connect(gobject(clock), .afterPaint) { painted = true }
    defer { connection.disconnect() }
    gtk_widget_queue_draw(window.window)
    return MainContext.run(until: { painted }, timeout: .seconds(10))
  }

  /// The person `username` of `directory`, read off the main thread.
  private func person(_ username: String, in directory: any RangedDirectory)
    -> DirectoryEntry?
  {
    guard let organised = directory as? any OrganisedDirectory else { return nil }
    return wait { try? await organised.person(username: username) } ?? nil
  }

  /// The LDAP directory `view` reads from (its narrowing already worked out).
  private func reading(_ view: any RangedDirectory) -> LDAPDirectory? {
    wait { try? await LDAPDirectory.reading(view) } ?? nil
  }

  /// `work`'s answer, run off the main thread while the main context runs.
  private func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T? {
    var result: T?
    let task = Task.detached { await work() }
    Task { @MainActor in result = await task.value }
    guard MainContext.run(until: { result != nil }, timeout: .seconds(60)) else { return nil }
    return result
  }

  private static func makePipeline() -> ImagePipeline {
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-bench-cache-\(getpid())")
    return ImagePipeline(configuration: configuration)
  }

  private func fail<T>(_ message: String) -> T? {
    FileHandle.standardError.write(Data("roster-dev bench: \(message)\n".utf8))
    return nil
  }
}
