import CGtk
import Directory
import GtkKit
import SharedSupport

/// The groups sidebar: "All people" at the top, then the directory's groups
/// with how many people each holds, a group holding groups opening to show
/// them (``Directory/DirectoryGroup/subgroups``), over a windowed list
/// (rows are made for what shows, whatever the number of groups), and a
/// search over the groups' names run off the main thread. A directory
/// server's groups are listed from the server instead, a window at a time
/// as their lines show (``ServerGroupLines``). Selecting a line tells
/// ``onSelect`` (nil: everyone); searching does not change what the main
/// view shows.
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
  /// The groups shown, and the size of their directory.
  private(set) var groups = DirectoryGroups()
  private var everyone = 0
  /// The group whose people the main view shows (nil: everyone or a
  /// server's group).
  private(set) var selectedGroup: Int?
  /// A server's groups, when the sidebar lists them (nil: ``groups``).
  private(set) var server: ServerGroupLines?
  /// The server's group whose people the main view shows.
  private(set) var selectedServerGroup: DirectoryGroupEntry?
  /// Which lines show (a server's skeleton lines are read once they do).
  private var onScreen: LinesOnScreen!
  /// The search over the names running off the main thread, if any.
  private var searching: Task<Void, Never>?
  /// True while the list is replaced: the selection it loses is not the user's.
  private var isReplacing = false

  /// The key of "All people" (groups' keys are their numbers).
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

  isolated deinit { searching?.cancel() }

  /// Shows `groups` of a directory of `everyone` people, keeping the group
  /// shown selected when it is still there (by identity); returns the
  /// number it has now (nil: everyone).
  @discardableResult
  func show(_ groups: DirectoryGroups, everyone: Int) -> Int? {
    let id = selectedGroup.map { self.groups[$0].id }
    server = nil
    selectedServerGroup = nil
    self.groups = groups
    self.everyone = everyone
    selectedGroup = id.flatMap(number(ofGroup:))
    gtk_editable_set_text(gtkObject(searchEntry), "")
    setRoots(Array(groups.indices))
    return selectedGroup
  }

  /// Lists the groups of `directory`, a server of `everyone` people, from
  /// `first`, its first window of groups by name; the group shown stays
  /// selected when it is among them.
  func show(server directory: any OrganisedDirectory, first: GroupRange, everyone: Int) {
    let lines = ServerGroupLines(directory: directory)
    server = lines
    groups = DirectoryGroups()
    selectedGroup = nil
    self.everyone = everyone
    gtk_editable_set_text(gtkObject(searchEntry), "")
    setRootKeys([Self.everyoneKey] + lines.keys(for: first))
  }

  /// Whether a group (not "All people") is selected.
  var hasSelectedGroup: Bool { selectedGroup != nil || selectedServerGroup != nil }

  /// The number of the group whose identity is `id`, if it is listed (a
  /// server's: its position among every group, once read).
  func number(ofGroup id: String) -> Int? {
    if let server {
      return server.key(ofGroup: id).flatMap { server.text.isEmpty ? Int($0.dropFirst()) : nil }
    }
    return groups.indices.first { groups[$0].id == id }
  }

  /// How many lines the list has now ("All people" included).
  var lineCount: Int { tree.count }

  /// The group number (nil: "All people") of list line `position`.
  func group(atLine position: Int) -> Int?? {
    guard let node = tree.node(at: position) else { return nil }
    return .some(server == nil ? Int(node.key) : Int(node.key.dropFirst()))
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
    let key =
      group.map { server?.key(atPosition: $0) ?? (server == nil ? String($0) : "") }
      ?? Self.everyoneKey
    guard let position = (0..<tree.count).first(where: { tree.node(at: $0)?.key == key })
    else { return false }
    gtk_single_selection_set_selected(selection.opaque, guint(position))
    return true
  }

  /// The line of the group named `name` among the lines now, if any.
  func line(named name: String) -> Int? {
    (0..<tree.count).first { line in
      guard let key = tree.node(at: line)?.key, key != Self.everyoneKey else { return false }
      if let server { return server.group(forKey: key)?.name == name }
      return Int(key).map { groups.indices.contains($0) && groups[$0].name == name } ?? false
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
  var isSearching: Bool { searching != nil || server?.isReading == true }

  // MARK: Lines

  private func children(of key: String) -> [String]? {
    guard server == nil, let number = Int(key), groups.indices.contains(number),
      !groups[number].subgroups.isEmpty
    else { return nil }
    return groups[number].subgroups.map(String.init)
  }

  private func line(for node: KeyedTreeModel.Node) -> GroupRow.Model? {
    if node.key == Self.everyoneKey {
      return GroupRow.Model(name: tr("All people"), people: everyone, row: node.row)
    }
    if let server {
      guard let group = server.group(forKey: node.key) else {
        return GroupRow.Model(name: tr("Loading"), people: nil, row: node.row)
      }
      return GroupRow.Model(name: group.name, people: group.memberCount, row: node.row)
    }
    guard let number = Int(node.key) else { return nil }
    guard groups.indices.contains(number) else { return nil }
    let group = groups[number]
    return GroupRow.Model(
      name: group.name, people: groups.membersKnown ? group.members.count : nil, row: node.row)
  }

  /// Lists "All people" and `numbers`, selecting the group shown when it is
  /// among them.
  private func setRoots(_ numbers: [Int]) {
    setRootKeys([Self.everyoneKey] + numbers.map(String.init))
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
    let key: String? =
      if let server {
        selectedServerGroup.map { server.key(ofGroup: $0.id) } ?? Self.everyoneKey
      } else {
        selectedGroup.map(String.init) ?? Self.everyoneKey
      }
    let position = key.flatMap { key in (0..<tree.count).first { tree.node(at: $0)?.key == key } }
    isReplacing = true
    gtk_single_selection_set_selected(
      selection.opaque, position.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
    isReplacing = false
  }

  /// A line on screen: a server's skeleton line reads its window.
  private func look(at node: KeyedTreeModel.Node) {
    guard let server, let offset = ServerGroupLines.placeholderOffset(node.key),
      let roots = tree.children(of: nil)
    else { return }
    server.read(at: offset, into: roots) { [weak self] in self?.showSelection() }
  }

  private func selectionChanged() {
    guard !isReplacing else { return }
    let position = gtk_single_selection_get_selected(selection.opaque)
    guard position != guint(GTK_INVALID_LIST_POSITION), let node = tree.node(at: Int(position))
    else { return }
    if let server {
      guard ServerGroupLines.placeholderOffset(node.key) == nil else { return }
      let group = server.group(forKey: node.key)
      guard group?.id != selectedServerGroup?.id else { return }
      selectedServerGroup = group
      onSelect?(group.map { GroupChoice(number: nil, id: $0.id, name: $0.name) })
      return
    }
    let group = Int(node.key)
    guard group != selectedGroup else { return }
    selectedGroup = group
    onSelect?(group.map { GroupChoice(number: $0, id: groups[$0].id, name: groups[$0].name) })
  }

  // MARK: Search

  private func search(_ text: String) {
    searching?.cancel()
    if let server {
      // The server searches: its first window is read once the line shows.
      guard text != server.text else { return }
      return setRootKeys([Self.everyoneKey] + server.search(text))
    }
    let groups = groups
    let run = Task.detached(priority: .userInitiated) {
      groups.numbers(matching: text) { Task.isCancelled }
    }
    searching = Task { @MainActor [weak self] in
      let numbers = await withTaskCancellationHandler {
        await run.value
      } onCancel: {
        run.cancel()
      }
      guard let self, !Task.isCancelled, let numbers else { return }
      self.searching = nil
      self.setRoots(numbers)
    }
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
