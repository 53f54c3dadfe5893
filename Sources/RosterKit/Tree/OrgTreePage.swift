import CGtk
import GtkKit

/// The organisation as a tree, a page's view beside the list: the people
/// without a manager at the top, each manager opening to their direct
/// reports, with how many report to them; a local directory's and a
/// server's alike. A ``KeyedTreeModel`` whose keys and lines its `Source`
/// gives (``TreeSource``: a table's positions, or a server's identities
/// and skeleton lines read a window at a time): GTK asks for a manager's
/// reports only when they are opened and drops them when closed, and rows
/// (``OrgTreeRow``) are made for what shows, so a manager of ten thousand
/// costs the rows on screen. Enter or a double-click on a person's line
/// activates them.
///
/// Threading: main-actor only; the source reads off the main thread.
@MainActor
package final class OrgTreePage<Source: TreeSource> {
  /// What the lines hold, and what fills them.
  package let source: Source
  private let view: OrgTreeView
  /// A person activated (Enter, a double-click): their identity.
  var onActivate: (@MainActor (String) -> Void)?

  /// A tree whose rows load their avatars through `avatars` (nil: initials
  /// only) and are counted in `census`, its lines given by the source
  /// `makeSource` makes for them.
  init(
    avatars: AvatarService?, census: RowCensus?,
    source makeSource: (OrgTreeView) -> Source
  ) {
    weak var weakSource: Source?
    let tree = KeyedTreeModel { key in weakSource?.children(of: key) }
    let factory = ListFactory(
      makeRow: { OrgTreeRow(avatars: avatars) },
      model: { position -> OrgTreeRow.Model? in
        guard let node = tree.node(at: position), let line = weakSource?.line(ofKey: node.key)
        else { return nil }
        return OrgTreeRow.Model(person: line.person, reports: line.reports, row: node.row)
      }, census: census)
    view = OrgTreeView(tree, factory: factory)
    source = makeSource(view)
    weakSource = source
    Signals.connect(gobject(view.listView), .activateItem) { [weak self] position in
      guard let self, let node = self.view.tree.node(at: Int(position)),
        let identity = self.source.identity(ofKey: node.key)
      else { return }
      self.onActivate?(identity)
    }
  }

  /// The scrolled window holding the tree.
  var widget: Widget { view.widget }
  var listView: Widget { view.listView }
  var factory: ListFactory<OrgTreeRow> { view.factory }
  var dragScroller: DragScroller { view.dragScroller }

  /// The lines of the tree now.
  package var lineCount: Int { view.tree.count }

  /// The key of `line` (what the source made it: a position, an identity,
  /// a skeleton's).
  package func key(ofLine line: Int) -> String? { view.tree.node(at: line)?.key }

  /// The level of `line` (0 at the top).
  func depth(ofLine line: Int) -> Int? { view.tree.node(at: line)?.depth }

  /// Whether `line` has an expander.
  func isExpandable(line: Int) -> Bool {
    view.tree.node(at: line).map { gtk_tree_list_row_is_expandable($0.row.opaque) != 0 } ?? false
  }

  /// Opens or closes `line`.
  package func setExpanded(_ expanded: Bool, line: Int) {
    view.tree.setExpanded(expanded, at: line)
  }

  /// The line selected, if any.
  var selectedLine: Int? { view.lines.selected }

  /// The bound lines, top to bottom: name and report count as shown (tests).
  var shownLines: [(name: String, count: String)] {
    var shown: [(Int, (name: String, count: String))] = []
    factory.forEachBoundRow { row, position in shown.append((position, row.texts)) }
    return shown.sorted { $0.0 < $1.0 }.map(\.1)
  }
}
