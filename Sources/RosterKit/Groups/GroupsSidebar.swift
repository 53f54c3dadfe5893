import CGtk
import Directory
import GtkKit
import SharedSupport

/// The groups sidebar: "All people" at the top, then the directory's groups
/// with how many people each holds, a group holding groups opening to show
/// them (``Directory/DirectoryGroup/subgroups``), over a windowed list
/// (rows are made for what shows, whatever the number of groups), and a
/// search over the groups' names. The lines come from one ``GroupLines``:
/// a directory's own groups (``LocalGroupLines``), or a directory server's
/// read from the server a window at a time as their lines show
/// (``ServerGroupLines``). Selecting a line tells ``onSelect`` (nil:
/// everyone); searching does not change what the main view shows.
///
/// Threading: main-actor only.
@MainActor
final class GroupsSidebar {
  /// The sidebar: the search entry over the list.
  let widget: Widget
  let searchEntry: Widget
  let listView: Widget
  /// Called when the user selects a group or "All people" (nil).
  var onSelect: (@MainActor (GroupChoice?) -> Void)?
  private let tree: KeyedTreeModel
  private let selection: ObjectRef
  private let factory: ListFactory<GroupRow>
  /// The groups' lines, and the group whose people the main view shows.
  private(set) var lines: any GroupLines = LocalGroupLines(DirectoryGroups())
  /// The size of the groups' directory.
  private var everyone = 0
  /// Which lines show (a server's skeleton lines are read once they do).
  private var onScreen: LinesOnScreen!
  /// True while the list is replaced: the selection it loses is not the user's.
  private var isReplacing = false

  /// The key of "All people" (never one of the groups' lines' keys).
  private static let everyoneKey = "all"

  init() {
    weak var weakSelf: GroupsSidebar?
    tree = KeyedTreeModel { key in weakSelf?.children(of: key) }
    let tree = tree
    factory = ListFactory(
      makeRow: { GroupRow() },
      model: { position in
        guard let self = weakSelf, let node = tree.node(at: position) else { return nil }
        return self.line(for: node)
      })
    let lines = SingleSelectionList(tree, factory: factory.object)
    selection = lines.selection
    listView = lines.listView
    gtk_widget_add_css_class(listView, "navigation-sidebar")
    RowAccessibility.setLabel(listView, tr("Groups"))
    searchEntry = gtk_search_entry_new()!
    Gtk.setProperty(searchEntry, "placeholder-text", tr("Search groups"))
    RowAccessibility.setLabel(searchEntry, tr("Search groups"))
    gtk_widget_set_margin_start(searchEntry, 6)
    gtk_widget_set_margin_end(searchEntry, 6)
    gtk_widget_set_margin_top(searchEntry, 6)
    gtk_widget_set_margin_bottom(searchEntry, 6)
    widget = Gtk.box(GTK_ORIENTATION_VERTICAL)
    gtk_widget_set_size_request(widget, 240, -1)
    gtk_widget_add_css_class(widget, "groups-sidebar")
    gtk_widget_add_css_class(widget, "background")
    Gtk.append(widget, searchEntry, Gtk.scrolledWindow(listView))
    onScreen = LinesOnScreen(listView: listView, tree: tree)
    weakSelf = self
    onScreen.onLook = { [weak self] node in self?.look(at: node) }
    Signals.connect(selection.pointer, .notify("selected")) { [weak self] in
      self?.selectionChanged()
    }
    Signals.connect(gobject(searchEntry), .searchChanged) { [weak self] in
      guard let self else { return }
      self.search(String(cString: gtk_editable_get_text(gtkObject(self.searchEntry))))
    }
  }

  /// Shows `groups` of a directory of `everyone` people, keeping the group
  /// shown selected when it is still there (by identity); returns the
  /// number it has now (nil: everyone).
  @discardableResult
  func show(_ groups: DirectoryGroups, everyone: Int) -> Int? {
    let local = LocalGroupLines(groups, keeping: lines.choice)
    lines = local
    self.everyone = everyone
    gtk_editable_set_text(gtkObject(searchEntry), "")
    setRootKeys([Self.everyoneKey] + local.keys)
    return local.chosen
  }

  /// Lists the groups of `directory`, a server of `everyone` people, from
  /// `first`, its first window of groups by name; the group shown stays
  /// selected when it is among them.
  func show(server directory: any OrganisedDirectory, first: GroupRange, everyone: Int) {
    let server = ServerGroupLines(directory: directory, keeping: lines.choice)
    lines = server
    self.everyone = everyone
    gtk_editable_set_text(gtkObject(searchEntry), "")
    setRootKeys([Self.everyoneKey] + server.keys(for: first))
  }

  /// Whether a group (not "All people") is selected.
  var hasSelectedGroup: Bool { lines.choice != nil }

