import CAdw
import CGtk
import Directory
import GtkKit
import SharedSupport

/// "Check Data…" (the main menu): a window beside the people that lists
/// what to fix in the directory's data (``DataCheck``), found off the main
/// thread over the loaded table; activating a line opens that person in
/// the main window. It keeps itself until it is closed.
///
///     AdwWindow
///     ├── header bar ("Data Checks", how many things to fix)
///     └── stack: checking (spinner) │ nothing to fix │ the findings' list
///
/// Threading: main-actor only; the checks run off it.
@MainActor
final class DataChecksWindow {
  let window: Widget
  /// The findings, one line each.
  let model = ListModel<FindingLine>()
  private let factory: ListFactory<FindingRow>
  private let lines: SingleSelectionList
  private let stack: Widget
  private let title: Widget
  /// The windows open now: each keeps itself until it is destroyed.
  private static var open: [ObjectIdentifier: DataChecksWindow] = [:]
  /// The order they opened in.
  private static var order: [ObjectIdentifier] = []
  /// The checks running, cancelled when the window closes.
  private var checking: Task<Void, Never>?

  /// Opens a window on the findings in `table`, over `parent`; a line
  /// activated calls `openPerson` with the person's identity.
  @discardableResult
  static func present(
    _ table: UserTable, over parent: Widget, openPerson: @escaping @MainActor (String) -> Void
  ) -> DataChecksWindow {
    let shown = DataChecksWindow(parent: parent, openPerson: openPerson)
    open[ObjectIdentifier(shown)] = shown
    order.append(ObjectIdentifier(shown))
    Signals.connect(gobject(shown.window), .destroy) { [weak shown] in
      guard let shown else { return }
      shown.checking?.cancel()
      open[ObjectIdentifier(shown)] = nil
      order.removeAll { $0 == ObjectIdentifier(shown) }
    }
    shown.check(table)
    gtk_window_present(cgtk_window(shown.window))
    return shown
  }

  private init(parent: Widget, openPerson: @escaping @MainActor (String) -> Void) {
    window = AdwChrome.window(application: nil)
    gtk_window_set_title(cgtk_window(window), tr("Data Checks"))
    gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
    gtk_window_set_default_size(cgtk_window(window), 460, 560)
    gtk_window_set_destroy_with_parent(cgtk_window(window), 1)
    let model = model
    factory = ListFactory(
      makeRow: { FindingRow() }, model: { $0 < model.count ? model[$0] : nil })
    lines = SingleSelectionList(model: model.object, factory: factory.object)
    gtk_list_view_set_single_click_activate(gtkObject(lines.listView), 1)
    RowAccessibility.setLabel(lines.listView, tr("What to fix"))
    Signals.connect(gobject(lines.listView), .activateItem) { position in
      guard Int(position) < model.count else { return }
      openPerson(model[Int(position)].id)
    }
    stack = gtk_stack_new()!
    let spinner = StatusPage(icon: nil, title: tr("Checking…"), spinner: true)
    let nothing = StatusPage(
      icon: "emblem-ok-symbolic", title: tr("Nothing to Fix"),
      description: tr("No unknown or disabled managers, no loops, no missing or shared addresses."))
    gtk_stack_add_named(gtkObject(stack), spinner.widget, "checking")
    gtk_stack_add_named(gtkObject(stack), nothing.widget, "nothing")
    gtk_stack_add_named(gtkObject(stack), Gtk.scrolledWindow(lines.listView), "findings")
    title = adw_window_title_new(tr("Data Checks"), "")!
    let header = AdwChrome.headerBar()
    adw_header_bar_set_title_widget(gtkObject(header), title)
    AdwChrome.setContent(of: window, header: header, body: stack)
  }

  /// Which page shows: "checking", "nothing" or "findings".
  var shownPage: String {
    String(cString: gtk_stack_get_visible_child_name(gtkObject(stack)))
  }

  /// Runs the checks over `table` off the main thread, then shows them.
  private func check(_ table: UserTable) {
    gtk_stack_set_visible_child_name(gtkObject(stack), "checking")
    checking = Task { @MainActor [weak self] in
      let found = await Task.detached(priority: .userInitiated) {
        FindingLine.lines(table.dataFindings(), in: table)
      }.value
      guard let self, !Task.isCancelled else { return }
      self.model.replaceAll(with: found)
      adw_window_title_set_subtitle(
        gtkObject(self.title),
        String(
          filling: trn("%@ thing to fix", "%@ things to fix", found.count),
          NumberText.grouped(found.count)))
      gtk_stack_set_visible_child_name(
        gtkObject(self.stack), found.isEmpty ? "nothing" : "findings")
    }
  }

  /// The windows open now, oldest first (tests).
  static var shown: [DataChecksWindow] { order.compactMap { open[$0] } }

  /// The findings' list view.
  var listView: Widget { lines.listView }

  /// What the lines bound now show, by position (tests).
  var shownLines: [Int: [String]] {
    var shown: [Int: [String]] = [:]
    factory.forEachBoundRow { row, position in shown[position] = row.texts }
    return shown
  }

  /// The subtitle: how many things to fix.
  var subtitle: String {
    String(cString: adw_window_title_get_subtitle(gtkObject(title)))
  }

  /// Closes the window.
  func close() { gtk_window_destroy(cgtk_window(window)) }
}
