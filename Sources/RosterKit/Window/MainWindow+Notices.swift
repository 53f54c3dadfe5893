import CAdw
import CGtk
import GtkKit
import SharedSupport

/// What the page says happened, shown the same way for every page: a toast
/// for what passes ("12 people changed", a refresh that failed once,
/// ``Toasts``), the banner with Retry for what stays (a source that failed
/// twice in a row, pages that cannot be read, a server that went away). A
/// refresh that fails while rows are on screen keeps the rows either way.
extension MainWindow {
  /// What the page says happened, shown the same way for every page: the
  /// one place a load's success and failure reach the chrome.
  func handle(_ notice: PageNotice) {
    switch notice {
    case .loading(let replacesPage):
      header.setBusy(true)
      if replacesPage { pages.show(.loading) }
    case .previewShown:
      pages.show(.list)
    case .loaded(let isEmpty):
      header.setBusy(false)
      refreshSucceeded()
      pages.show(isEmpty ? .empty : .list)
      refreshShownPerson()
    case .failed(let error, let keepsRows):
      header.setBusy(false)
      let message = String(
        filling: tr("Can't retrieve the directory: %@"), error.sentence)
      if keepsRows {
        // Keep what the user had; say what went wrong without a dialog.
        refreshFailed(message)
      } else {
        pages.show(.failed(message), reason: error.sentence)
      }
    case .subtitle(let text):
      header.peopleSubtitle = text
      if shownPersonPage == nil { showPeopleSubtitle() }
    case .selected(let count):
      guard count != header.selectedCount else { return }
      header.selectedCount = count
      if shownPersonPage == nil { showPeopleSubtitle() }
    case .news(let text):
      showToast(text)
    case .problem(let message):
      banner.show(message)
    case .problemSolved(let message):
      if banner.message == message { banner.hide() }
    case .opened(let opening):
      onEvent?(.opened(opening))
    case .firstRowsShown:
      if firstRowsShown == nil { firstRowsShown = .now }
      offlineCopy.rowsShown()
    case .activated(let position):
      openPerson(at: position)
    case .activatedPerson(let identity):
      openPerson(identity: identity)
    case .groups(let groups, let everyone):
      showGroups(groups, everyone: everyone)
    case .serverGroups(let directory, let first, let everyone):
      showServerGroups(directory, first: first, everyone: everyone)
    }
  }

  /// Shows `text` as a toast over the list for a few seconds, with a button
  /// labelled `button` that activates `action` when given.
  @discardableResult
  func showToast(_ text: String, button: String? = nil, action: WindowAction? = nil)
    -> ObjectRef
  {
    toasts.show(text, button: button, action: action)
  }

  /// A refresh failed while the list shows rows (``Toasts``).
  func refreshFailed(_ message: String) { toasts.refreshFailed(message, banner: banner) }

  /// A load or refresh succeeded: the failure's toast and banner go.
  func refreshSucceeded() { toasts.refreshSucceeded(banner: banner) }

  /// The last toast shown ("12 people changed"), for tests.
  public var lastToast: String? { toasts.last }

  /// Whether the failed refresh's toast is over the list (tests).
  public var isFailureToastShown: Bool { failureToastButton != nil }

  /// The Retry button of the failed refresh's toast on screen, if any.
  package var failureToastButton: Widget? { toasts.failureToastButton }

  /// The people's subtitle ("1,000 people"), or how many are selected
  /// from two on ("3 selected"): both would not fit beside a narrow
  /// window's buttons.
  func showPeopleSubtitle() {
    header.showPeople(after: offlineCopy.progress)
  }

  /// ``showPeopleSubtitle()``, unless a person's page shows (its own
  /// title stays).
  func showPeopleSubtitleUnlessPerson() {
    if shownPersonPage == nil { showPeopleSubtitle() }
  }
}
