/// Loads avatars about one screen ahead of the viewport, in the direction of scrolling.
///
/// The app calls ``update(scrollOffset:pageSize:rowHeight:itemCount:)`` when the scroll position
/// changes. With constant row heights the visible range is exact:
/// first = floor(offset / h), last = ceil((offset + page) / h) - 1. The window is the same
/// number of rows past the last (scrolling down) or before the first (scrolling up). Prefetches
/// that fall out of the window — left behind when the direction flips, or scrolled past — are
/// cancelled, so a fling never leaves a backlog.
///
/// Threading: main-actor only.
@MainActor
public final class ImagePrefetcher {
  private let pipeline: ImagePipeline
  private let request: @MainActor (Int) -> ImageRequest?
  private var lastOffset: Double?
  private var scrollingDown = true
  private var prefetched: Set<ImageRequest> = []
  /// Rows being prefetched now.
  public private(set) var window: Range<Int> = 0..<0

  public init(pipeline: ImagePipeline, request: @escaping @MainActor (Int) -> ImageRequest?) {
    self.pipeline = pipeline
    self.request = request
  }

  public func update(scrollOffset: Double, pageSize: Double, rowHeight: Double, itemCount: Int) {
    if let lastOffset, scrollOffset != lastOffset { scrollingDown = scrollOffset > lastOffset }
    lastOffset = scrollOffset
    window = Self.window(
      scrollOffset: scrollOffset, pageSize: pageSize, rowHeight: rowHeight, itemCount: itemCount,
      down: scrollingDown)

    // Nearest rows first: the pipeline serves equal priorities in arrival order.
    var wanted: [ImageRequest] = []
    var wantedSet = Set<ImageRequest>()
    for index in scrollingDown ? Array(window) : window.reversed() {
      if let request = request(index), wantedSet.insert(request).inserted { wanted.append(request) }
    }
    pipeline.cancelPrefetch(prefetched.filter { !wantedSet.contains($0) })
    pipeline.prefetch(wanted.filter { !prefetched.contains($0) })
    prefetched = wantedSet
  }

  /// The most rows prefetched at once. One screen is the aim; the cap holds
  /// when the row height is momentarily wrong: when a million rows replace
  /// a preview's two hundred, the list's height is still the preview's until
  /// its next layout, the height per row reads near zero, and "one screen"
  /// was tens of thousands of rows (two seconds of the main thread, deduped
  /// one by one, while a million users loaded).
  public nonisolated static let maxRows = 100

  /// The rows one screen ahead of the visible ones (at most ``maxRows``),
  /// clamped to the list.
  nonisolated static func window(
    scrollOffset: Double, pageSize: Double, rowHeight: Double, itemCount: Int, down: Bool
  ) -> Range<Int> {
    guard rowHeight > 0, pageSize > 0, itemCount > 0, scrollOffset.isFinite else { return 0..<0 }
    let first = min(max(Int((scrollOffset / rowHeight).rounded(.down)), 0), itemCount - 1)
    let last = min(
      max(Int(((scrollOffset + pageSize) / rowHeight).rounded(.up)) - 1, first), itemCount - 1,
      first + maxRows - 1)
    let visibleCount = last - first + 1
    return down
      ? min(last + 1, itemCount)..<min(last + 1 + visibleCount, itemCount)
      : max(first - visibleCount, 0)..<first
  }
}
