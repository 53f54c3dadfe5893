import CGtk
import GtkKit
import PreparedImages

/// A list of people, whatever holds them: a GtkListView over a list model
/// with its factory of rows (48 px avatars), its selection, the scrolled
/// window around it, the ``ViewportTracker`` that tells visible rows from
/// merely bound ones (and drives avatar prefetching), the rows waiting for
/// an avatar, text shaped ahead of the scroll, and drag-to-scroll. Its rows
/// are ``UserRow``s, over a local directory's `ListModel` (always a person)
/// or a server's `RangedListModel` (a skeleton until the page arrives).
///
/// Threading: main-actor only.
@MainActor
final class PeopleList {
  /// The scrolled window holding the list.
  let scroller: Widget
  let listView: Widget
  /// The row factory (its statistics show binds and recycled rows).
  let factory: ListFactory<UserRow>
  /// The people selected (the page's selection, shared with its other views).
  let selection: RangeSelection
  let viewport: ViewportTracker
  let dragScroller: DragScroller
  /// Shapes the text of the rows about to scroll in, between frames.
  let textShaping: TextShapingAhead<UserRow>
  /// Called after the rows on screen change (bound rows are told first).
  var onVisibleChange: (@MainActor (Range<Int>) -> Void)?

  /// A list over `selection`'s model (a GListModel of `count()` items) whose rows show
  /// `content(position)` and prefetch `avatar(service, position)`, its rows
  /// counted in `census`; `visibleWillChange` hears of a new visible range
  /// before anything else.
  init(
    selection: RangeSelection, count: @escaping @MainActor () -> Int,
    content: @escaping @MainActor (Int) -> RowContent?,
    avatars: AvatarService?, census: RowCensus?,
    avatar: @escaping @MainActor (AvatarService, Int) -> ImageRequest?,
    visibleWillChange: (@MainActor (Range<Int>) -> Void)? = nil
  ) {
    // Weak: the rows ask the tracker, and the tracker's handler holds the factory.
    weak var tracker: ViewportTracker?
    let waiting = WaitingAvatarRows<UserRow> { $0.isLoadingAvatar }
    factory = ListFactory(
      makeRow: {
        let row = UserRow(avatars: avatars)
        row.isOnScreen = { tracker?.visible.contains($0) ?? false }
        row.onAvatarPending = { waiting.add($0) }
        return row
      }, model: content, census: census)
    self.selection = selection
    listView = Gtk.peopleList(selection: selection, factory: factory.object)
    scroller = Gtk.scrolledWindow(listView)
    // A binder that loads in bind (the bench's naive one) has nothing to prefetch into.
    let prefetcher: ImagePrefetcher? = avatars.flatMap { avatars in
      guard avatars.binder.prefetches else { return nil }
      return ImagePrefetcher(pipeline: avatars.pipeline) { avatar(avatars, $0) }
    }
    viewport = ViewportTracker(listView: listView, itemCount: count, prefetcher: prefetcher)
    tracker = viewport
    dragScroller = DragScroller(listView: listView, scroller: scroller)
    let factory = factory
    let textShaping = TextShapingAhead(factory: factory, view: listView) {
      $0.shapeText(width: $1)
    }
    self.textShaping = textShaping
    viewport.onChange = { [weak self, weak viewport] visible in
      visibleWillChange?(visible)
      textShaping.visibleRangeChanged(to: visible, direction: viewport?.direction ?? 0)
      // Only a row whose avatar is on its way has a load to raise or lower.
      waiting.visibleRangeChanged(to: visible, in: factory) { $0.setVisible($1) }
      self?.onVisibleChange?(visible)
    }
  }

  /// Rows that are bound and on screen and satisfy `isWaiting`.
  func visibleRows(where isWaiting: (UserRow) -> Bool) -> Int {
    var count = 0
    let visible = viewport.visible
    factory.forEachBoundRow { row, position in
      if visible.contains(position), isWaiting(row) { count += 1 }
    }
    return count
  }

  /// Scrolls so that `position` is the top row (Refresh keeps its person there).
  func scroll(toTop position: Int) { viewport.scroll(toTop: position, in: listView) }

}
