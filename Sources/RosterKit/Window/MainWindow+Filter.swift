import Directory

/// The filter bar's side of the window: Ctrl+Shift+F (or the main menu's
/// "Filter") shows it, and its filter reaches the page (``DirectoryPage/showOnly(_:)``).
extension MainWindow {
  /// Whether the filter bar shows; its toggle action (`win.filter`) follows.
  public var isFilterBarOpen: Bool {
    get { filterBar.isOpen }
    set {
      filterBar.setOpen(newValue)
      actions.setState(.filter, newValue)
    }
  }

  /// Applies `text` as if typed in the filter bar's expression entry and
  /// Enter pressed (the bar opens); returns whether it parsed.
  @discardableResult
  public func setFilterText(_ text: String) -> Bool {
    isFilterBarOpen = true
    return filterBar.apply(expression: text)
  }

  /// The filter the page shows, nil for none.
  public var shownFilter: PersonFilter? { filterBar.filter }
}
