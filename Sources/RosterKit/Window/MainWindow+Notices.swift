import CAdw
import CGtk
import GtkKit
import SharedSupport

/// Short news over the list, as GNOME apps give it: a toast for what passes
/// ("12 people changed", a refresh that failed once), the banner with Retry
/// for what stays (a source that failed twice in a row, pages that cannot be
/// read, a server that went away).
///
/// A refresh that fails while rows are on screen keeps the rows either way.
/// One failure may be a hiccup, so it is a toast with Retry that leaves the
/// list where it is; a second in a row means the source is down, and the
/// banner says so until a refresh succeeds.
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
      peopleSubtitle = text
      if shownPersonPage == nil { showPeopleSubtitle() }
    case .selected(let count):
      guard count != selectedCount else { return }
      selectedCount = count
      if shownPersonPage == nil { showPeopleSubtitle() }
    case .news(let text):
      showToast(text)
    case .problem(let message):
      banner.show(message)
    case .problemSolved(let message):
      if banner.message == message { banner.hide() }
    case .firstRowsShown:
      if firstRowsShown == nil { firstRowsShown = .now }
      offlineCopy?.rowsShown()
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
  ///
  /// The text is set as plain text on a label of Roster's (the toast's own
  /// title reads Pango markup, and an error can quote a server's words).
  @discardableResult
  func showToast(_ text: String, button: String? = nil, action: WindowAction? = nil)
    -> ObjectRef
  {
    lastToast = text
    let toast = ObjectRef(adw_toast_new("")!, adopt: true)
    let title = Gtk.label(text, classes: ["toast-title"])
    gtk_label_set_wrap(gtkObject(title), 1)
    gtk_label_set_max_width_chars(gtkObject(title), 60)
    adw_toast_set_custom_title(toastPointer(toast), title)
    if let button, let action {
      adw_toast_set_button_label(toastPointer(toast), button)
      adw_toast_set_action_name(toastPointer(toast), action.detailedName)
      adw_toast_set_priority(toastPointer(toast), ADW_TOAST_PRIORITY_HIGH)
    }
    // The overlay takes a reference of its own (`transfer full`).
    adw_toast_overlay_add_toast(gtkObject(toasts), toast.transferredReference())
    return toast
  }

  /// A refresh failed while the list shows rows: a toast with Retry the
  /// first time, the banner when it fails again (or the banner already says
  /// why).
  func refreshFailed(_ message: String) {
    refreshFailuresInARow += 1
    dismissFailureToast()
    if refreshFailuresInARow == 1, banner.message == nil {
      failureToast = showToast(message, button: tr("Retry"), action: .refresh)
    } else {
      banner.show(message)
    }
  }

  /// A load or refresh succeeded: the failure's toast and banner go.
  func refreshSucceeded() {
    refreshFailuresInARow = 0
    dismissFailureToast()
    banner.hide()
  }

  /// Whether the failed refresh's toast is over the list (tests).
  public var isFailureToastShown: Bool { failureToastButton != nil }

  /// The Retry button of the failed refresh's toast on screen, if any.
  package var failureToastButton: Widget? {
    guard failureToast != nil else { return nil }
    var child = gtk_widget_get_first_child(toasts)
    while let current = child {
      if current != navigation, let button = Self.button(in: current, labelled: tr("Retry")) {
        return button
      }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }

  private func dismissFailureToast() {
    guard let toast = failureToast else { return }
    failureToast = nil
    adw_toast_dismiss(toastPointer(toast))
  }

  private func toastPointer(_ toast: ObjectRef) -> OpaquePointer { toast.opaque }

  /// The people's subtitle ("1,000 people"), or how many are selected
  /// from two on ("3 selected"): both would not fit beside a narrow
  /// window's buttons.
  func showPeopleSubtitle() {
    header.subtitleText =
      selectedCount > 1
      ? NumberText.selected(selectedCount)
      : [peopleSubtitle, copyProgress].compactMap { $0 }.joined(separator: " · ")
  }

  /// The first button in `widget`'s tree whose label is `label`.
  private static func button(in widget: Widget, labelled label: String) -> Widget? {
    if cgtk_is_a(widget, gtk_button_get_type()) != 0,
      let text = gtk_button_get_label(cgtk_button(widget)),
      String(cString: text) == label
    {
      return widget
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if let found = button(in: current, labelled: label) { return found }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }
}
