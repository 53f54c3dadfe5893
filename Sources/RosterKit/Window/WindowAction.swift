import CGtk

/// The window's actions ("win.<name>"), by name: buttons, menus and toasts
/// bind to them, and tests and benchmarks activate them, through these cases
/// rather than strings. ``WindowActions`` installs the ones that do something.
///
/// Threading: a value; any thread.
public enum WindowAction: String, CaseIterable, Sendable {
  /// Reads the directory again.
  case refresh
  /// Switches between the list and the grid (a toggle).
  case grid
  /// Switches between the list and the table (a toggle).
  case table
  /// Shows the list.
  case showList = "show-list"
  /// Shows the grid.
  case showGrid = "show-grid"
  /// Shows the table.
  case showTable = "show-table"
  /// Switches between the list and the org tree (a toggle).
  case tree
  /// Shows the org tree.
  case showTree = "show-tree"
  /// Opens the search bar.
  case search
  /// Exports the people shown to a file.
  case export
  /// Lists what to fix in the directory's data, in a window of its own.
  case checkData = "check-data"
  /// Writes the org chart of the person shown to a file.
  case exportOrgChart = "export-org-chart"
  /// Prints the org chart of the person shown.
  case printOrgChart = "print-org-chart"
  /// Lists what the offline copy saw change, in a window of its own.
  case changes
  /// Opens the page of the person signed in, to change their own details.
  case myDetails = "my-details"
  /// Copies the selected people (text and vCards).
  case copy
  /// Writes one email to the selected people.
  case email
  /// Copies the addresses an email could not hold (a toast's button).
  case copyAddresses = "copy-addresses"
  /// Calls the one person selected (the context menu).
  case call
  /// Copies the email address of the one person selected (the context menu).
  case copyEmail = "copy-email"
  /// Copies the username of the one person selected (the context menu).
  case copyUsername = "copy-username"
  /// Puts the selected people in a group chosen in a dialog (the context menu).
  case addToGroup = "add-to-group"
  /// Takes the selected people out of the group the page shows (the context menu).
  case removeFromGroup = "remove-from-group"
  /// Opens the context menu of the selected people.
  case contextMenu = "context-menu"
  /// Selects everyone shown (the list's own Ctrl+A; listed in the shortcuts window).
  case selectAll = "select-all"
  /// Shift with a click or the arrow keys (the list's own; listed in the shortcuts window).
  case extendSelection = "extend-selection"
  /// Shows or hides the filter bar (a toggle).
  case filter
  /// Shows or hides disabled accounts (a toggle, on by default).
  case showDisabled = "show-disabled"
  /// Shows or hides the groups sidebar (a toggle).
  case sidebar
  /// Goes back to the place before.
  case back
  /// Goes forward to the place gone back from.
  case forward
  /// Escape in the search bar (GTK's own; listed in the shortcuts window).
  case clearSearch = "clear-search"
  /// The list's own keys (listed in the shortcuts window).
  case moveSelection = "move-selection"
  /// Return on a row (the list's own; listed in the shortcuts window).
  case showPerson = "show-person"
  /// Shows or hides the frame-time HUD.
  case toggleHUD = "toggle-hud"
  /// Opens the shortcuts window.
  case showShortcuts = "show-shortcuts"

  /// The action's name inside the window's "win" group.
  public var name: String { rawValue }

  /// The name buttons, menus and `gtk_widget_activate_action` take ("win.refresh").
  public var detailedName: String { "win.\(rawValue)" }
}

extension MainWindow {
  /// Activates `action` as its shortcut or button would; false when the
  /// window has no such action (a built-in line) or it is disabled.
  @discardableResult
  public func activate(_ action: WindowAction) -> Bool {
    gtk_widget_activate_action_variant(window, action.detailedName, nil) != 0
  }
}
