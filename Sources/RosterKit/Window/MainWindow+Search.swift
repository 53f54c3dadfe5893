import Directory
import SharedSupport

/// The search bar's side of the window: typing filters the list, off the
/// main thread (``SearchController``); the result swaps the whole list.
extension MainWindow {
  /// Opens the search bar with the keyboard focus in it (Ctrl+F).
  public func startSearch() { searchBar.start() }

  /// Searches for `text` as if typed (tests, automation); "" clears. Text
  /// that extends the current query is appended, as typing does: replacing
  /// it would first empty the entry, which GtkSearchEntry reports at once.
  public func setSearchText(_ text: String) { searchBar.setText(text) }

  /// Whether the whole result for `text` ("": everyone) is shown: the
  /// search ran and the list has taken all of it (a soak waits for this).
  package func showsSearchResult(for text: String) -> Bool {
    if let server { return server.query == text && !server.isLoading }
    return shownQuery == (text.isEmpty ? nil : text) && !model.isReloading
  }

  /// Whether the loaded directory's search index is built, so a search
  /// runs without waiting for it (benchmarks wait for this).
  package var isSearchIndexBuilt: Bool { search.isIndexBuilt }

  /// Whether the search bar is open.
  public var isSearching: Bool { searchBar.isOpen }

  /// Shows a finished search, or everyone for nil.
  func showSearch(_ result: SearchController.Result?) {
    guard let contents else { return }
    if let result {
      presenter.reload(with: result.rows)
      searchMatches = result.rows.count
      shownQuery = result.query
      header.subtitleText =
        result.rows.isEmpty
        ? String(format: tr("No one matches “%@”"), result.query)
        : NumberText.matches(result.rows.count, of: contents.viewModels.count)
    } else if searchMatches != nil {
      presenter.reload(with: contents.rows)
      searchMatches = nil
      shownQuery = nil
      header.subtitleText = NumberText.people(contents.viewModels.count)
    }
  }
}
