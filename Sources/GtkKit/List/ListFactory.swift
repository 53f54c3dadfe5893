import CGtk
import Dispatch
import FoundationEssentials

/// A typed Swift layer over `GtkSignalListItemFactory`.
///
/// setup makes a `Row` and hangs it on the `GtkListItem` (released by the
/// item's destroy notify, so teardown or finalization frees it); bind looks
/// the position's model up and calls the row; unbind and teardown mirror
/// them. The factory counts what happens so tests can prove rows are
/// recycled, paired and freed. (One idea in one file, a little over 250
/// lines: the handlers, held unbinds and re-binds all share one row table.)
///
/// Threading: main-actor only.
@MainActor
public final class ListFactory<Row: ListRow> {
  /// The `GtkListItemFactory`.
  public let object: ObjectRef
  /// What has happened so far.
  public private(set) var statistics = Statistics()
  /// Called after each bind with its wall time in microseconds (benchmarks).
  public var bindObserver: (@MainActor (Double) -> Void)?
  /// Called after each unbind passed on to a row with its wall time in microseconds
  /// (benchmarks): the held unbind a bind runs first (outside the bind's own time), a flushed
  /// one and an immediate one alike.
  public var unbindObserver: (@MainActor (Double) -> Void)?

  private let makeRow: @MainActor () -> Row
  private let census: RowCensus?
  private let model: @MainActor (Int) -> Row.Model?
  /// Rows that exist now, by their list item, for visiting bound rows.
  private var rows: [UnsafeMutableRawPointer: Row] = [:]
  /// The list item of each row that exists now, for a row's position.
  private var items: [ObjectIdentifier: UnsafeMutableRawPointer] = [:]
  /// Unbinds not yet passed on, with the item each row showed (referenced).
  /// GTK 4.8 unbinds and re-binds a row whenever its position changes, even
  /// to the same item (an insertion above it, scrolling); when the bind that
  /// follows brings the same item back, neither reaches the row.
  private var pendingUnbinds: [UnsafeMutableRawPointer: UnsafeMutableRawPointer] = [:]
  private var flushScheduled = false
  /// Rows waiting for a deferred re-bind, and the tick that works through them.
  private let deferredRebinds = DeferredRebinds()

