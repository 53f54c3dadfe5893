/// What a soak did to the window, for its report.
///
/// Threading: `Sendable` value.
struct SoakCounts: Sendable {
  var flings = 0
  var jumps = 0
  var searches = 0
  var keystrokes = 0
  var gridSwitches = 0
  var refreshes = 0
  /// Refreshes of a generated directory that were applied as differences.
  var refreshesAsDiff = 0

  /// One line: "soak actions: …".
  var summary: String {
    "soak actions: \(flings) flings, \(jumps) scrollbar jumps, \(searches) searches "
      + "(\(keystrokes) keystrokes), \(gridSwitches) list/grid switches, \(refreshes) refreshes "
      + "(\(refreshesAsDiff) applied as differences)"
  }
}
