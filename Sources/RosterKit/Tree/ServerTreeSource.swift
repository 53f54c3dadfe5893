import Directory
import GtkKit

/// The lines of a directory server's org tree: the people without a
/// manager at the top, each opening to their direct reports, read from the
/// server a window at a time as the lines show; each line keyed by the
/// person's identity, or a skeleton's key (``placeholder(_:)``).
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
package final class ServerTreeSource: TreeSource {
  /// The people read at a time.
  static let pageSize = 100
  /// The filter of the top of the organisation.
  static let topFilter = try? PersonFilter(parsing: "not (manager pr)")

  /// Which lines show.
  private let onScreen: LinesOnScreen
  let view: OrgTreeView
  var tree: KeyedTreeModel { view.tree }
  let directory: any OrganisedDirectory
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
  /// Opening the path down to a person, while it runs
  /// (ServerTreeSource+Reveal.swift).
  var revealing: Task<Void, Never>?
  /// The windows being read: their list's owner and offset.
  private var reading: Set<String> = []
  /// Bumped by ``show()``: answers for an older tree are dropped.
  private(set) var generation = 0
  /// Whether the tree was asked for its top.
  private(set) var isShown = false
  /// The server failed a read (the lines already shown stay).
  var onError: (@MainActor (DirectoryError) -> Void)?

  /// The source filling `view`'s lines from `directory`.
  init(directory: any OrganisedDirectory, view: OrgTreeView) {
    self.directory = directory
    self.view = view
    onScreen = LinesOnScreen(listView: view.listView, tree: view.tree)
    onScreen.onLook = { [weak self] node in self?.look(at: node) }
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

  /// Stops every read; the tree is read afresh when next shown.
  func close() {
    generation += 1
    isShown = false
    counting?.cancel()
    revealing?.cancel()
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
  package func children(of key: String) -> [String]? {
    guard Self.placeholderOffset(key) == nil, reportCounts[key] != 0 else { return nil }
    return [Self.placeholder(0)]
  }

  /// A person read, or a skeleton (a window still to read, or a person
  /// the tree was shown afresh without).
  package func line(ofKey key: String) -> (person: UserViewModel?, reports: Int?)? {
    (people[key], reportCounts[key])
  }

  package func identity(ofKey key: String) -> String? {
    Self.placeholderOffset(key) == nil ? key : nil
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
  func read(at offset: Int, in list: KeyList, of manager: String?) async {
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
    let tree = tree
    view.factory.forEachBoundRow { _, position in
      if let node = tree.node(at: position), node.key == key { lines.append(node) }
    }
    guard count == 0 else {
      view.factory.rebind { position in tree.node(at: position)?.key == key }
      return
    }
    for node in lines {
      tree.children(of: tree.parent(of: node))?.replace(key, with: [key])
    }
  }

  /// Whether windows or counts are being read, or a person revealed (tests).
  package var isBusy: Bool { !reading.isEmpty || counting != nil || revealing != nil }
}
