import CGtk
import Directory
import GtkKit
import SharedSupport

/// The groups sidebar: "All people" at the top, then the directory's groups
/// with how many people each holds, a group holding groups opening to show
/// them (``Directory/DirectoryGroup/subgroups``), over a windowed list
/// (rows are made for what shows, whatever the number of groups), and a
/// search over the groups' names run off the main thread. Selecting a line
/// tells ``onSelect`` (nil: everyone); searching does not change what the
/// main view shows.
///
/// Threading: main-actor only.
@MainActor
final class GroupsSidebar {
  /// The sidebar: the search entry over the list.
  let widget: Widget
  let searchEntry: Widget
  let listView: Widget
  /// Called when the user selects a group (its number) or "All people" (nil).
  var onSelect: (@MainActor (Int?) -> Void)?
  private let tree: KeyedTreeModel
  private let selection: ObjectRef
  private let factory: ListFactory<GroupRow>
  /// The groups shown, and the size of their directory.
  private(set) var groups = DirectoryGroups()
  private var everyone = 0
  /// The group whose people the main view shows (nil: everyone).
  private(set) var selectedGroup: Int?
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
    weakSelf = self
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
    self.groups = groups
    self.everyone = everyone
    selectedGroup = id.flatMap(number(ofGroup:))
    gtk_editable_set_text(gtkObject(searchEntry), "")
    setRoots(Array(groups.indices))
    return selectedGroup
  }

  /// The number of the group whose identity is `id`, if it is listed.
  func number(ofGroup id: String) -> Int? { groups.indices.first { groups[$0].id == id } }

  /// How many lines the list has now ("All people" included).
  var lineCount: Int { tree.count }

  /// The group number (nil: "All people") of list line `position`.
  func group(atLine position: Int) -> Int?? {
    guard let node = tree.node(at: position) else { return nil }
    return .some(Int(node.key))
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
    let key = group.map(String.init) ?? Self.everyoneKey
    guard let position = (0..<tree.count).first(where: { tree.node(at: $0)?.key == key })
    else { return false }
    gtk_single_selection_set_selected(selection.opaque, guint(position))
    return true
  }

  /// Opens or closes list line `position` (a group holding groups).
  func setExpanded(_ expanded: Bool, line position: Int) {
    tree.setExpanded(expanded, at: position)
  }

  /// Whether a search of the names is running (tests wait for it).
  var isSearching: Bool { searching != nil }

  // MARK: Lines

  private func children(of key: String) -> [String]? {
    guard let number = Int(key), groups.indices.contains(number),
      !groups[number].subgroups.isEmpty
    else { return nil }
    return groups[number].subgroups.map(String.init)
  }

  private func line(for node: KeyedTreeModel.Node) -> GroupRow.Model? {
    guard let number = Int(node.key) else {
      return GroupRow.Model(name: tr("All people"), people: everyone, row: node.row)
    }
    guard groups.indices.contains(number) else { return nil }
    let group = groups[number]
    return GroupRow.Model(
      name: group.name, people: groups.membersKnown ? group.members.count : nil, row: node.row)
  }

  /// Lists "All people" and `numbers`, selecting the group shown when it is
  /// among them.
  private func setRoots(_ numbers: [Int]) {
    isReplacing = true
    tree.setRoots([Self.everyoneKey] + numbers.map(String.init))
    let key = selectedGroup.map(String.init) ?? Self.everyoneKey
    let position = (0..<tree.count).first { tree.node(at: $0)?.key == key }
    gtk_single_selection_set_selected(
      selection.opaque, position.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
    isReplacing = false
  }

  private func selectionChanged() {
    guard !isReplacing else { return }
    let position = gtk_single_selection_get_selected(selection.opaque)
    guard position != guint(GTK_INVALID_LIST_POSITION), let node = tree.node(at: Int(position))
    else { return }
    let group = Int(node.key)
    guard group != selectedGroup else { return }
    selectedGroup = group
    onSelect?(group)
  }

  // MARK: Search

  private func search(_ text: String) {
    searching?.cancel()
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
