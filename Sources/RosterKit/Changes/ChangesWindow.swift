import CAdw
import CGtk
import Directory
import FoundationEssentials
import GtkKit
import SharedSupport

/// "Changes…" (the main menu): a window beside the people that lists what
/// the offline copy saw change — who joined, left, moved or took a new
/// title (``ChangeHistory``) — newest first, read off the main thread and
/// narrowed by the words typed in its search entry; activating a line
/// opens that person in the main window. It keeps itself until closed.
///
///     AdwWindow
///     ├── header bar ("Changes", how many; a search entry)
///     └── stack: reading (spinner) │ no changes │ the changes' list
///
/// Threading: main-actor only; reading and searching run off it.
@MainActor
final class ChangesWindow {
  let window: Widget
  /// The changes shown, one line each.
  let model = ListModel<ChangeLine>()
  private let factory: ListFactory<ChangeRow>
  private let lines: SingleSelectionList
  private let stack: Widget
  private let title: Widget
  /// The search entry: only the lines holding its words show.
  let searchEntry: Widget
  /// Every line of the history, once read.
  private var all: [ChangeLine] = []
  /// The windows open now: each keeps itself until it is destroyed.
  private static var open: [ObjectIdentifier: ChangesWindow] = [:]
  private static var order: [ObjectIdentifier] = []
  /// The reading or search running, replaced by the next one and
  /// cancelled when the window closes.
  private var work: Task<Void, Never>?

  /// Opens a window on the history in `folder` (an offline copy's), over
  /// `parent`; a line activated calls `openPerson` with the person's identity.
  @discardableResult
  static func present(
    historyIn folder: URL, over parent: Widget,
    openPerson: @escaping @MainActor (String) -> Void
  ) -> ChangesWindow {
    let shown = ChangesWindow(parent: parent, openPerson: openPerson)
    open[ObjectIdentifier(shown)] = shown
    order.append(ObjectIdentifier(shown))
    Signals.connect(gobject(shown.window), .destroy) { [weak shown] in
      guard let shown else { return }
      shown.work?.cancel()
      open[ObjectIdentifier(shown)] = nil
      order.removeAll { $0 == ObjectIdentifier(shown) }
    }
    shown.read(folder)
    gtk_window_present(cgtk_window(shown.window))
    return shown
  }

  private init(parent: Widget, openPerson: @escaping @MainActor (String) -> Void) {
    window = AdwChrome.window(application: nil)
    gtk_window_set_title(cgtk_window(window), tr("Changes"))
    gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
    gtk_window_set_default_size(cgtk_window(window), 460, 620)
    gtk_window_set_destroy_with_parent(cgtk_window(window), 1)
    let model = model
    factory = ListFactory(
      makeRow: { ChangeRow() }, model: { $0 < model.count ? model[$0] : nil })
    lines = SingleSelectionList(model: model.object, factory: factory.object)
    gtk_list_view_set_single_click_activate(gtkObject(lines.listView), 1)
    RowAccessibility.setLabel(lines.listView, tr("What changed"))
    Signals.connect(gobject(lines.listView), .activateItem) { position in
      guard Int(position) < model.count else { return }
      openPerson(model[Int(position)].identity)
    }
    stack = gtk_stack_new()!
    let spinner = StatusPage(icon: nil, title: tr("Reading…"), spinner: true)
    let nothing = StatusPage(
      icon: "document-open-recent-symbolic", title: tr("No Changes"),
      description: tr(
        "Nobody joined, left, moved or took a new title since the offline copy was made."))
    gtk_stack_add_named(gtkObject(stack), spinner.widget, "reading")
    gtk_stack_add_named(gtkObject(stack), nothing.widget, "nothing")
    gtk_stack_add_named(gtkObject(stack), Gtk.scrolledWindow(lines.listView), "changes")
    searchEntry = gtk_search_entry_new()!
    Gtk.setProperty(searchEntry, "placeholder-text", tr("Search by name, title or department"))
    gtk_widget_set_margin_start(searchEntry, 12)
    gtk_widget_set_margin_end(searchEntry, 12)
    gtk_widget_set_margin_top(searchEntry, 6)
    gtk_widget_set_margin_bottom(searchEntry, 6)
    let body = Gtk.box(GTK_ORIENTATION_VERTICAL)
    gtk_widget_set_vexpand(stack, 1)
    Gtk.append(body, searchEntry, stack)
    title = adw_window_title_new(tr("Changes"), "")!
    let header = AdwChrome.headerBar()
    adw_header_bar_set_title_widget(gtkObject(header), title)
    AdwChrome.setContent(of: window, header: header, body: body)
    Signals.connect(gobject(searchEntry), .searchChanged) { [weak self] in
      guard let self else { return }
      self.search(String(cString: gtk_editable_get_text(gtkObject(self.searchEntry))))
    }
  }

  /// Which page shows: "reading", "nothing" or "changes".
  var shownPage: String {
    String(cString: gtk_stack_get_visible_child_name(gtkObject(stack)))
  }

  /// Reads the history in `folder` off the main thread, then shows it.
  private func read(_ folder: URL) {
    gtk_stack_set_visible_child_name(gtkObject(stack), "reading")
    work = Task { @MainActor [weak self] in
      let read = await Task.detached(priority: .userInitiated) {
        ChangeLine.lines((try? ChangeHistory.changes(in: folder)) ?? nil ?? [])
      }.value
      guard let self, !Task.isCancelled else { return }
      self.all = read
      self.show(read)
    }
  }

  /// Shows the lines holding every word of `text`, found off the main thread.
  private func search(_ text: String) {
    work?.cancel()
    let all = all
    work = Task { @MainActor [weak self] in
      let found = await Task.detached(priority: .userInitiated) {
        ChangeLine.matching(text, in: all)
      }.value
      guard let self, !Task.isCancelled else { return }
      self.show(found)
    }
  }

  private func show(_ found: [ChangeLine]) {
    model.replaceAll(with: found)
    adw_window_title_set_subtitle(
      gtkObject(title),
      String(
        filling: trn("%@ change", "%@ changes", found.count), NumberText.grouped(found.count)))
    gtk_stack_set_visible_child_name(gtkObject(stack), found.isEmpty ? "nothing" : "changes")
  }

  /// The windows open now, oldest first (tests).
  static var shown: [ChangesWindow] { order.compactMap { open[$0] } }

  /// The changes' list view.
  var listView: Widget { lines.listView }

  /// What the lines bound now show, by position (tests).
  var shownLines: [Int: [String]] {
    var shown: [Int: [String]] = [:]
    factory.forEachBoundRow { row, position in shown[position] = row.texts }
    return shown
  }

  /// The subtitle: how many changes show.
  var subtitle: String {
    String(cString: adw_window_title_get_subtitle(gtkObject(title)))
  }

  /// Closes the window.
  func close() { gtk_window_destroy(cgtk_window(window)) }
}
