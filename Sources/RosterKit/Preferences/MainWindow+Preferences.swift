import CGtk

/// The window as ``Preferences`` remember it: its size and state, the view,
/// the fling cap, and the table of the directory it shows.
///
/// Threading: main-actor only (``MainWindow`` is).
extension MainWindow {
  /// Gives the window the remembered size, state, view, fling cap and this
  /// directory's table; `grid` (the command line's --grid or --list) and
  /// `table` (--table) win over the remembered view.
  func restore(_ preferences: Preferences, grid: Bool?, table: Bool) {
    gtk_window_set_default_size(
      cgtk_window(window), Int32(preferences.windowWidth), Int32(preferences.windowHeight))
    if preferences.windowMaximized { gtk_window_maximize(cgtk_window(window)) }
    let view = preferences.view
    isGridMode = grid ?? (view == .grid)
    if table || (grid == nil && view == .table) { isTableMode = true }
    maxFlingVelocity = preferences.maxFlingVelocity
    if let key = page.tableSettingsKey, let settings = preferences.tables[key] {
      page.restore(settings)
    }
    chrome.mainMenu.bind(preferences)
  }

  /// Remembers the window's size (unless maximized: then the size it
  /// returns to), its state, the view and this directory's table.
  func remember(in preferences: Preferences) {
    let maximized = gtk_window_is_maximized(cgtk_window(window)) != 0
    if !maximized {
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_window_get_default_size(cgtk_window(window), &width, &height)
      if width > 0, height > 0 {
        preferences.windowWidth = Int(width)
        preferences.windowHeight = Int(height)
      }
    }
    preferences.windowMaximized = maximized
    preferences.view = isGridMode ? .grid : isTableMode ? .table : .list
    if let key = page.tableSettingsKey {
      preferences.tables[key] = page.tableSettings
    }
  }
}
