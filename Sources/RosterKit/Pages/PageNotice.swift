import Directory

/// What a ``DirectoryPage`` tells the window around it. The window owns
/// the header bar (busy, subtitle), the loading, empty and error pages, the
/// banner and the toasts; the page only says what happened, and the window
/// decides how it shows, the same way for every kind of page.
///
/// Threading: a plain value; `Sendable`.
package enum PageNotice: Sendable {
  /// A load or refresh started; the loading page replaces what shows when
  /// `replacesPage` (nothing was shown yet).
  case loading(replacesPage: Bool)
  /// The first rows show while the rest is still on its way (a large
  /// directory's preview); the load goes on.
  case previewShown
  /// A load, search or refresh finished: the people show (the empty page
  /// when `isEmpty`), and what a failure before it said goes.
  case loaded(isEmpty: Bool)
  /// A load, search or refresh failed; the rows on screen stay when
  /// `keepsRows`, else the error page shows.
  case failed(DirectoryError, keepsRows: Bool)
  /// The header's subtitle: how many people, from where.
  case subtitle(String)
  /// How many people are selected in the view that shows (0 in the org
  /// tree, whose lines are not the list's); the subtitle says so from two.
  case selected(Int)
  /// News that passes ("12 people changed"): a toast.
  case news(String)
  /// A problem that stays until it is solved (pages that cannot be read,
  /// a lost server): the banner.
  case problem(String)
  /// The problem `message` is over: the banner goes if it still says it.
  case problemSolved(String)
  /// A load ended, or a server answered the first range of rows of an
  /// open, a search or a refresh (or failed): what it found, how long it took.
  case opened(PageOpening)
  /// Rows with people are on screen for the first time.
  case firstRowsShown
  /// The person at a position was activated (Enter, a double-click).
  case activated(Int)
  /// A person outside the list's positions was activated (the org tree's).
  case activatedPerson(String)
  /// The directory's groups, for the sidebar (a directory of `everyone`
  /// people); a directory without groups sends none.
  case groups(DirectoryGroups, everyone: Int)
  /// A directory server's groups, for the sidebar to read a window at a
  /// time from `directory`: the first window by name (a directory of
  /// `everyone` people). A server without groups sends none.
  case serverGroups(any OrganisedDirectory, first: GroupRange, everyone: Int)
}
