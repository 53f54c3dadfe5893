import CGtk

/// A `GListModel` over a source read a page at a time by offset (a directory
/// server with virtual list view, SCIM paging): the list has the source's
/// count at once, so the scrollbar is sized from the start, and only the
/// pages of the rows on screen are fetched.
///
/// Item objects are made on demand per position and stand for the position
/// (the identity cache keeps one per position while GTK holds it, so GTK
/// keeps rows); they carry no data. ``subscript(_:)`` answers nil while a
/// position's page has not arrived: the row shows a skeleton. An arriving
/// page re-binds, in place and with no `items-changed`, only the bound rows
/// that show its positions at that moment (``rows``); a row recycled to
/// another position is not touched by a late page for its old one.
///
/// The order of work (``setVisible(_:)``): the pages of the visible rows,
/// then those of one screen ahead in the scroll direction, at most
/// ``RangedListConfiguration/maxFetchesInFlight`` at once. A queued page
/// that stops being wanted is dropped before it is sent; a running fetch
/// that stops being wanted is cancelled and whatever it still returns is
/// thrown away (its slot is free at once, so a source that ignores
/// cancellation may briefly run more). Every
/// ``reset(count:fetch:pacedBy:)`` and ``refill()`` bumps ``generation``;
/// a page read under an older generation is thrown away on arrival. A
/// change of count that a page reports is announced as one change at the
/// end (never `(0, N, N)`, which GTK 4.8's selection mishandles).
///
/// Threading: main-actor only. The fetch closure runs off the main actor
/// (in a detached task); its results come back to the main actor.
@MainActor
public final class RangedListModel<Element: Sendable> {
  /// Reads the elements at a range of positions, off the main actor; it
  /// should give up when its task is cancelled.
  public typealias Fetch = @Sendable (Range<Int>) async throws -> ElementRange<Element>

  /// The model object; hand ``listModel`` to a selection model or view.
  public let object: ObjectRef
  /// Page size, cache bound and fetches at once.
  public let configuration: RangedListConfiguration
  /// The rows to re-bind when pages arrive or a reset empties them
  /// (typically the view's ``ListFactory``); held weakly.
  public weak var rows: (any RebindableRows)?
  /// Called with the first error of each burst of failed fetches (a burst
  /// ends when a page arrives). Failed pages are fetched again when the
  /// visible range next changes, or on ``refill()`` — never in a loop.
  public var onError: (@MainActor (any Error) -> Void)?
  /// Called after each page arrives and its rows are re-bound (pages
  /// flowing again after a failure, for an owner that said so).
  public var onArrival: (@MainActor () -> Void)?
  /// What happened to the pages so far.
  public internal(set) var statistics = RangedListStatistics()
  /// Bumped by every reset and refill; pages read under another are thrown away.
  public internal(set) var generation = 0
  /// Whether the last page said its count was final.
  public internal(set) var isCountFinal = true

  let core: ListModelCore
  var fetch: Fetch
  var cache: PageCache<Element>
  var window = WantedPages()
  /// Fetches running, by page number.
  var inFlight: [Int: RunningFetch] = [:]
  /// Pages wanted and not yet sent, by page number.
  var waiting: Set<Int> = []
  /// Pages whose fetch failed, left alone until the visible range changes.
  var failed: Set<Int> = []
  /// Whether ``onError`` has heard of the failures since the last arrival.
  var inFailureBurst = false
  var nextSerial = 0

  /// A model of `count` positions (held to 0...Int32.max) whose elements
  /// `fetch` reads; its item objects count in `census` while they live, when given.
  public init(
    count: Int, configuration: RangedListConfiguration = RangedListConfiguration(),
    census: ItemCensus? = nil, fetch: @escaping Fetch
  ) {
    self.configuration = configuration
    self.fetch = fetch
    cache = PageCache(capacity: configuration.maxCachedPages)
    let core = ListModelCore(census: census)
    core.count = Self.checkedCount(count)
    // Identity is the position: GTK keeps a row across a page's arrival.
    core.identityAt = { AnyHashable($0) }
    self.core = core
    object = ObjectRef(ListModelObject.make(core: core), adopt: true)
  }

