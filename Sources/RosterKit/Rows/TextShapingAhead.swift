import CGtk
import GtkKit

/// Shapes the text of the rows about to scroll into view, in the gap after
/// a frame, so that the frame that first shows a row only draws its text.
///
/// GTK binds far more rows than it shows, so a row has its person long
/// before it reaches the screen; but Pango itemizes, shapes and breaks a
/// line only when the line is first drawn, and that was most of the cost
/// of drawing a new row, paid inside the frame that scrolled it in. Here,
/// after each change of the visible rows, an idle callback below GTK's
/// redraw priority shapes the bound rows of the next screen in the scroll
/// direction (both directions before the first scroll). A row bound again
/// before it shows is simply shaped again.
///
/// GTK 4.8 gives the rows it binds beyond the screen no size: they are
/// shaped at the width of the view's rows on screen (a list's rows are all
/// as wide), as measured at the last pass that found one.
///
/// Threading: main-actor only.
@MainActor
final class TextShapingAhead<Row: ListRow> {
  private let factory: ListFactory<Row>
  /// The list or grid view the rows are in.
  private let view: Widget
  private let shape: @MainActor (Row, _ width: Int32) -> Int
  /// The positions to shape at the next idle, and those on screen then.
  private var band: Range<Int> = 0..<0
  private var visible: Range<Int> = 0..<0
  /// The width of the view's rows on screen, as last measured (0: none
  /// measured yet, and nothing without a size of its own is shaped).
  private var rowWidth: Int32 = 0
  /// Whether a pass is queued for the next idle. Tests wait until it is
  /// false after a frame, so the pass that frame queued has run before
  /// they scroll again, however late the machine runs its frames.
  private(set) var isPending = false
  /// Whether the idle reads the visible positions from the rows GTK shows
  /// (``scrolled(direction:)``), with the direction of that scroll.
  private var readsVisibleRows = false
  private var direction = 0
  /// The frame clock (held) and its "after-paint" handler while a pass
  /// waits for GTK's next layout.
  private var waitingForFrame: (clock: ObjectRef, handler: SignalConnection)?
  /// Whether it shapes at all (the bench's --shape-ahead off measures without).
  var isEnabled = true
  /// Called after each idle pass (tests wait for it).
  var onShaped: (@MainActor () -> Void)?
  /// Set by ``close()``: the view is gone, and no pass may reach it.
  private var isClosed = false
  /// The adjustment ``followScrolling()`` follows, whether a pass is to
  /// read its direction, and which way its value moved from pass to pass.
  private var followed: (adjustment: UnsafeMutablePointer<GtkAdjustment>, held: ObjectRef)?
  private var readsAdjustment = false
  private var scrollDirection = ScrollDirection()

  /// Shapes the rows `factory` makes for `view` with `shape`, which is
  /// given the width of the rows on screen and returns the lines it shaped.
  init(
    factory: ListFactory<Row>, view: Widget,
    shape: @escaping @MainActor (Row, _ width: Int32) -> Int
  ) {
    self.factory = factory
    self.view = view
    self.shape = shape
  }

  /// The rows on screen are now `visible`, the last scroll went `direction`
  /// (> 0 down, < 0 up, 0 not yet): shape the next screen at the next idle.
  func visibleRangeChanged(to visible: Range<Int>, direction: Int) {
    guard isEnabled, !visible.isEmpty else { return }
    self.visible = visible
    band = Self.band(after: visible, direction: direction)
    readsVisibleRows = false
    scheduleIdle()
  }

  /// The view scrolled `direction` (> 0 down, < 0 up): at the next idle,
  /// after the frame's layout, the visible positions are those of the rows
  /// GTK shows then (a grid's, whose screen rows hold several positions).
  func scrolled(direction: Int) {
    guard isEnabled else { return }
    self.direction = direction
    readsVisibleRows = true
    readsAdjustment = false
    scheduleIdle()
  }

  /// Shapes ahead after each move of the view's vertical adjustment (a
  /// grid's or a table's: the list's page follows its viewport), the way
  /// the adjustment moved in all since the last pass.
  ///
  /// Not the way of each single move: in the frame of a scroll to a
  /// fraction of a pixel (a fling's, the bench's) GTK 4.8's list sets the
  /// value again, a little back (anchoring its rows to whole pixels), so
  /// the last signal of a frame scrolled down reads "up", and the screen
  /// above, already shaped, would be shaped instead of the one coming in.
  func followScrolling() {
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(view))!
    followed = (adjustment, ObjectRef(adjustment))
    Signals.connect(gobject(adjustment), .valueChanged) { [weak self] in
      guard let self, isEnabled else { return }
      readsVisibleRows = true
      readsAdjustment = true
      scheduleIdle()
    }
  }

  isolated deinit { waitingForFrame?.handler.disconnect() }

  /// Stops for good: the window that holds the view is being destroyed. A
  /// pass already queued does nothing, and none is queued again (the view,
  /// its rows and its frame clock are not touched after this).
  func close() {
    isClosed = true
    waitingForFrame?.handler.disconnect()
    waitingForFrame = nil
  }

  /// One screen's worth of positions beyond `visible` in `direction`.
  private static func band(after visible: Range<Int>, direction: Int) -> Range<Int> {
    let screen = visible.count
    let below = visible.upperBound..<(visible.upperBound + screen)
    let above = max(0, visible.lowerBound - screen)..<visible.lowerBound
    switch direction {
    case 1...: return below
    case ..<0: return above
    default: return above.lowerBound..<below.upperBound
    }
  }

  private func scheduleIdle() {
    guard !isPending, !isClosed else { return }
    isPending = true
    Idle.add { [weak self] in
      self?.shapeBand()
      return false
    }
  }

  /// Runs the idle again after the next frame: GTK has not laid the view
  /// out since the scroll (a view just shown, a frame held up), so no row
  /// is shown yet to measure the band from. Waiting for a frame, not idling
  /// in a loop, asks for no frame of its own: while the view stays hidden it
  /// costs one short idle for each frame the window paints anyway.
  private func retryAfterNextFrame() {
    guard waitingForFrame == nil else { return }
    guard let clock = gtk_widget_get_frame_clock(view) else { return }
    let handler = Signals.connect(gobject(clock), .afterPaint) { [weak self] in
      guard let self else { return }
      self.waitingForFrame?.handler.disconnect()
      self.waitingForFrame = nil
      self.scheduleIdle()
    }
    waitingForFrame = (ObjectRef(gobject(clock)), handler)
  }

  private func shapeBand() {
    isPending = false
    guard isEnabled, !isClosed else { return }
    if readsAdjustment, let followed {
      direction = scrollDirection.moved(to: gtk_adjustment_get_value(followed.adjustment))
    }
    if readsVisibleRows {
      let visible = factory.shownPositions()
      guard !visible.isEmpty else { return retryAfterNextFrame() }
      self.visible = visible
      band = Self.band(after: visible, direction: direction)
    }
    measureRowWidth()
    let (band, width) = (self.band, rowWidth)
    factory.forEachBoundRow { row, position in
      if band.contains(position) { _ = shape(row, width) }
    }
    onShaped?()
  }

  /// Reads the width of the rows on screen, laid out by now.
  private func measureRowWidth() {
    let visible = self.visible
    factory.forEachBoundRow { row, position in
      guard visible.contains(position) else { return }
      let width = gtk_widget_get_width(row.widget)
      if width > 0 { rowWidth = width }
    }
  }
}
