import CGtk
import GtkKit
import SharedSupport

/// What fills the window under the header: the loading page, the empty
/// page, the error page (with Retry, bound to `win.refresh`) or the list
/// page, one at a time, as ``MainWindow/State`` says.
///
/// Threading: main-actor only.
@MainActor
final class PageStack {
  /// The GtkStack.
  let widget: Widget
  private let loadingPage: StatusPage
  private let errorPage: StatusPage
  /// What shows now.
  private(set) var state: MainWindow.State = .loading
  /// The error page's description (under "Can't retrieve the directory").
  var errorDescription: String { errorPage.text }

  /// Whether the loading page's spinner spins: only while that page shows.
  var isLoadingSpinnerSpinning: Bool { loadingPage.isSpinning }

  /// The three status pages around `listPage`; shows the loading page.
  init(listPage: Widget) {
    loadingPage = StatusPage(icon: nil, title: tr("Loading the directory…"), spinner: true)
    let emptyPage = StatusPage(
      icon: "system-users-symbolic", title: tr("No people"),
      description: tr("The directory is empty."))
    errorPage = StatusPage(
      icon: "dialog-error-symbolic", title: tr("Can't retrieve the directory"),
      button: Gtk.button(label: tr("Retry"), action: .refresh))
    widget = gtk_stack_new()!
    gtk_stack_add_named(gtkObject(widget), loadingPage.widget, "loading")
    gtk_stack_add_named(gtkObject(widget), emptyPage.widget, "empty")
    gtk_stack_add_named(gtkObject(widget), errorPage.widget, "error")
    gtk_stack_add_named(gtkObject(widget), listPage, "list")
    show(.loading)
  }

  /// Shows the page for `state`. The error page's title already says that
  /// the directory could not be retrieved: its description is only `reason`
  /// (the failure's own words), or the state's whole message without one.
  func show(_ state: MainWindow.State, reason: String? = nil) {
    self.state = state
    let page: String
    switch state {
    case .loading: page = "loading"
    case .empty: page = "empty"
    case .failed(let message):
      errorPage.setText(reason ?? message)
      page = "error"
    case .list: page = "list"
    }
    gtk_stack_set_visible_child_name(gtkObject(widget), page)
  }
}