  isolated deinit {
    for running in inFlight.values { running.task.cancel() }
  }

  /// The `GListModel *` to pass to GTK.
  public var listModel: OpaquePointer { object.opaque }

  /// The number of positions GTK sees (the source's count as last read).
  public var count: Int { core.count }

  /// The element at `position`, or nil while its page has not arrived (the
  /// row shows a skeleton). During a ``refill()`` the data read before it.
  public subscript(position: Int) -> Element? {
    guard position >= 0, position < count else { return nil }
    return cache[position / configuration.pageSize]?.element(at: position)
  }

  /// Pages held in memory now.
  public var cachedPageCount: Int { cache.count }

  /// Fetches running now.
  public var fetchesInFlight: Int { inFlight.count }

  /// Pages wanted and waiting for a free fetch.
  public var fetchesWaiting: Int { waiting.count }

  /// The rows on screen, as last told by ``setVisible(_:)``.
  public var visible: Range<Int> { window.visible }

  /// Tells the model which rows are on screen (call it whenever the view
  /// scrolls or resizes). The direction of scrolling is taken from the
  /// previous call. Fetches what is now wanted, cancels what no longer is,
  /// and gives failed pages another try; the same range again does nothing.
  public func setVisible(_ range: Range<Int>) {
    guard range != window.visible else { return }
    window.move(to: range)
    failed = []
    cache.touch(window.visiblePages(pageSize: configuration.pageSize))
    schedule()
  }

  /// Starts over with another source (a search): `count` positions (held
  /// to 0...Int32.max) read by `fetch`. Every held page is dropped and
  /// every fetch cancelled; the change of count is one announcement at the
  /// end, and the rows GTK keeps are re-bound in place to skeletons — none
  /// rebuilt — those off screen a few per frame of `pacer` when one is
  /// given (see ``ListModel/reload(with:pacedBy:budget:)`` for why).
  public func reset(
    count: Int, fetch: @escaping Fetch, pacedBy pacer: Widget? = nil
  ) {
    startGeneration()
    cache.removeAll()
    self.fetch = fetch
    isCountFinal = true
    let newCount = Self.checkedCount(count)
    let kept = min(self.count, newCount)
    announce(count: newCount)
    let visible = window.visible
    rows?.rebind(
      where: { $0 < kept }, deferring: { !visible.contains($0) }, pacedBy: pacer, perFrame: 24)
    schedule()
  }

  /// Reads the wanted pages again (a refresh): the rows keep showing what
  /// was read before until each page's new data arrives and re-binds them.
  /// Fetches running from before are cancelled and their pages thrown away.
  public func refill() {
    startGeneration()
    schedule()
  }

  /// ``refill()`` from another source of the same count (a cached first
  /// screen giving way to the server's): the rows keep what they show
  /// until `fetch`'s pages arrive.
  public func refill(fetch: @escaping Fetch) {
    self.fetch = fetch
    refill()
  }

  /// A new generation: nothing running or queued belongs to it.
  private func startGeneration() {
    generation += 1
    for running in inFlight.values { running.task.cancel() }
    statistics.cancelled += inFlight.count
    statistics.droppedBeforeSending += waiting.count
    inFlight = [:]
    waiting = []
    failed = []
    inFailureBurst = false
  }

  /// Announces a new count as one change at the end: the tail added or removed.
  func announce(count newCount: Int) {
    let old = core.count
    guard newCount != old else { return }
    core.count = newCount
    if newCount > old {
      g_list_model_items_changed(listModel, guint(old), 0, guint(newCount - old))
    } else {
      g_list_model_items_changed(listModel, guint(newCount), guint(old - newCount), 0)
    }
  }

  /// An owner's count (often a server's) held to what a `GListModel` can hold.
  private static func checkedCount(_ count: Int) -> Int {
    min(max(count, 0), ElementRange<Element>.maxCount)
  }
}
