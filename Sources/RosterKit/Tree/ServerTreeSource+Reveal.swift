import Directory
import GtkKit

/// Finding a person in a server's org tree: the path down to them read
/// from the server, a window at a time.
extension ServerTreeSource {
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
    view.lines.select(andShow: line)
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
}
