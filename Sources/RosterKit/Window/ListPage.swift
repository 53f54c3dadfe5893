import CGtk
import Directory
import GtkKit
import PreparedImages

/// List mode: a GtkListView over the people with its factory of
/// ``UserRow``s (48 px avatars), its selection, the scrolled window around
/// it, the ``ViewportTracker`` that tells visible rows from merely bound
/// ones (and drives avatar prefetching), and drag-to-scroll.
///
/// Threading: main-actor only.
@MainActor
final class ListPage {
  /// The scrolled window holding the list.
  let scroller: Widget
  let listView: Widget
  /// The row factory (its statistics show binds and recycled rows).
  let factory: ListFactory<UserRow>
  /// The list's selection model (the page holds a reference).
  var selection: OpaquePointer { selectionReference.opaque }
  private let selectionReference: ObjectRef
  let viewport: ViewportTracker
  let dragScroller: DragScroller
  /// Shapes the text of the rows about to scroll in, between frames.
  let textShaping: TextShapingAhead<UserRow>

  init(model: ListModel<UserRef>, avatars: AvatarService?) {
    // Weak: the rows ask the tracker, and the tracker's handler holds the factory.
    weak var tracker: ViewportTracker?
    let waiting = WaitingAvatarRows<UserRow> { $0.isLoadingAvatar }
    factory = ListFactory(
      makeRow: {
        let row = UserRow(avatars: avatars)
        row.isOnScreen = { tracker?.visible.contains($0) ?? false }
        row.onAvatarPending = { waiting.add($0) }
        return row
      }, model: { position in model[position].viewModel })
    (listView, selectionReference) = Gtk.peopleList(model: model.object, factory: factory.object)
    scroller = Gtk.scrolledWindow(listView)
    let prefetcher = avatars.map { avatars in
      ImagePrefetcher(pipeline: avatars.pipeline) { position in
        position < model.count ? avatars.request(for: model[position].avatar) : nil
      }
    }
    viewport = ViewportTracker(
      listView: listView, itemCount: { model.count }, prefetcher: prefetcher)
    tracker = viewport
    dragScroller = DragScroller(listView: listView, scroller: scroller)
    let factory = factory
    let textShaping = TextShapingAhead(factory: factory, view: listView) { $0.shapeText() }
    self.textShaping = textShaping
    viewport.onChange = { [weak self, weak viewport] visible in
      textShaping.visibleRangeChanged(to: visible, direction: viewport?.direction ?? 0)
      // Only a row whose avatar is on its way has a load to raise or lower.
      waiting.visibleRangeChanged(to: visible, in: factory) { $0.setVisible($1) }
      self?.onVisibleChange?(visible)
    }
  }

  /// Drops the page's GTK references on the main thread.
  isolated deinit {}

  /// Called after the rows on screen change (bound rows are told first).
  var onVisibleChange: (@MainActor (Range<Int>) -> Void)?

  /// The position selected, or `GTK_INVALID_LIST_POSITION`.
  var selected: guint { gtk_single_selection_get_selected(selection) }

  /// Selects `position` (`GTK_INVALID_LIST_POSITION` clears).
  func select(_ position: guint) { gtk_single_selection_set_selected(selection, position) }
}