  /// Creates a factory that builds rows with `makeRow` and binds each position to
  /// `model(position)` (nil leaves the row unbound); `census` counts the rows it holds,
  /// `handlers` its signal handlers' boxed closures.
  public init(
    makeRow: @escaping @MainActor () -> Row, model: @escaping @MainActor (Int) -> Row.Model?,
    census: RowCensus? = nil, handlers: ClosureCensus? = nil
  ) {
    self.makeRow = makeRow
    self.census = census
    self.model = model
    object = ObjectRef(UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()!), adopt: true)
    let factory = object.pointer
    Signals.connect(factory, .setup, census: handlers) { [weak self] in self?.setup($0) }
    Signals.connect(factory, .bind, census: handlers) { [weak self] in self?.bind($0) }
    Signals.connect(factory, .unbind, census: handlers) { [weak self] in self?.unbind($0) }
    Signals.connect(factory, .teardown, census: handlers) { [weak self] in self?.teardown($0) }
  }

  isolated deinit {
    for shown in pendingUnbinds.values { g_object_unref(shown) }
    deferredRebinds.stop()
  }

  /// The factory as GTK's type.
  public var factory: OpaquePointer { object.opaque }

  /// The number of rows alive now (built and not yet torn down).
  public var liveRows: Int { rows.count }

  /// Binds again, in place, the bound rows whose position satisfies
  /// `predicate` (a refresh changed their element but not its identity).
  /// No widget is made; the row's bind runs with the current element.
  /// Returns how many rows were re-bound.
  @discardableResult
  public func rebind(where predicate: (Int) -> Bool) -> Int {
    rebind(where: predicate, deferring: { _ in false }, pacedBy: nil)
  }

  /// Like ``rebind(where:)`` for many rows at once (a reload): the rows
  /// `deferring` accepts (off screen) are re-bound `perFrame` at a time in
  /// later ticks of `pacer` rather than now, since GTK re-measures every
  /// re-bound row in the next frame (~0.1 ms each: two hundred miss it). A
  /// deferred row is always bound to what is at its position when its turn
  /// comes; one that GTK binds, unbinds or tears down first is dropped, and
  /// one that a scroll brings on screen first is re-bound before that frame
  /// is painted, so no frame shows it stale.
  /// Returns how many rows were re-bound now.
  @discardableResult
  public func rebind(
    where predicate: (Int) -> Bool, deferring deferred: (Int) -> Bool,
    pacedBy pacer: Widget?, perFrame: Int = 24
  ) -> Int {
    var now = 0
    var later: [(item: UnsafeMutableRawPointer, position: Int)] = []
    for (item, row) in rows {
      guard let position = Self.boundPosition(item), predicate(position) else { continue }
      if pacer != nil, deferred(position) {
        later.append((item, position))
      } else if rebind(row, at: position) {
        now += 1
      }
    }
    if let pacer, !later.isEmpty {
      // Taken from the back: the rows nearest the top go first.
      later.sort { $0.position > $1.position }
      deferredRebinds.add(later.map(\.item), pacedBy: pacer, perFrame: perFrame) {
        [weak self] item in
        guard let self, let row = self.rows[item], let position = Self.boundPosition(item)
        else { return }
        self.rebind(row, at: position)
      }
    }
    return now
  }

  /// Rows waiting for a deferred re-bind.
  public var deferredRebindCount: Int { deferredRebinds.count }

  /// Deferred re-binds done before their turn because a scroll brought the
  /// row on screen first (re-bound before that frame was painted).
  public var deferredRebindsBroughtForward: Int { deferredRebinds.reboundOnScreen }

  /// Whether a deferred row that comes on screen is re-bound before it is
  /// painted (default). Only tests turn it off, to show the stale rows a
  /// scroll would otherwise reveal.
  package var rebindsDeferredRowsComingOnScreen: Bool {
    get { deferredRebinds.rebindsRowsComingOnScreen }
    set { deferredRebinds.rebindsRowsComingOnScreen = newValue }
  }

  /// Visits every bound row with its current position.
  public func forEachBoundRow(_ body: (Row, Int) -> Void) {
    for (item, row) in rows {
      guard let position = Self.boundPosition(item) else { continue }
      body(row, position)
    }
  }

  /// The positions of the rows GTK shows now (it keeps more bound, hidden,
  /// past the viewport's edges), as of its last layout; empty when none shows.
  public func shownPositions() -> Range<Int> {
    var first = Int.max
    var last = -1
    forEachBoundRow { row, position in
      guard gtk_widget_get_mapped(row.widget) != 0 else { return }
      first = min(first, position)
      last = max(last, position)
    }
    return last >= first ? first..<(last + 1) : 0..<0
  }

  /// The position `row` shows now; nil when it is not bound (or not this factory's).
  public func boundPosition(of row: Row) -> Int? {
    items[ObjectIdentifier(row)].flatMap(Self.boundPosition)
  }

  /// The position of a list item that shows an item now, else nil.
  private static func boundPosition(_ item: UnsafeMutableRawPointer) -> Int? {
    let position = gtk_list_item_get_position(OpaquePointer(item))
    guard position != guint.max, gtk_list_item_get_item(OpaquePointer(item)) != nil else {
      return nil
    }
    return Int(position)
  }

  /// Binds `row` again to the element at `position`; false when there is none.
  @discardableResult
  private func rebind(_ row: Row, at position: Int) -> Bool {
    guard let value = model(position) else { return false }
    row.bind(value, position: position)
    statistics.rebinds += 1
    return true
  }

  private func setup(_ item: UnsafeMutableRawPointer) {
    let row = makeRow()
    rows[item] = row
    let identity = ObjectIdentifier(row)
    items[identity] = item
    statistics.setups += 1
    gtk_list_item_set_child(OpaquePointer(item), row.widget)
    let holder = RowHolder(row: row, census: census) { [weak self] in
      self?.rows[item] = nil
      self?.items[identity] = nil
    }
    g_object_set_data_full(
      item.assumingMemoryBound(to: GObject.self), RowHolder.key,
      Unmanaged.passRetained(holder).toOpaque(),
      { Unmanaged<AnyObject>.fromOpaque($0!).release() })
  }

  private func bind(_ item: UnsafeMutableRawPointer) {
    guard let row = rows[item] else { return }
    deferredRebinds.drop(item)
    if let previous = pendingUnbinds.removeValue(forKey: item) {
      defer { g_object_unref(previous) }
      if previous == gtk_list_item_get_item(OpaquePointer(item)).map(UnsafeMutableRawPointer.init) {
        statistics.elided += 1
        return
      }
      passUnbind(to: row)
    }
    // Timed from here: the deferred unbind above is the unbind's cost, as in GTK.
    let start = DispatchTime.now().uptimeNanoseconds
    let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
    guard let value = model(position) else { return }
    row.bind(value, position: position)
    statistics.binds += 1
    if let bindObserver {
      bindObserver(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
  }

  private func unbind(_ item: UnsafeMutableRawPointer) {
    guard let row = rows[item] else { return }
    deferredRebinds.drop(item)
    guard let shown = gtk_list_item_get_item(OpaquePointer(item)), pendingUnbinds[item] == nil
    else {
      passUnbind(to: row)
      return
    }
    // Hold the unbind until GTK is done with this round of updates.
    pendingUnbinds[item] = UnsafeMutableRawPointer(g_object_ref(shown))
    scheduleFlush()
  }

  /// Passes an unbind on to `row`, counted and timed.
  private func passUnbind(to row: Row) {
    let start = DispatchTime.now().uptimeNanoseconds
    row.unbind()
    statistics.unbinds += 1
    if let unbindObserver {
      unbindObserver(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
  }

  private func scheduleFlush() {
    guard !flushScheduled else { return }
    flushScheduled = true
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated { self?.flushUnbinds() }
    }
  }

  /// Passes on the unbinds no bind of the same item followed.
  func flushUnbinds() {
    flushScheduled = false
    let pending = pendingUnbinds
    pendingUnbinds = [:]
    for (item, shown) in pending {
      if let row = rows[item] { passUnbind(to: row) }
      g_object_unref(shown)
    }
  }

  private func teardown(_ item: UnsafeMutableRawPointer) {
    deferredRebinds.drop(item)
    if let shown = pendingUnbinds.removeValue(forKey: item) {
      rows[item]?.unbind()
      statistics.unbinds += 1
      g_object_unref(shown)
    }
    statistics.teardowns += 1
    gtk_list_item_set_child(OpaquePointer(item), nil)
    // Dropping the data runs the destroy notify, which releases the row.
    g_object_set_data(item.assumingMemoryBound(to: GObject.self), RowHolder.key, nil)
  }
}

/// Keeps a row alive for as long as its `GtkListItem` carries it.
final class RowHolder {
  static let key = "gtkkit-row"
  let row: AnyObject
  private let census: RowCensus?
  private let onRelease: @MainActor () -> Void

  @MainActor
  init(row: AnyObject, census: RowCensus?, onRelease: @escaping @MainActor () -> Void) {
    self.row = row
    self.census = census
    self.onRelease = onRelease
    census?.added()
  }

  deinit {
    let (census, onRelease) = (census, onRelease)
    MainActor.assumeIsolated {
      census?.removed()
      onRelease()
    }
  }
}
