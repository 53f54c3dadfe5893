import CGtk
import Directory
import GtkKit

/// The one page of people, whatever holds them: the list, the grid, the
/// table and the org tree its reader made (``PeopleViewSet``), in a stack
/// under the window's search bar, one showing. The reader
/// (``PeopleReader``) loads, searches, narrows and orders the people — a
/// directory loaded whole (``LoadedReader``) or a server read a range at a
/// time (``ServerReader``); the page switches the views, wires their
/// selection, activation, drags and menus, watches for the first rows and
/// tells the window what happened (``onNotice``).
///
/// Threading: main-actor only.
@MainActor
package final class PeoplePage: DirectoryPage, PeopleViews {
  /// Where the people come from.
  let reader: any PeopleReader
  /// The views over the reader's model.
  let parts: PeopleViewSet
  /// The list, the grid, the table and the tree, one showing.
  package let widget: Widget
  /// Drags the selected people out of the list, the grid and the table.
  package private(set) var dragSources: [PeopleDragSource] = []
  /// The menus of the list, the grid and the table, in the order of ``viewModes``.
  package private(set) var contextMenus: [PeopleContextMenu] = []
  /// Tells the window when people first show, in whichever view.
  private let firstRows: FirstRowsWatch
  package var onNotice: (@MainActor (PageNotice) -> Void)? {
    // A page that takes another's place (an offline copy's, loaded while
    // the server's page showed) tells its new window what it shows.
    didSet { if onNotice != nil { reader.resumeNotices() } }
  }

  /// The page of `reader`'s people (nothing is read before ``refresh()``).
  init(reader: any PeopleReader) {
    self.reader = reader
    parts = reader.views
    widget = gtk_stack_new()!
    gtk_stack_set_transition_type(gtkObject(widget), parts.transition)
    gtk_stack_add_named(gtkObject(widget), parts.list.scroller, ViewMode.list.name)
    if let grid = parts.grid {
      gtk_stack_add_named(gtkObject(widget), grid.widget, ViewMode.grid.name)
    }
    gtk_stack_add_named(gtkObject(widget), parts.table.widget, ViewMode.table.name)
    if let tree = parts.tree {
      gtk_stack_add_named(gtkObject(widget), tree.widget, ViewMode.tree.name)
    }
    firstRows = FirstRowsWatch(widget: widget)
    reader.page = self
    connectParts()
  }

  private func connectParts() {
    parts.selection.onChange = { [weak self] in self?.tellSelection() }
    let views: [(view: Widget, actions: PeopleViewActions)] =
      [(parts.list.listView, PeopleViewActions(parts.list.listView, rows: parts.list.factory))]
      + (parts.grid.map { [($0.gridView, PeopleViewActions($0.gridView, rows: $0.factory))] } ?? [])
      + [(parts.table.listView, PeopleViewActions(parts.table.listView, rows: parts.table.factory))]
    (dragSources, contextMenus) = PeopleViewActions.attach(
      to: views.map(\.actions), selection: parts.selection
    ) { [weak self] in self?.reader.exportSource }
    firstRows.isShown = { [weak self] in self?.hasVisibleRows ?? false }
    firstRows.onShown = { [weak self] in self?.onNotice?(.firstRowsShown) }
    for view in views.map(\.view) {
      Signals.connect(gobject(view), .activateItem) { [weak self] position in
        self?.onNotice?(.activated(Int(position)))
      }
    }
    parts.tree?.onActivate = { [weak self] identity in
      self?.onNotice?(.activatedPerson(identity))
    }
  }

  /// The window went away: what the reader still runs reaches nothing,
  /// and the page says nothing more.
  package func close() {
    onNotice = nil
    reader.close()
    parts.list.textShaping.close()
    parts.grid?.textShaping.close()
    parts.table.textShaping.close()
  }

  /// Watches for the people's first rows on screen (told once).
  func watchFirstRows() { firstRows.start() }

  // MARK: What the window asks

  package var people: any ShownPeople { reader }

  package var views: any PeopleViews { self }

  package var isLoading: Bool { reader.isLoading }

  @discardableResult
  package func refresh() -> Bool { reader.refresh() }

  package func search(_ text: String) { reader.search(text) }

  package func showsSearchResult(for text: String) -> Bool {
    reader.showsSearchResult(for: text)
  }

  package func narrow(_ narrowing: Narrowing) { reader.narrow(narrowing) }

  package var tableSettingsKey: String? { reader.tableSettingsKey }

  package var tableSettings: TableSettings { parts.table.settings }

  package func restore(_ settings: TableSettings) { parts.table.restore(settings) }

  /// The order the people show in (the table's header sorts it).
  package var order: PeopleOrder { parts.order }
}
