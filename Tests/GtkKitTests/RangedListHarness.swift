import CGtk
import GtkKit
import XCTest

/// A row of a windowed list: a label showing its element, or a skeleton
/// while the element's page has not arrived.
@MainActor
final class SkeletonRow: ListRow {
  static let skeleton = "░░░░"
  let widget: Widget
  /// What the row shows; nil while unbound.
  private(set) var text: String?

  init() {
    widget = gtk_label_new("")!
    gtk_widget_set_size_request(widget, -1, 40)
  }

  func bind(_ model: String?, position: Int) {
    text = model ?? Self.skeleton
    gtk_label_set_text(OpaquePointer(widget), text)
  }

  func unbind() { text = nil }
}

/// A ``RangedListModel`` over a ``PagedSource`` in a real GtkListView of
/// a 300x400 window (ten rows of 40 px), with its announcements recorded.
@MainActor
final class RangedListHarness {
  let source: PagedSource
  let model: RangedListModel<String>
  let factory: ListFactory<SkeletonRow>
  let window: UnsafeMutablePointer<GtkWidget>
  let list: UnsafeMutablePointer<GtkWidget>
  /// Every `items-changed` as [position, removed, added].
  private(set) var changes: [[Int]] = []
  private var connection: SignalConnection?

  init(_ source: PagedSource, count: Int, configuration: RangedListConfiguration) {
    self.source = source
    let model = RangedListModel(count: count, configuration: configuration, fetch: source.fetch)
    self.model = model
    factory = ListFactory(
      makeRow: { SkeletonRow() }, model: { $0 < model.count ? model[$0] : nil })
    model.rows = factory
    (window, list) = GtkTestEnvironment.presentList(model: model.object, factory)
    connection = Signals.connect(model.object.pointer, .itemsChanged) {
      [unowned self] position, removed, added in
      changes.append([Int(position), Int(removed), Int(added)])
    }
    XCTAssertTrue(MainContext.run(until: { self.factory.statistics.binds >= 10 }))
    // The first programmatic jump can be mis-applied in GTK 4.8 (the rows stay at the top, the
    // viewport goes blank) unless the view has scrolled to an item once.
    // It applies at the next layout: wait for a frame painted after it, on any machine's speed.
    let clock = gtk_widget_get_frame_clock(list)
    let before = gdk_frame_clock_get_frame_counter(clock)
    gtk_widget_activate_action_variant(list, "list.scroll-to-item", g_variant_new_uint32(0))
    gtk_widget_queue_draw(list)
    XCTAssertTrue(
      MainContext.run(until: {
        gdk_frame_clock_get_frame_counter(clock) > before && self.visibleRange().count == 10
      }), "the list did not lay out ten rows")
  }

  func close() {
    connection?.disconnect()
    GtkTestEnvironment.close(window)
  }

  /// The rows on screen, from the adjustment (rows have one height).
  func visibleRange() -> Range<Int> {
    let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))
    let upper = gtk_adjustment_get_upper(adjustment)
    let count = model.count
    guard upper > 0, count > 0 else { return 0..<0 }
    let height = upper / Double(count)
    let value = gtk_adjustment_get_value(adjustment)
    // Row edges computed as value / height land a hair off whole numbers.
    let slack = 1e-6
    let first = Int((value / height + slack).rounded(.down))
    let bottom = value + gtk_adjustment_get_page_size(adjustment)
    let last = Int((bottom / height - slack).rounded(.up)) - 1
    return max(first, 0)..<min(last + 1, count)
  }

  /// Tells the model what is on screen, as the app does on each scroll.
  func reportVisible() {
    model.setVisible(visibleRange())
  }

  /// Scrolls so `row` is at the top, waits until GTK has bound it, and
  /// reports the visible rows.
  func scroll(toRow row: Int) {
    // GTK 4.8 can leave its rows behind after a long jump by set_value
    // alone; its own scroll-to-item moves them, then set_value aligns the
    // row with the top.
    gtk_widget_activate_action_variant(
      list, "list.scroll-to-item", g_variant_new_uint32(guint(row)))
    XCTAssertTrue(MainContext.run(until: { self.binds(row) && self.visibleRange().contains(row) }))
    let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))
    let height = gtk_adjustment_get_upper(adjustment) / Double(model.count)
    gtk_adjustment_set_value(adjustment, Double(row) * height)
    XCTAssertTrue(
      MainContext.run(until: { self.visibleRange().lowerBound == row && self.binds(row) }))
    reportVisible()
  }

  /// Releases held fetches until nothing runs or waits.
  @discardableResult
  func settle() -> Bool {
    MainContext.run(until: {
      self.source.release()
      return self.model.fetchesInFlight == 0 && self.model.fetchesWaiting == 0
    })
  }

  /// Whether a bound row shows `position`.
  func binds(_ position: Int) -> Bool {
    var found = false
    factory.forEachBoundRow { _, bound in found = found || bound == position }
    return found
  }

  /// What each bound row shows, by position.
  func shownRows() -> [Int: String] {
    var shown: [Int: String] = [:]
    factory.forEachBoundRow { row, position in shown[position] = row.text }
    return shown
  }

  /// Checks that every bound row shows its own position's element (as
  /// `other`, else the harness's source, answers it now), or a skeleton
  /// where `skeletonAllowed` says its page may not have arrived.
  func assertRowsShowTheirOwnElements(
    of other: PagedSource? = nil, skeletonAllowed: (Int) -> Bool,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let source = other ?? source
    let shown = shownRows()
    XCTAssertFalse(shown.isEmpty, file: file, line: line)
    for (position, text) in shown {
      if text == SkeletonRow.skeleton, skeletonAllowed(position) { continue }
      XCTAssertEqual(text, source.element(position), "row \(position)", file: file, line: line)
    }
  }
}
