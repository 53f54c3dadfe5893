import CGtk
import Directory
import GtkKit
import SharedSupport

/// The organisation as a tree, the page's fourth view: the people without
/// a manager at the top (and one person of each circle of managers, so
/// that everyone is somewhere), each manager opening to their direct
/// reports, with how many report to them. A ``KeyedTreeModel`` over the
/// people's positions: GTK asks for a manager's reports only when they
/// are opened and drops them when closed, and rows are made for what
/// shows, so a manager of ten thousand costs the rows on screen.
/// ``reveal(_:)`` opens the path down to a person and selects them.
///
/// Threading: main-actor only; the roots are found off the main thread.
@MainActor
package final class OrgTreePage {
  /// The scrolled window holding the tree.
  let widget: Widget
  let listView: Widget
  let factory: ListFactory<OrgTreeRow>
  let dragScroller: DragScroller
  private let tree: KeyedTreeModel
  private let lines: SingleSelectionList
  /// The people the tree shows.
  package private(set) var table: UserTable?
  /// Finding the roots off the main thread, if running.
  private var rooting: Task<Void, Never>?
  /// What runs once the roots being found show.
  private var afterShow: [@MainActor @Sendable () -> Void] = []
  /// A person activated (Enter, a double-click): their identity.
  var onActivate: (@MainActor (String) -> Void)?

  /// A tree whose rows load their avatars through `avatars` (nil: initials
  /// only) and are counted in `census`.
  init(avatars: AvatarService?, census: RowCensus?) {
    weak var weakSelf: OrgTreePage?
    tree = KeyedTreeModel { key in weakSelf?.reports(of: key) }
    let tree = tree
    factory = ListFactory(
      makeRow: { OrgTreeRow(avatars: avatars) },
      model: { position in
        guard let table = weakSelf?.table, let node = tree.node(at: position),
          let index = Int(node.key), index < table.userCount
        else { return nil }
        return OrgTreeRow.Model(
          person: table[index], reports: table.reportCount(of: index), row: node.row)
      }, census: census)
    let view = OrgTreeView(tree, factory: factory.object)
    lines = view.lines
    listView = view.listView
    widget = view.widget
    dragScroller = view.dragScroller
    weakSelf = self
    Signals.connect(gobject(listView), .activateItem) { [weak self] position in
      guard let self, let index = self.person(atLine: Int(position)), let table = self.table
      else { return }
      self.onActivate?(table[index].identity)
    }
  }

  isolated deinit { rooting?.cancel() }

  /// Shows the organisation of `table` (roots found off the main thread;
  /// `then` runs once they show).
  func show(_ table: UserTable, then done: (@MainActor @Sendable () -> Void)? = nil) {
    rooting?.cancel()
    if let done { afterShow.append(done) }
    let find = Task.detached(priority: .userInitiated) { table.organisationRoots() }
    rooting = Task { @MainActor [weak self] in
      let roots = await withTaskCancellationHandler {
        await find.value
      } onCancel: {
        find.cancel()
      }
      guard let self, !Task.isCancelled else { return }
      self.rooting = nil
      self.table = table
      self.tree.setRoots(roots.map(String.init))
      let waiting = self.afterShow
      self.afterShow = []
      for run in waiting { run() }
    }
  }

  /// Runs `done` once the roots being found show (at once when none are).
  func whenShown(_ done: @escaping @MainActor @Sendable () -> Void) {
    if rooting == nil { done() } else { afterShow.append(done) }
  }

  /// Whether the roots are being found (tests wait for it).
  package var isLoading: Bool { rooting != nil }

  /// The lines of the tree now.
  package var lineCount: Int { tree.count }

  /// The position in the table of the person on `line`, and their level.
  package func person(atLine line: Int) -> Int? {
    tree.node(at: line).flatMap { Int($0.key) }
  }

  /// The bound lines, top to bottom: name and report count as shown (tests).
  var shownLines: [(name: String, count: String)] {
    var lines: [(Int, (name: String, count: String))] = []
    factory.forEachBoundRow { row, position in lines.append((position, row.texts)) }
    return lines.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The level of `line` (0 at the top).
  func depth(ofLine line: Int) -> Int? { tree.node(at: line)?.depth }

  /// Opens or closes `line`.
  package func setExpanded(_ expanded: Bool, line: Int) { tree.setExpanded(expanded, at: line) }

  /// The line selected, if any.
  var selectedLine: Int? { lines.selected }

  /// Opens every manager above person `index` (top first), selects them
  /// and scrolls them into view; false when the tree does not hold them.
  @discardableResult
  func reveal(_ index: Int) -> Bool {
    guard let table else { return false }
    // The path from the top down to the person; it starts at a root (the
    // top, a manager the directory lacks, or where the roots enter a circle).
    let path = Array(([index] + table.managerChain(of: index).managers).reversed())
    guard let start = path.firstIndex(where: { line(of: $0, from: 0, depth: 0) != nil }),
      var line = line(of: path[start], from: 0, depth: 0)
    else { return false }
    for (depth, person) in path[(start + 1)...].enumerated() {
      tree.setExpanded(true, at: line)
      guard let next = self.line(of: person, from: line + 1, depth: depth + 1) else { return false }
      line = next
    }
    lines.select(andShow: line)
    return true
  }

  /// The line of person `index` at `depth`, looking from `start` while the
  /// lines stay at that depth or deeper (a manager's reports, or the roots).
  private func line(of index: Int, from start: Int, depth: Int) -> Int? {
    let key = String(index)
    var line = start
    while let node = tree.node(at: line), node.depth >= depth {
      if node.depth == depth, node.key == key { return line }
      line += 1
    }
    return nil
  }

  private func reports(of key: String) -> [String]? {
    guard let table, let index = Int(key), index < table.userCount,
      table.reportCount(of: index) > 0
    else { return nil }
    return table.directReports(of: index).map(String.init)
  }
}
