import CGtk
import Directory
import GtkKit
import PreparedImages

/// The list of a directory read from a server a window at a time: a
/// GtkListView over a ``WindowedListModel`` whose count is the server's, so
/// the scrollbar spans the whole directory from the first page on. Rows bind
/// as skeletons and fill in place as their pages arrive; the viewport tells
/// the model which pages to fetch (the visible ones, then one screen ahead)
/// and the avatar prefetcher which photos to ask for.
///
/// Threading: main-actor only.
@MainActor
package final class ServerListPage {
  /// The scrolled window holding the list.
  let widget: Widget
  package let listView: Widget
  /// The people, as GTK sees them; nil elements are still on their way.
  package let model: WindowedListModel<UserViewModel>
  package let factory: ListFactory<ServerRow>
  /// The list's selection model.
  var selection: OpaquePointer { selectionReference.opaque }
  private let selectionReference: ObjectRef
  package private(set) var viewport: ViewportTracker!
  /// Shapes the text of the rows about to scroll in, between frames.
  private(set) var textShaping: TextShapingAhead<ServerRow>!
  private(set) var dragScroller: DragScroller?

  init(avatars: AvatarService?, pageSize: Int = 100) {
    var configuration = WindowedListConfiguration()
    configuration.pageSize = pageSize
    let model = WindowedListModel<UserViewModel>(count: 0, configuration: configuration) { range in
      WindowedPage(offset: range.lowerBound, elements: [], count: 0)
    }
    self.model = model
    // Weak: the rows ask the tracker, and the tracker's handler holds the factory.
    weak var tracker: ViewportTracker?
    let waiting = WaitingAvatarRows<ServerRow> { $0.isLoadingAvatar }
    factory = ListFactory(
      makeRow: {
        let row = ServerRow(avatars: avatars)
        row.person.isOnScreen = { tracker?.visible.contains($0) ?? false }
        row.person.onAvatarPending = { [unowned row] _ in waiting.add(row) }
        return row
      },
      model: { position in
        guard position < model.count else { return nil }
        return model[position].map(ServerRowContent.person) ?? .pending
      })
    model.rows = factory
    (listView, selectionReference) = Gtk.peopleList(model: model.object, factory: factory.object)
    widget = Gtk.scrolledWindow(listView)
    let prefetcher = avatars.map { avatars in
      ImagePrefetcher(pipeline: avatars.pipeline) { position in
        model[position].flatMap { avatars.request(for: $0) }
      }
    }
    viewport = ViewportTracker(
      listView: listView, itemCount: { model.count }, prefetcher: prefetcher)
    tracker = viewport
    let factory = factory
    let textShaping = TextShapingAhead(factory: factory, view: listView) { $0.person.shapeText() }
    self.textShaping = textShaping
    viewport.onChange = { [weak self, weak viewport] visible in
      model.setVisible(visible)
      textShaping.visibleRangeChanged(to: visible, direction: viewport?.direction ?? 0)
      // Only a row whose avatar is on its way has a load to raise or lower.
      waiting.visibleRangeChanged(to: visible, in: factory) { $0.setVisible($1) }
      self?.onVisibleChange?(visible)
    }
    dragScroller = DragScroller(listView: listView, scroller: widget)
  }

  /// Drops the page's GTK references on the main thread.
  isolated deinit {}

  /// Called after the rows on screen change (the model is told first).
  var onVisibleChange: (@MainActor (Range<Int>) -> Void)?

  /// Bound rows that show a skeleton, and those of them on screen (tests,
  /// the benchmark's skeleton ratio).
  package func skeletonRows() -> (bound: Int, visible: Int) {
    var bound = 0
    var visible = 0
    let onScreen = viewport.visible
    factory.forEachBoundRow { row, position in
      guard row.showsSkeleton else { return }
      bound += 1
      if onScreen.contains(position) { visible += 1 }
    }
    return (bound, visible)
  }

  /// Scrolls so that `position` is the top row (Refresh keeps its person there).
  func scroll(toTop position: Int) {
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(listView))!
    let height = viewport.rowHeight
    guard height > 0 else {
      gtk_widget_activate_action_variant(
        listView, "list.scroll-to-item", g_variant_new_uint32(guint(position)))
      return
    }
    gtk_adjustment_set_value(adjustment, Double(position) * height)
    viewport.update()
  }
}
