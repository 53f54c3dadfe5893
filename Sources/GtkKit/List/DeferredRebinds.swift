import CGtk

/// The rows a ``ListFactory`` re-binds a few per frame after a reload, the
/// tick that does it, and the guard that none of them is painted stale.
///
/// The tick goes from the top, but a scroll can bring a queued row on
/// screen before its turn (a jump, Page Down, a fast wheel). So while rows
/// are due, each layout of the pacer's frame clock is followed (the rows
/// then stand where this frame paints them) by a look at the queued rows:
/// any that meets its list's visible area is re-bound at once. Its new text
/// asks for another layout, which the frame clock runs before painting.
///
/// Threading: main-actor only, owned by its factory.
@MainActor
final class DeferredRebinds {
  /// Rows in the order they were queued; `queued` says which are still due.
  private var order: [UnsafeMutableRawPointer] = []
  private var queued: Set<UnsafeMutableRawPointer> = []
  private let tick = OwnedTick()
  /// Binds a row again to what is at its position now.
  private var rebind: (@MainActor (UnsafeMutableRawPointer) -> Void)?
  /// The handler after each layout of the pacer's frame clock, while rows
  /// are due, and that clock (referenced).
  private var layoutHook: (clock: UnsafeMutableRawPointer, connection: SignalConnection)?
  /// Whether queued rows coming on screen are re-bound before they are
  /// painted. Only tests turn it off, to show what it prevents.
  var rebindsRowsComingOnScreen = true
  /// Queued rows re-bound before their turn because they came on screen.
  private(set) var reboundOnScreen = 0

  /// How many rows are still due.
  var count: Int { queued.count }

  /// Queues `items`; each tick of `pacer` hands up to `perFrame` of them
  /// to `rebind`, until none are left, and any that comes on screen first
  /// is handed over before it is painted.
  func add(
    _ items: [UnsafeMutableRawPointer], pacedBy pacer: Widget, perFrame: Int,
    rebind: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
  ) {
    for item in items where queued.insert(item).inserted { order.append(item) }
    guard !queued.isEmpty else { return }
    self.rebind = rebind
    watchLayouts(of: pacer)
    guard !tick.isRunning else { return }
    tick.start(on: pacer) { [weak self] in
      self?.step(perFrame: perFrame) ?? false
    }
  }

  /// Forgets `item` (GTK bound, unbound or tore it down).
  func drop(_ item: UnsafeMutableRawPointer) {
    queued.remove(item)
    if queued.isEmpty { stopWatchingLayouts() }
  }

  /// Stops the tick and forgets every row.
  func stop() {
    tick.stop()
    stopWatchingLayouts()
    order = []
    queued = []
  }

  /// One frame's share; returns whether rows remain (the tick goes on).
  private func step(perFrame: Int) -> Bool {
    var done = 0
    while done < perFrame, let item = order.popLast() {
      guard queued.remove(item) != nil else { continue }
      rebind?(item)
      done += 1
    }
    if queued.isEmpty {
      order = []
      stopWatchingLayouts()
    }
    return !queued.isEmpty
  }

  private func watchLayouts(of pacer: Widget) {
    guard layoutHook == nil, rebindsRowsComingOnScreen,
      let clock = gtk_widget_get_frame_clock(pacer)
    else { return }
    let object = UnsafeMutableRawPointer(clock)
    g_object_ref(object)
    // After GTK's own handler, which allocates the window: rows are in place.
    let connection = Signals.connect(object, .layout, after: true) { [weak self] in
      self?.rebindRowsOnScreen()
    }
    layoutHook = (object, connection)
  }

  private func stopWatchingLayouts() {
    guard let layoutHook else { return }
    self.layoutHook = nil
    layoutHook.connection.disconnect()
    g_object_unref(layoutHook.clock)
  }

  /// Re-binds, now, the queued rows that this frame would paint.
  private func rebindRowsOnScreen() {
    let due = queued.filter(Self.isOnScreen)
    for item in due {
      queued.remove(item)
      rebind?(item)
    }
    reboundOnScreen += due.count
    if queued.isEmpty { stopWatchingLayouts() }
  }

  /// Whether the row widget of `item`, as laid out now, meets the visible
  /// area of its list (the scrollable it sits in).
  private static func isOnScreen(_ item: UnsafeMutableRawPointer) -> Bool {
    guard let row = gtk_list_item_get_child(OpaquePointer(item)),
      let list = gtk_widget_get_ancestor(row, gtk_scrollable_get_type())
    else { return false }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(row, list, &bounds) != 0 else { return false }
    return bounds.origin.y + bounds.size.height > 0
      && bounds.origin.y < Float(gtk_widget_get_height(list))
      && bounds.origin.x + bounds.size.width > 0
      && bounds.origin.x < Float(gtk_widget_get_width(list))
  }
}
