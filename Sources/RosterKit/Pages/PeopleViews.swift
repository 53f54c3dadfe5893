import GtkKit

/// The views a page shows its people in (list, grid, table, org tree) as
/// the window drives them: which one shows, the selection they share, the
/// one that scrolls, and the place Back returns to.
///
/// Threading: main-actor only.
@MainActor
package protocol PeopleViews: AnyObject {
  /// The ways the page can show people (the first is the default).
  var viewModes: [ViewMode] { get }
  /// How the page shows people now; one of ``viewModes``.
  var viewMode: ViewMode { get set }
  /// The people selected in the list, the grid or the table, by position.
  var selection: RangeSelection { get }
  /// The menus of the page's views of people (the list first).
  var contextMenus: [PeopleContextMenu] { get }
  /// The view on screen: the one that scrolls.
  var shownView: Widget { get }
  /// The drag-to-scroll of ``shownView``.
  var shownDragScroller: DragScroller { get }
  /// The fastest a released drag flings any of the page's views.
  func setMaxFlingVelocity(_ velocity: Double)
  /// Selects the person `identity` and scrolls the view on screen to
  /// `scroll` (pixels) once the people being shown now are in place: Back
  /// returning to a view.
  func restore(selected identity: String?, scroll: Double)
  /// Shows the org tree opened down to the person `identity`, selected
  /// (a page without the tree does nothing).
  func revealInTree(_ identity: String)
}

extension PeopleViews {
  /// The position selected in the view on screen, if any: the focused
  /// one of a selection of many.
  package var selectedPosition: Int? { selection.focus ?? selection.ranges.first }

  /// Selects `position` alone (nil clears the selection).
  package func select(_ position: Int?) { selection.select(position) }

  /// Opens the menu of the selected people in the view on screen (the
  /// Menu key, Shift+F10); the org tree has none.
  func showContextMenu() {
    guard viewMode != .tree, let index = viewModes.firstIndex(of: viewMode),
      index < contextMenus.count
    else { return }
    contextMenus[index].popUpAtSelection()
  }
}
