import Directory

/// The filter bar's side of the window: Ctrl+Shift+F (or the main menu's
/// "Filter") shows it, and its filter reaches the page
/// (``DirectoryPage/showOnly(_:)``), with `active eq "true"` beside it
/// while the main menu's "Show Disabled Accounts" is unchecked.
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

  /// The filter bar's filter, nil for none.
  public var shownFilter: PersonFilter? { filterBar.filter }

  /// Whether disabled accounts show (`win.show-disabled`, the main menu's
  /// "Show Disabled Accounts"; on by default): off, the page shows the
  /// active accounts only, filtered by the bar as before.
  public var showsDisabledAccounts: Bool {
    get { actions.isOn(.showDisabled) }
    set {
      guard newValue != showsDisabledAccounts else { return }
      actions.setState(.showDisabled, newValue)
      applyShownFilter()
    }
  }

  /// What the page is filtered by: the bar's filter, and the active
  /// accounts only when disabled ones are hidden.
  var pageFilter: PersonFilter? {
    let activeOnly: PersonFilter? =
      showsDisabledAccounts ? nil : .compare(.active, .eq, "true")
    switch (filterBar.filter, activeOnly) {
    case (let bar?, let active?): return .and(bar, active)
    case (let bar, let active): return bar ?? active
    }
  }

  /// Shows the page filtered by ``pageFilter``.
  func applyShownFilter() {
    let filter = pageFilter
    peopleChoiceWillChange(scope: nil, filter: filter?.description ?? "")
    page.narrow(.filter(filter))
  }
}
