import CGtk
import GtkKit
import PreparedImages

/// Knows which positions are on screen, from the scroll position alone:
/// rows have one height, so h = upper / n, first = floor(value / h),
/// last = ceil((value + page) / h) − 1. GTK binds far more rows than it
/// shows; this tells visible from merely bound, so visible rows load first,
/// and drives prefetching one screen ahead in the scroll direction.
///
/// Prefetching runs in the gap after a frame, not inside it: the scroll
/// position changes in the frame's update phase (a tick, a kinetic scroll)
/// or just before it (a drag), and asking the pipeline for a screen of
/// images there (lookups, claims, load tasks) would lengthen that frame for
/// work no row waits on yet. An idle callback below GTK's redraw priority
/// prefetches once for the latest position, however many times it moved.
///
/// Threading: main-actor only.
@MainActor
package final class ViewportTracker {
  /// The list's vertical adjustment, held: a prefetch waiting for the gap
  /// after a frame can run after the window that owned it was destroyed.
  private let adjustmentRef: ObjectRef
  private var adjustment: UnsafeMutablePointer<GtkAdjustment> {
    cgtk_adjustment(adjustmentRef.pointer)
  }
  private let itemCount: @MainActor () -> Int
  private let prefetcher: ImagePrefetcher?
  /// The positions on screen now.
  package private(set) var visible: Range<Int> = 0..<0
  /// Which way the list last scrolled: 1 down, -1 up, 0 not yet.
  package var direction: Int { scrollDirection.current }
  private var scrollDirection = ScrollDirection()
  /// Called when the visible range changes.
  var onChange: (@MainActor (Range<Int>) -> Void)?
  /// Whether a prefetch waits for the gap after the frame.
  package private(set) var isPrefetchPending = false
  /// The rows the prefetcher last asked for (nil without avatars).
  package var prefetchWindow: Range<Int>? { prefetcher?.window }
  /// Called after each prefetch (tests watch when it runs).
  package var onPrefetch: (@MainActor () -> Void)?

  init(listView: Widget, itemCount: @escaping @MainActor () -> Int, prefetcher: ImagePrefetcher?) {
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(listView))!
    adjustmentRef = ObjectRef(adjustment)
    self.itemCount = itemCount
    self.prefetcher = prefetcher
    Signals.connect(gobject(adjustment), .valueChanged) { [weak self] in self?.update() }
    Signals.connect(gobject(adjustment), .changed) { [weak self] in self?.laidOut() }
  }

  /// The height of one row, or 0 before the first layout with rows.
  ///
  /// Read when GTK lays the list out (the adjustment's "changed"), the one
  /// moment its upper and the count of rows agree: the count moves as soon
  /// as the model changes (a load replacing a preview, a search), and upper
  /// follows one allocation later. In between, upper / count was wrong by
  /// the ratio of the counts: 200 preview rows grown to 2,000 made about
  /// 117 rows "visible" instead of 12, and the text of 234 rows was shaped
  /// and their avatars raised in one go.
  package private(set) var rowHeight: Double = 0

  /// GTK laid the list out: upper is the height of the rows it holds now.
  private func laidOut() {
    let count = itemCount()
    let upper = gtk_adjustment_get_upper(adjustment)
    if count > 0, upper > 0 { rowHeight = upper / Double(count) }
    update()
  }

  /// Recomputes the visible range (also call after the model changes).
  func update() {
    let count = itemCount()
    let height = rowHeight
    let value = gtk_adjustment_get_value(adjustment)
    let page = gtk_adjustment_get_page_size(adjustment)
    scrollDirection.moved(to: value)
    var range = 0..<0
    if height > 0, count > 0 {
      let first = max(0, Int((value / height).rounded(.down)))
      let last = min(count - 1, Int(((value + page) / height).rounded(.up)) - 1)
      if last >= first { range = first..<(last + 1) }
    }
    if prefetcher != nil, !isPrefetchPending {
      isPrefetchPending = true
      Idle.add { [weak self] in
        self?.prefetch()
        return false
      }
    }
    if range != visible {
      visible = range
      onChange?(range)
    }
  }

  /// Scrolls `listView` (the list this tracks) so that `position` is its
  /// top row; before the first layout, asks the list to bring it in view.
  func scroll(toTop position: Int, in listView: Widget) {
    guard rowHeight > 0 else {
      gtk_widget_activate_action_variant(
        listView, "list.scroll-to-item", g_variant_new_uint32(guint(position)))
      return
    }
    gtk_adjustment_set_value(adjustment, Double(position) * rowHeight)
    update()
  }

  /// Prefetches for where the list is now.
  private func prefetch() {
    isPrefetchPending = false
    guard let prefetcher else { return }
    prefetcher.update(
      scrollOffset: gtk_adjustment_get_value(adjustment),
      pageSize: gtk_adjustment_get_page_size(adjustment), rowHeight: rowHeight,
      itemCount: itemCount())
    onPrefetch?()
  }
}
