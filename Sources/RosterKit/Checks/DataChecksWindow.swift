import CGtk
import Directory
import GtkKit
import SharedSupport

/// "Check Data…" (the main menu): a window beside the people that lists
/// what to fix in the directory's data (``DataCheck``), found off the main
/// thread over the loaded table; activating a line opens that person in
/// the main window.
typealias DataChecksWindow = LinesWindow<FindingLine>

extension LinesWindow where Line == FindingLine {
  /// Opens a window on the findings in `table`, over `parent`; a line
  /// activated calls `openPerson` with the person's identity.
  @discardableResult
  static func present(
    _ table: UserTable, over parent: Widget, openPerson: @escaping @MainActor (String) -> Void
  ) -> DataChecksWindow {
    let words = Words(
      title: tr("Data Checks"), listName: tr("What to fix"), working: tr("Checking…"),
      nothingIcon: "emblem-ok-symbolic", nothingTitle: tr("Nothing to Fix"),
      nothingText: tr(
        "No unknown or disabled managers, no loops, no missing or shared addresses."),
      count: { count in
        String(
          filling: trn("%@ thing to fix", "%@ things to fix", count), NumberText.grouped(count))
      })
    let shown = DataChecksWindow(words: words, over: parent, openPerson: openPerson)
    shown.present { FindingLine.lines(table.dataFindings(), in: table) }
    return shown
  }
}
