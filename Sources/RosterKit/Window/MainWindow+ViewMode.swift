import CGtk
import GtkKit

/// The page's view mode (list, grid or table), its selection, and the details panel.
extension MainWindow {
  /// How the page shows people (the header's toggles, Ctrl+1, 2 and 3); a
  /// mode the page lacks leaves it as it is.
  package var viewMode: ViewMode {
    get { page.views.viewMode }
    set {
      defer { showViewModeInToggles() }
      guard newValue != page.views.viewMode, page.views.viewModes.contains(newValue) else { return }
      page.views.viewMode = newValue
      onEvent?(.viewModeChanged(newValue))
    }
  }

  /// Whether the grid shows (the header's toggle, Ctrl+G); turned off, the
  /// list shows. A page without a grid stays a list.
  public var isGridMode: Bool {
    get { viewMode == .grid }
    set { setMode(.grid, newValue) }
  }

  /// Whether the table shows (the header's toggle); turned off, the list shows.
  public var isTableMode: Bool {
    get { viewMode == .table }
    set { setMode(.table, newValue) }
  }

  /// Whether the org tree shows (the header's toggle); turned off, the list shows.
  public var isTreeMode: Bool {
    get { viewMode == .tree }
    set { setMode(.tree, newValue) }
  }

  /// Shows `mode`, or, when `on` is false and it shows, the list.
  private func setMode(_ mode: ViewMode, _ on: Bool) {
    if on {
      viewMode = mode
    } else if viewMode == mode {
      viewMode = .list
    } else {
      showViewModeInToggles()
    }
  }

  /// Each toggle's state is whether its mode shows.
  func showViewModeInToggles() {
    actions.setState(.grid, viewMode == .grid)
    actions.setState(.table, viewMode == .table)
    actions.setState(.tree, viewMode == .tree)
  }

  /// The position selected in the view on screen, if any.
  public var selectedPosition: Int? { page.views.selectedPosition }

  /// Selects `position` in the page's views (nil clears the selection).
  public func select(_ position: Int?) { page.views.select(position) }
}
