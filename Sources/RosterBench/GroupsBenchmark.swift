import CGtk
import Directory
import Foundation
import GtkKit
import RosterKit
import SharedSupport

/// `roster-dev bench --browse-groups`: loads the generated directory in the
/// real window, chooses its 20 largest groups in a row (as a click in the
/// sidebar does) and then opens 50 managers of the org tree in a row, and
/// reports how long each took to show its first rows (to the first frame
/// painted with them), the longest frame interval meanwhile and the peak
/// resident memory, to set beside a plain scroll's.
///
/// Threading: main-actor only; drives the GLib main context itself.
@MainActor
struct GroupsBenchmark {
  let source: URL

  /// How many groups are chosen and managers opened.
  static let groupCount = 20
  static let expansions = 50

  /// One line of figures.
  struct Report: ReportObject {
    let tool = "roster"
    let browseUsers: Int
    let groups: Int
    let largestGroup: Int
    let largestGroupFirstRowsMs: Fixed
    let groupFirstRowsMs: Spread
    let expansions: Int
    let expansionRowsMs: Spread
    let longestFrameIntervalMs: Fixed
    let peakRssMib: Fixed
  }

  /// Median and worst of a series, in milliseconds.
  struct Spread: Encodable {
    let median, max: Fixed
    init(_ values: [Double]) {
      median = Fixed(Percentiles(values)(0.5) ?? 0, 1)
      max = Fixed(values.max() ?? 0, 1)
    }
  }

  /// Shows the people of the group named `name` (or with that id) in
  /// `window` and waits until they are all in the model; false when there
  /// is no such group or they did not come within a minute.
  static func show(_ name: String, in window: MainWindow) -> Bool {
    let groups = window.localPage.groups
    guard let number = groups.number(named: name), window.showGroup(number) else { return false }
    return showing(groups[number].members.count, in: window)
  }

  private static func showing(_ count: Int, in window: MainWindow) -> Bool {
    MainContext.run(
      until: {
        let page = window.localPage
        return page.model.count == count && !page.isFiltering && !page.model.isReloading
      }, timeout: .seconds(60))
  }

  func run() -> String? {
    guard let window = BenchWindow.loaded(from: source) else { return nil }
    defer { window.close() }
    let groups = window.localPage.groups
    guard groups.count >= Self.groupCount else {
      FileHandle.standardError.write(Data("roster-dev bench: too few groups\n".utf8))
      return nil
    }
    let frames = FrameWatch(widget: window.window)
    frames.isRecording = true
    // The largest first: the generator ranks groups by size.
    let chosen = groups.indices.sorted { groups[$0].members.count > groups[$1].members.count }
      .prefix(Self.groupCount)
    var groupTimes: [Double] = []
    for number in chosen {
      let started = ContinuousClock.now
      guard window.showGroup(number), Self.showing(groups[number].members.count, in: window),
        Self.painted(window)
      else { return nil }
      groupTimes.append((ContinuousClock.now - started).inMilliseconds)
    }
    window.showGroup(nil)
    guard Self.showing(window.localPage.contents?.viewModels.count ?? 0, in: window) else {
      return nil
    }

    // The org tree, opened a manager at a time from the top down.
    window.viewMode = .tree
    let tree = window.localPage.orgTree
    guard
      MainContext.run(
        until: { !tree.source.isLoading && tree.lineCount > 0 }, timeout: .seconds(60))
    else { return nil }
    var expansionTimes: [Double] = []
    var line = 0
    while expansionTimes.count < Self.expansions, line < tree.lineCount {
      defer { line += 1 }
      guard let person = tree.source.person(atLine: line), let table = tree.source.table,
        table.reportCount(of: person) > 0
      else { continue }
      let before = tree.lineCount
      let started = ContinuousClock.now
      tree.setExpanded(true, line: line)
      guard tree.lineCount > before, Self.painted(window) else { return nil }
      expansionTimes.append((ContinuousClock.now - started).inMilliseconds)
    }
    frames.isRecording = false
    let largest = chosen.first.map { groups[$0].members.count } ?? 0
    return try? ReportLine.json(
      Report(
        browseUsers: window.localPage.contents?.viewModels.count ?? 0, groups: groupTimes.count,
        largestGroup: largest, largestGroupFirstRowsMs: Fixed(groupTimes.first ?? 0, 1),
        groupFirstRowsMs: Spread(groupTimes), expansions: expansionTimes.count,
        expansionRowsMs: Spread(expansionTimes),
        longestFrameIntervalMs: Fixed(frames.longestInterval, 1),
        peakRssMib: Fixed(ResourceUsage.peakResidentMiB, 1)))
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
}
