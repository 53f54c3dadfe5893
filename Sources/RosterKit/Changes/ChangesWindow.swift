import CGtk
import Directory
import FoundationEssentials
import GtkKit
import SharedSupport

/// "Changes…" (the main menu): a window beside the people that lists what
/// the offline copy saw change — who joined, left, moved or took a new
/// title (``ChangeHistory``) — newest first, read off the main thread and
/// narrowed by the words typed in its search entry; activating a line
/// opens that person in the main window.
typealias ChangesWindow = LinesWindow<ChangeLine>

extension LinesWindow where Line == ChangeLine {
  /// Opens a window on the history in `folder` (an offline copy's), over
  /// `parent`; a line activated calls `openPerson` with the person's identity.
  @discardableResult
  static func present(
    historyIn folder: URL, over parent: Widget,
    openPerson: @escaping @MainActor (String) -> Void
  ) -> ChangesWindow {
    let words = Words(
      title: tr("Changes"), listName: tr("What changed"), working: tr("Reading…"),
      nothingIcon: "document-open-recent-symbolic", nothingTitle: tr("No Changes"),
      nothingText: tr(
        "Nobody joined, left, moved or took a new title since the offline copy was made."),
      count: { count in
        String(filling: trn("%@ change", "%@ changes", count), NumberText.grouped(count))
      },
      searchPlaceholder: tr("Search by name, title or department"))
    let shown = ChangesWindow(
      words: words, over: parent, height: 620,
      matching: { text, lines in ChangeLine.matching(text, in: lines) }, openPerson: openPerson)
    shown.present { ChangeLine.lines((try? ChangeHistory.changes(in: folder)) ?? nil ?? []) }
    return shown
  }
}
