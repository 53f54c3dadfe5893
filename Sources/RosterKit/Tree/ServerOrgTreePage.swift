import CGtk
import Directory
import GtkKit
import SharedSupport

/// A directory server's organisation as a tree: the people without a
/// manager at the top, each opening to their direct reports, read from the
/// server a window at a time as the lines show. The server's counterpart of
/// ``OrgTreePage``, with the same ``OrgTreeRow``s.
///
/// Every list of the tree (the top, a manager's reports) starts as one
/// skeleton line; once on screen (or a screen ahead of it) it reads the
/// next window (``pageSize`` people) of that list and the people take its
/// place, with a new skeleton after them while the server has more. GTK
/// binds far more lines than show, so what is read follows the
/// ``LinesOnScreen``, never the binds: a manager of ten thousand costs
/// the windows scrolled through, not the whole team. How many report to
/// each person is asked one person at a time while their line shows;
/// someone with none loses their expander.
///
/// Threading: main-actor only; every server call runs off the main thread
/// (the directory's own connection threads).
@MainActor
package final class ServerOrgTreePage {
  /// The people read at a time.
  static let pageSize = 100
  /// The filter of the top of the organisation.
  static let topFilter = try? PersonFilter(parsing: "not (manager pr)")

  /// The scrolled window holding the tree.
  let widget: Widget
  let listView: Widget
  let factory: ListFactory<OrgTreeRow>
  let dragScroller: DragScroller
  /// Which lines show.
  private let onScreen: LinesOnScreen
  private let tree: KeyedTreeModel
  private let lines: SingleSelectionList
  private let directory: any OrganisedDirectory
  /// The people read so far, by identity.
  private var people: [String: UserViewModel] = [:]
  /// How many report to each person, as far as known.
  private var reportCounts: [String: Int] = [:]
  /// The server's views of the lists read last (the top under ""), kept so
  /// their next windows reuse the view's connection and sorted list; at
  /// most ``keptScopes``, since each view holds a connection of its own.
  private var scopes: [(manager: String, view: any RangedDirectory)] = []
  static let keptScopes = 8
  /// The people whose count was asked for (or is on its way).
  private var countsAsked: Set<String> = []
  /// The people whose count is to be asked, in the order their lines bound.
  private var countQueue: [String] = []
  /// Asking for the counts one at a time, while it runs.
  private var counting: Task<Void, Never>?
  /// Opening the path down to a person, while it runs.
  private var revealing: Task<Void, Never>?
  /// The windows being read: their list's owner and offset.
  private var reading: Set<String> = []
  /// Bumped by ``show()``: answers for an older tree are dropped.
  private var generation = 0
  /// Whether the tree was asked for its top.
  private(set) var isShown = false
  /// A person activated (Enter, a double-click): their identity.
  var onActivate: (@MainActor (String) -> Void)?
  /// The server failed a read (the lines already shown stay).
  var onError: (@MainActor (DirectoryError) -> Void)?

  /// The tree of `directory`, its rows loading their avatars through
  /// `avatars` (nil: initials only) and counted in `census`.
  init(directory: any OrganisedDirectory, avatars: AvatarService?, census: RowCensus?) {
    self.directory = directory
    weak var weakSelf: ServerOrgTreePage?
    tree = KeyedTreeModel { key in weakSelf?.children(of: key) }
    let tree = tree
    factory = ListFactory(
      makeRow: { OrgTreeRow(avatars: avatars) },
      model: { position in
        guard let node = tree.node(at: position) else { return nil }
        return weakSelf?.line(for: node)
      }, census: census)
    let view = OrgTreeView(tree, factory: factory.object)
    lines = view.lines
    listView = view.listView
    widget = view.widget
    dragScroller = view.dragScroller
    onScreen = LinesOnScreen(listView: listView, tree: tree)
    weakSelf = self
    onScreen.onLook = { [weak self] node in self?.look(at: node) }
    Signals.connect(gobject(listView), .activateItem) { [weak self] position in
      guard let self, let node = self.tree.node(at: Int(position)),
        Self.placeholderOffset(node.key) == nil
      else { return }
      self.onActivate?(node.key)
    }
  }

  isolated deinit {
    counting?.cancel()
    revealing?.cancel()
  }

  /// Shows the top of the organisation afresh (the first time, or after a
  /// refresh): what was read and opened before is dropped.
  func show() {
    generation += 1
    counting?.cancel()
    counting = nil
    revealing?.cancel()
    revealing = nil
    people = [:]
    reportCounts = [:]
    scopes = []
    countsAsked = []
    countQueue = []
    reading = []
    isShown = true
    tree.setRoots([Self.placeholder(0)])
  }

  // MARK: Lines

  /// The key of the skeleton line that reads a list's window at `offset`.
  static func placeholder(_ offset: Int) -> String { "\u{1}\(offset)" }

  /// The offset a skeleton line reads from; nil for a person's line.
  static func placeholderOffset(_ key: String) -> Int? {
    key.first == "\u{1}" ? Int(key.dropFirst()) : nil
  }

  /// A person's reports, one skeleton line until read; nil for someone
  /// known to have none (GTK then draws no expander).
  private func children(of key: String) -> [String]? {
    guard Self.placeholderOffset(key) == nil, reportCounts[key] != 0 else { return nil }
    return [Self.placeholder(0)]
  }

  private func line(for node: KeyedTreeModel.Node) -> OrgTreeRow.Model {
    OrgTreeRow.Model(
      person: people[node.key], reports: reportCounts[node.key], row: node.row)
  }

  /// A line on screen (or a screen below): a skeleton's window is read, a
  /// person's report count asked.
  private func look(at node: KeyedTreeModel.Node) {
    if let offset = Self.placeholderOffset(node.key) {
      let parent = tree.parent(of: node)
      if let list = tree.children(of: parent) {
        startReading(at: offset, in: list, of: parent?.key)
      }
    } else if reportCounts[node.key] == nil {
      wantCount(of: node.key)
    }
  }

  /// What a list of the tree holds on the server: the top of the
  /// organisation (`manager` nil), or someone's reports.
  private func scope(of manager: String?) -> any RangedDirectory {
    let key = manager ?? ""
    if let kept = scopes.firstIndex(where: { $0.manager == key }) {
      // The list read last goes to the end: the first is dropped first.
      let scope = scopes.remove(at: kept)
      scopes.append(scope)
      return scope.view
    }
    let view =
      if let manager {
        directory.reports(to: manager)
      } else {
        directory.querying(filter: Self.topFilter, sort: nil)
      }
    if scopes.count == Self.keptScopes { scopes.removeFirst() }
    scopes.append((key, view))
    return view
  }

  private func startReading(at offset: Int, in list: KeyList, of manager: String?) {
    let token = "\(manager ?? "")\u{1}\(offset)"
    guard reading.insert(token).inserted else { return }
    let generation = generation
    Task { @MainActor [weak self] in
      await self?.read(at: offset, in: list, of: manager)
      guard let self, self.generation == generation else { return }
      self.reading.remove(token)
    }
  }

  /// Reads the window at `offset` of `manager`'s list and puts its people
  /// in place of the skeleton line reading it; a failure takes the
  /// skeleton away and tells the page.
  private func read(at offset: Int, in list: KeyList, of manager: String?) async {
    let generation = generation
    let scope = scope(of: manager)
    let result: Result<RowRange, DirectoryError>
    do {
      result = .success(try await scope.rows(offset..<(offset + Self.pageSize)))
    } catch {
      result = .failure(error)
    }
    guard self.generation == generation else { return }
    switch result {
    case .success(let window):
      var keys: [String] = []
      keys.reserveCapacity(window.entries.count + 1)
      for entry in window.entries {
        people[entry.id] = UserViewModel(entry: entry)
        keys.append(entry.id)
      }
      let next = offset + window.entries.count
      if !window.entries.isEmpty, next < window.count || !window.isCountFinal {
        keys.append(Self.placeholder(next))
      }
      list.replace(Self.placeholder(offset), with: keys)
      if let manager, window.isCountFinal, reportCounts[manager] != window.count {
        counted(manager, window.count)
      }
    case .failure(let error):
      list.replace(Self.placeholder(offset), with: [])
      onError?(error)
    }
  }

  // MARK: Counts

  private func wantCount(of key: String) {
    guard countsAsked.insert(key).inserted else { return }
    countQueue.append(key)
    guard counting == nil else { return }
    let generation = generation
    let directory = directory
    counting = Task { @MainActor [weak self] in
      while let key = self?.nextCount() {
        let count = try? await directory.reports(to: key).rows(0..<1).count
        guard let self, self.generation == generation, !Task.isCancelled else { return }
        if let count { self.counted(key, count) } else { self.countsAsked.remove(key) }
      }
      if let self, self.generation == generation { self.counting = nil }
    }
  }

  /// The next person whose line still shows and whose count is wanted.
  private func nextCount() -> String? {
    let shown = onScreen.visibleKeys
    while !countQueue.isEmpty {
      let key = countQueue.removeFirst()
      if shown.contains(key) { return key }
      countsAsked.remove(key)
    }
    return nil
  }

  /// `key` has `count` reports: their line shows it; with none, the line is
  /// made again, without an expander.
  private func counted(_ key: String, _ count: Int) {
    reportCounts[key] = count
    var lines: [KeyedTreeModel.Node] = []
    factory.forEachBoundRow { _, position in
      if let node = tree.node(at: position), node.key == key { lines.append(node) }
    }
    guard count == 0 else {
      factory.rebind { position in tree.node(at: position)?.key == key }
      return
    }
    for node in lines {
      tree.children(of: tree.parent(of: node))?.replace(key, with: [key])
    }
  }

  // MARK: Finding a person

  /// Opens every manager above the person `identity` (read from the
  /// server, top first), reading the windows each is in, then selects the
  /// person and scrolls them into view. A chain that does not end at
  /// the top of the organisation (a missing manager, a circle) opens as far
  /// as the tree holds it.
  func reveal(_ identity: String) {
    if !isShown { show() }
    revealing?.cancel()
    let generation = generation
    let directory = directory
    revealing = Task { @MainActor [weak self] in
      let facts = await PersonFacts.server(identity: identity, in: directory)
      guard let self, self.generation == generation, !Task.isCancelled else { return }
      if let facts {
        await self.open(down: facts.managers.reversed().map(\.identity) + [identity])
      }
      if self.generation == generation, !Task.isCancelled { self.revealing = nil }
    }
  }

  /// Opens the lines of `path` (identities, top first) one below the other
  /// and selects the last.
  private func open(down path: [String]) async {
    let generation = generation
    var parent: KeyedTreeModel.Node?
    var line = -1
    for (depth, key) in path.enumerated() {
      guard let found = await self.line(of: key, under: parent, depth: depth, after: line),
        self.generation == generation, !Task.isCancelled
      else { return }
      line = found
      if depth < path.count - 1 {
        tree.setExpanded(true, at: line)
        parent = tree.node(at: line)
      }
    }
    lines.select(andShow: line)
  }

  /// Stops every read; the tree is read afresh when next shown.
  func close() {
    generation += 1
    isShown = false
    counting?.cancel()
    revealing?.cancel()
  }

  /// The line of `key` among the children of `parent` (nil: the top),
  /// reading that list's windows until it is there; nil when the list does
  /// not hold them (or the tree was shown afresh meanwhile).
  private func line(of key: String, under parent: KeyedTreeModel.Node?, depth: Int, after: Int)
    async -> Int?
  {
    let wanted = key.lowercased()
    while let list = tree.children(of: parent) {
      if let index = (0..<list.count).first(where: { list[$0].lowercased() == wanted }) {
        // Its line: after the parent's, where the lines stay this deep.
        var line = after + 1
        var seen = 0
        while let node = tree.node(at: line), node.depth >= depth {
          if node.depth == depth {
            if seen == index { return line }
            seen += 1
          }
          line += 1
        }
        return nil
      }
      guard list.count > 0, let offset = Self.placeholderOffset(list[list.count - 1]) else {
        return nil
      }
      let generation = generation
      await read(at: offset, in: list, of: parent?.key)
      guard self.generation == generation, !Task.isCancelled else { return nil }
    }
    return nil
  }

  // MARK: Tests

  /// The lines of the tree now.
  package var lineCount: Int { tree.count }

  /// The key of `line` (a person's identity, or a skeleton's).
  package func key(ofLine line: Int) -> String? { tree.node(at: line)?.key }

  /// The level of `line` (0 at the top).
  func depth(ofLine line: Int) -> Int? { tree.node(at: line)?.depth }

  /// Whether `line` has an expander.
  func isExpandable(line: Int) -> Bool {
    tree.node(at: line).map { gtk_tree_list_row_is_expandable($0.row.opaque) != 0 } ?? false
  }

  /// Opens or closes `line`.
  package func setExpanded(_ expanded: Bool, line: Int) { tree.setExpanded(expanded, at: line) }

  /// The line selected, if any.
  var selectedLine: Int? { lines.selected }

  /// Whether windows or counts are being read, or a person revealed.
  package var isBusy: Bool { !reading.isEmpty || counting != nil || revealing != nil }

  /// The bound lines, top to bottom: name and report count as shown.
  var shownLines: [(name: String, count: String)] {
    var shown: [(Int, (name: String, count: String))] = []
    factory.forEachBoundRow { row, position in shown.append((position, row.texts)) }
    return shown.sorted { $0.0 < $1.0 }.map(\.1)
  }
}
