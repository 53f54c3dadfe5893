/// The pages a ``RangedListModel`` holds: at most `capacity`, the least
/// recently used one out first, except pages of the visible rows, which
/// stay whatever their age.
///
/// A linear scan for the oldest page is cheaper than a linked list for the
/// few dozen pages it holds, and it only runs when a page arrives.
///
/// Threading: a plain value, owned by its model on the main actor.
struct PageCache<Element> {
  /// One page's elements, placed by their own offset (a source may answer
  /// a little elsewhere than asked), and the generation it was read under.
  struct Page {
    var generation: Int
    var offset: Int
    var elements: [Element]

    func element(at position: Int) -> Element? {
      let index = position - offset
      return index >= 0 && index < elements.count ? elements[index] : nil
    }
  }

  let capacity: Int
  private var pages: [Int: Page] = [:]
  private var lastUse: [Int: UInt64] = [:]
  private var clock: UInt64 = 0

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// How many pages are held.
  var count: Int { pages.count }

  /// The page at `index` (a page number, not a position).
  subscript(index: Int) -> Page? { pages[index] }

  /// Marks the pages at `indices` as just used.
  mutating func touch(_ indices: Range<Int>) {
    for index in indices where pages[index] != nil { use(index) }
  }

  /// Holds `page` at `index` and lets go of the oldest pages past the
  /// capacity that are not in `pinned`; returns how many went.
  mutating func insert(_ page: Page, at index: Int, pinned: Range<Int>) -> Int {
    pages[index] = page
    use(index)
    var evicted = 0
    while pages.count > capacity {
      let candidates = lastUse.filter { $0.key != index && !pinned.contains($0.key) }
      guard let oldest = candidates.min(by: { $0.value < $1.value })?.key else { break }
      pages[oldest] = nil
      lastUse[oldest] = nil
      evicted += 1
    }
    return evicted
  }

  /// Lets go of every page.
  mutating func removeAll() {
    pages = [:]
    lastUse = [:]
  }

  private mutating func use(_ index: Int) {
    clock += 1
    lastUse[index] = clock
  }
}
