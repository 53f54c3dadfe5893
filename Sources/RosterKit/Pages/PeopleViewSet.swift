import CGtk
import GtkKit

/// The views a ``PeoplePage`` shows its people in, made by its reader
/// over the reader's model: the list and the table always, the grid where
/// the people are all at hand (a grid's cells are not rows a server's
/// pages fill), the org tree where the source keeps managers; the
/// selection they share and the order the table's header sorts by.
///
/// Threading: main-actor only.
@MainActor
struct PeopleViewSet {
  /// The people selected, by position, shared by the list, the grid and the table.
  let selection: RangeSelection
  /// The order the people show in (nil: the source's own).
  let order: PeopleOrder
  /// List mode.
  let list: PeopleList
  /// Table mode.
  let table: TablePage
  /// Grid mode, for a source whose people are all at hand.
  let grid: GridPage?
  /// The organisation as a tree, for a source that keeps managers.
  let tree: (any PeopleTree)?
  /// How the page's stack changes from one view to another.
  let transition: GtkStackTransitionType

  /// The ways these views show people, the list first.
  var modes: [ViewMode] {
    [.list] + (grid == nil ? [] : [.grid]) + [.table] + (tree == nil ? [] : [.tree])
  }
}

/// An org tree as the page shows it, whatever its lines come from
/// (``OrgTreePage`` over a loaded table or a server).
///
/// Threading: main-actor only.
@MainActor
protocol PeopleTree: AnyObject {
  /// The scrolled window holding the tree.
  var widget: Widget { get }
  /// The tree's list view.
  var listView: Widget { get }
  /// The tree's row factory.
  var factory: ListFactory<OrgTreeRow> { get }
  /// The tree's drag-to-scroll.
  var dragScroller: DragScroller { get }
  /// A person activated (Enter, a double-click): their identity.
  var onActivate: (@MainActor (String) -> Void)? { get set }
}

extension OrgTreePage: PeopleTree {}
