import CGtk
import Directory
import FoundationEssentials
import GtkKit
import SharedSupport

/// "Changes…" (the main menu): a window beside the people that lists what
/// the offline copy saw change — who joined, left, moved or took a new
/// title (``ChangeHistory``) — newest first, read off the main thread and
/// narrowed by the words typed in its search entry and by whose changes to
/// show (a manager's team, a group: ``ChangeScope``); activating a line
/// opens that person in the main window.
typealias ChangesWindow = LinesWindow<ChangeLine>

extension LinesWindow where Line == ChangeLine {
  /// Opens a window on the history in `folder` (an offline copy's), over
  /// `parent`. `scopes` are the choices beside the search, each named,
  /// decided over `people` (the copy's table and groups); the first is
  /// everyone's. A line activated calls `openPerson` with the person's
  /// identity.
  @discardableResult
  static func present(
    historyIn folder: URL, over parent: Widget,
    scopes: [(name: String, scope: ChangeScope)] = [],
    people: (table: UserTable, groups: DirectoryGroups)? = nil,
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
      searchPlaceholder: tr("Search by name, title or department"),
      choices: [tr("Everyone")] + scopes.map(\.name), choicesName: tr("Whose changes"))
    let chosen = [ChangeScope.everyone] + scopes.map(\.scope)
    let shown = ChangesWindow(
      words: words, over: parent, height: 620,
      matching: { query, lines in
        let scope = chosen.indices.contains(query.choice) ? chosen[query.choice] : .everyone
        let people = people.flatMap { scope.identities(in: $0.table, groups: $0.groups) }
        return ChangeLine.matching(query.text, in: lines, among: people)
      }, openPerson: openPerson)
    shown.present { ChangeLine.lines((try? ChangeHistory.changes(in: folder)) ?? nil ?? []) }
    return shown
  }
}
