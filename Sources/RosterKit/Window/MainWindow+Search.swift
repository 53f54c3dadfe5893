/// The search bar's side of the window: typing searches the page.
extension MainWindow {
  /// Opens the search bar with the keyboard focus in it (Ctrl+F).
  public func startSearch() { searchBar.start() }

  /// Searches for `text` as if typed (tests, automation); "" clears. Text
  /// that extends the current query is appended, as typing does: replacing
  /// it would first empty the entry, which GtkSearchEntry reports at once.
  public func setSearchText(_ text: String) { searchBar.setText(text) }

  /// Whether the whole result for `text` ("": everyone) is shown: the
  /// search ran and the list has taken all of it (a soak waits for this).
  package func showsSearchResult(for text: String) -> Bool { page.showsSearchResult(for: text) }

  /// Whether a search runs without waiting for an index to be built
  /// (benchmarks wait for this).
  package var isSearchIndexBuilt: Bool { measured?.isSearchIndexBuilt ?? true }

  /// Whether the search bar is open.
  public var isSearching: Bool { searchBar.isOpen }
}
