import CGtk
import Directory
import DirectoryGenerator
import Foundation
import GtkKit
import RosterKit
import SharedSupport

/// `roster-dev bench --refresh-users N`: loads N generated users in the real
/// window, rewrites the file with 1% of them changed (a third edited, a
/// third deleted, a third inserted, spread through the list), refreshes, and
/// reports the main-thread time to apply the differences — the diff itself
/// is computed off the main thread during the load.
///
/// Threading: main-actor only; drives the GLib main context itself.
@MainActor
struct RefreshBenchmark {
  let users: Int

  /// One JSON line with the figures, or nil if the window never loaded.
  func run() throws -> String? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-refresh-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("users.json")
    var list = UserGenerator.users(count: users, avatarFileNames: [], seed: 7)
    for index in list.indices { list[index].id = "u\(index)" }
    try Data(UserGenerator.json(for: list)).write(to: file)

    guard let window = BenchWindow.loaded(from: file) else { return nil }
    defer { window.close() }
    MainContext.run(for: .milliseconds(200))

    // 1% changed, deterministically spread.
    var generator = SplitMix64(seed: 99)
    let change = OnePercentChange(users: users)
    change.apply(to: &list, using: &generator)
    try Data(UserGenerator.json(for: list)).write(to: file)

    let frames = FrameWatch(widget: window.peoplePage.listView)
    frames.isRecording = true
    window.refresh()
    guard MainContext.run(until: { !window.isLoading }, timeout: .seconds(120)) else { return nil }
    MainContext.run(for: .milliseconds(200))
    guard let summary = window.lastRefresh else { return nil }
    let milliseconds = summary.mainThreadTime.inMilliseconds
    let diff = summary.diff
    return """
      {"tool":"roster","refresh_users":\(users),"changed":\(change.changes),\
      "applied_as_diff":\(diff != nil),"splices":\(diff?.splices.count ?? 0),\
      "inserted":\(diff?.insertedCount ?? 0),"removed":\(diff?.removedCount ?? 0),\
      "reconfigured":\(diff?.reconfigured.count ?? 0),\
      "apply_main_thread_ms":\(String(format: "%.2f", milliseconds)),\
      "longest_frame_interval_ms":\(String(format: "%.1f", frames.longestInterval))}
      """
  }
}
