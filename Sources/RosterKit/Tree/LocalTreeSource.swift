import Directory
import GtkKit

/// The lines of a local table's org tree (a users.json's, an offline
/// copy's): each line keyed by the person's position in the table, the
/// roots the people without a manager (and one person of each circle of
/// managers, so that everyone is somewhere), a manager's reports read from
/// the table's manager links when they are opened. ``reveal(_:)`` opens the
/// path down to a person and selects them.
///
/// Threading: main-actor only; the roots are found off the main thread.
@MainActor
package final class LocalTreeSource: TreeSource {
  private let view: OrgTreeView
  /// The people the tree shows.
  package private(set) var table: UserTable?
  /// Finding the roots off the main thread, if running.
  private var rooting: Task<Void, Never>?
  /// What runs once the roots being found show.
  private var afterShow: [@MainActor @Sendable () -> Void] = []

  /// The source filling `view`'s lines.
  init(_ view: OrgTreeView) {
    self.view = view
  }

  isolated deinit { rooting?.cancel() }

  /// Shows the organisation of `table` (roots found off the main thread;
  /// `then` runs once they show).
  func show(_ table: UserTable, then done: (@MainActor @Sendable () -> Void)? = nil) {
    rooting?.cancel()
    if let done { afterShow.append(done) }
    let find = Task.detached(priority: .userInitiated) { table.organisationRoots() }
    rooting = Task { @MainActor [weak self] in
      let roots = await withTaskCancellationHandler {
        await find.value
      } onCancel: {
        find.cancel()
      }
      guard let self, !Task.isCancelled else { return }
      self.rooting = nil
      self.table = table
      self.view.tree.setRoots(roots.map(String.init))
      let waiting = self.afterShow
      self.afterShow = []
      for run in waiting { run() }
    }
  }

  /// Runs `done` once the roots being found show (at once when none are).
  func whenShown(_ done: @escaping @MainActor @Sendable () -> Void) {
    if rooting == nil { done() } else { afterShow.append(done) }
  }

  /// Whether the roots are being found (tests wait for it).
  package var isLoading: Bool { rooting != nil }

  /// The position in the table of the person on `line`.
  package func person(atLine line: Int) -> Int? {
    view.tree.node(at: line).flatMap { Int($0.key) }
  }

  /// Opens every manager above person `index` (top first), selects them
  /// and scrolls them into view; false when the tree does not hold them.
  @discardableResult
  func reveal(_ index: Int) -> Bool {
    guard let table else { return false }
    // The path from the top down to the person; it starts at a root (the
    // top, a manager the directory lacks, or where the roots enter a circle).
    let path = Array(([index] + table.managerChain(of: index).managers).reversed())
    guard let start = path.firstIndex(where: { line(of: $0, from: 0, depth: 0) != nil }),
      var line = line(of: path[start], from: 0, depth: 0)
    else { return false }
    for (depth, person) in path[(start + 1)...].enumerated() {
      view.tree.setExpanded(true, at: line)
      guard let next = self.line(of: person, from: line + 1, depth: depth + 1) else { return false }
      line = next
    }
    view.lines.select(andShow: line)
    return true
  }

  /// The line of person `index` at `depth`, looking from `start` while the
  /// lines stay at that depth or deeper (a manager's reports, or the roots).
  private func line(of index: Int, from start: Int, depth: Int) -> Int? {
    let key = String(index)
    var line = start
    while let node = view.tree.node(at: line), node.depth >= depth {
      if node.depth == depth, node.key == key { return line }
      line += 1
    }
    return nil
  }

  // MARK: TreeSource

  package func children(of key: String) -> [String]? {
    guard let table, let index = Int(key), index < table.userCount,
      table.reportCount(of: index) > 0
    else { return nil }
    return table.directReports(of: index).map(String.init)
  }

  package func line(ofKey key: String) -> (person: UserViewModel?, reports: Int?)? {
    guard let table, let index = Int(key), index < table.userCount else { return nil }
    return (table[index], table.reportCount(of: index))
  }

  package func identity(ofKey key: String) -> String? {
    guard let table, let index = Int(key), index < table.userCount else { return nil }
    return table[index].identity
  }
}
