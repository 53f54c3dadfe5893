import CGtk
import Directory
import GtkKit

/// The server's list as tests and the bench see it, its selection, the
/// person at a position with every attribute of their entry, and what is
/// counted in it.
extension ServerDirectoryPage {
  package var listView: Widget { list.listView }
  package var factory: ListFactory<ServerRow> { list.factory }
  package var viewport: ViewportTracker { list.viewport }
  var textShaping: TextShapingAhead<ServerRow> { list.textShaping }
  var dragScroller: DragScroller { list.dragScroller }

  /// Scrolls so that `position` is the top row.
  func scroll(toTop position: Int) { list.scroll(toTop: position) }

  /// Bound rows that show a skeleton, and those of them on screen (tests,
  /// the benchmark's skeleton ratio).
  package func skeletonRows() -> (bound: Int, visible: Int) {
    var bound = 0
    var visible = 0
    let onScreen = list.viewport.visible
    list.factory.forEachBoundRow { row, position in
      guard row.showsSkeleton else { return }
      bound += 1
      if onScreen.contains(position) { visible += 1 }
    }
    return (bound, visible)
  }

  // MARK: Views and selection

  /// A server's list has no grid (its cells would need a second windowed model).
  package var viewModes: [ViewMode] { [.list] }

  package var viewMode: ViewMode {
    get { .list }
    set {}
  }

  package var selectedPosition: Int? {
    let selected = list.selected
    return selected == guint(GTK_INVALID_LIST_POSITION) ? nil : Int(selected)
  }

  package func select(_ position: Int?) {
    list.select(position.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
  }

  /// The person at `position`, once their page has arrived.
  package func person(at position: Int) -> UserViewModel? {
    guard position >= 0, position < model.count else { return nil }
    return model[position]
  }

  package func attributes(of identity: String) async -> [DirectoryAttribute]? {
    await Self.attributes(of: identity, in: directory)
  }

  /// Runs off the main thread; a failure shows no attributes.
  nonisolated private static func attributes(
    of identity: String, in directory: any WindowedDirectory
  ) async -> [DirectoryAttribute] {
    (try? await directory.attributes(of: identity)) ?? []
  }

  package var shownView: Widget { list.listView }

  package var shownDragScroller: DragScroller { list.dragScroller }

  package func setMaxFlingVelocity(_ velocity: Double) {
    list.dragScroller.maxFlingVelocity = velocity
  }

  package var shapesTextAhead: Bool {
    get { list.textShaping.isEnabled }
    set { list.textShaping.isEnabled = newValue }
  }

  // MARK: Statistics

  package var hasVisibleRows: Bool {
    let visible = list.viewport.visible
    return !visible.isEmpty && model[visible.lowerBound] != nil
  }

  /// A skeleton row is waiting for its data, and so for its avatar.
  package var visibleRowsWaitingForAvatars: Int {
    list.visibleRows { $0.showsSkeleton || $0.person.isLoadingAvatar }
  }

  package var hasBoundRows: Bool { list.factory.statistics.binds > 0 }

  package var liveRows: Int { list.factory.liveRows }
}