  /// The number of the group whose people the main view shows, nil for
  /// everyone (or a server's group not among the lines read).
  var shownGroup: Int? { lines.choice.flatMap { $0.number ?? lines.number(ofGroup: $0.id) } }

  /// The number of the group whose identity is `id`, if it is listed (a
  /// server's: its position among every group, once read).
  func number(ofGroup id: String) -> Int? { lines.number(ofGroup: id) }

  /// How many lines the list has now ("All people" included).
  var lineCount: Int { tree.count }

  /// The group number (nil: "All people") of list line `position`.
  func group(atLine position: Int) -> Int?? {
    guard let node = tree.node(at: position) else { return nil }
    return .some(lines.number(forKey: node.key))
  }

  /// The bound lines, top to bottom: name and count as shown (tests).
  var shownLines: [(name: String, count: String)] {
    var lines: [(Int, (name: String, count: String))] = []
    factory.forEachBoundRow { row, position in lines.append((position, row.texts)) }
    return lines.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// Selects `group` (nil: "All people") as a click on its line does,
  /// when it is a line of the list now; returns whether it was.
  @discardableResult
  func select(_ group: Int?) -> Bool {
    let key: String? = if let group { lines.key(ofNumber: group) } else { Self.everyoneKey }
    guard let key,
      let position = (0..<tree.count).first(where: { tree.node(at: $0)?.key == key })
    else { return false }
    gtk_single_selection_set_selected(selection.opaque, guint(position))
    return true
  }

  /// The line of the group named `name` among the lines now, if any.
  func line(named name: String) -> Int? {
    (0..<tree.count).first { line in
      guard let key = tree.node(at: line)?.key, key != Self.everyoneKey else { return false }
      return lines.name(forKey: key) == name
    }
  }

  /// Selects the line of the group named `name` as a click on it does;
  /// false when no line shows it now (a search may bring it).
  @discardableResult
  func select(named name: String) -> Bool {
    guard let line = line(named: name) else { return false }
    gtk_single_selection_set_selected(selection.opaque, guint(line))
    return true
  }

  /// Searches the groups' names as typing `text` in the search entry does.
  func search(typing text: String) {
    gtk_editable_set_text(gtkObject(searchEntry), text)
  }

  /// Opens or closes list line `position` (a group holding groups).
  func setExpanded(_ expanded: Bool, line position: Int) {
    tree.setExpanded(expanded, at: position)
  }

  /// Whether a search of the names is running, or a server's groups are
  /// being read (tests wait for it).
  var isSearching: Bool { lines.isBusy }

  // MARK: Lines

  private func children(of key: String) -> [String]? { lines.children(of: key) }

  private func line(for node: KeyedTreeModel.Node) -> GroupRow.Model? {
    if node.key == Self.everyoneKey {
      return GroupRow.Model(name: tr("All people"), people: everyone, row: node.row)
    }
    guard let line = lines.line(forKey: node.key) else { return nil }
    return GroupRow.Model(name: line.name, people: line.people, row: node.row)
  }

  /// Lists `keys`, selecting the group shown when it is among them.
  private func setRootKeys(_ keys: [String]) {
    isReplacing = true
    tree.setRoots(keys)
    isReplacing = false
    showSelection()
  }

  /// Selects the line of the group shown, if the list has it now (none else).
  private func showSelection() {
    let key = lines.choice == nil ? Self.everyoneKey : lines.chosenKey
    let position = key.flatMap { key in (0..<tree.count).first { tree.node(at: $0)?.key == key } }
    isReplacing = true
    gtk_single_selection_set_selected(
      selection.opaque, position.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
    isReplacing = false
  }

  /// A line on screen: the lines read what it stands for, if anything
  /// (a server's skeleton line, its window).
  private func look(at node: KeyedTreeModel.Node) {
    lines.look(at: node.key, in: tree) { [weak self] in self?.showSelection() }
  }

  private func selectionChanged() {
    guard !isReplacing else { return }
    let position = gtk_single_selection_get_selected(selection.opaque)
    guard position != guint(GTK_INVALID_LIST_POSITION), let node = tree.node(at: Int(position))
    else { return }
    guard lines.choose(key: node.key == Self.everyoneKey ? nil : node.key) else { return }
    onSelect?(lines.choice)
  }

  // MARK: Search

  private func search(_ text: String) {
    lines.search(text) { [weak self] keys in self?.setRootKeys([Self.everyoneKey] + keys) }
  }
}

/// A group chosen in the sidebar.
///
/// Threading: a plain value; `Sendable`.
struct GroupChoice: Sendable, Equatable {
  /// Its number among the directory's own groups (nil: a server's group).
  var number: Int?
  /// The group's identity and name.
  var id: String
  var name: String
}
