import FoundationEssentials
import SharedSupport

/// Prepared images by request, least recently used evicted first, bounded by byte cost.
///
/// Strict: the total cost never exceeds `costLimit`, not even for a moment, and an image larger
/// than the whole limit is not stored. (Not NSCache: it is neither LRU nor strict.)
///
/// An entry costs what it holds, not only its pixels (``entryCost(of:for:)``): a 48 px avatar
/// is 9,216 bytes of pixels and about 430-920 more of objects around them, so a budget counted
/// in pixels alone would hold 5-10 % more than it says.
///
/// Threading: `Sendable`; every method takes `lock` once. Methods with a leading underscore
/// expect it held.
public final class MemoryCache: @unchecked Sendable {
  /// The byte budget.
  public let costLimit: Int
  private let lock = Lock()
  private var entries: [ImageRequest: Entry] = [:]
  /// Most recently used.
  private var head: Entry?
  /// Least recently used: evicted first.
  private var tail: Entry?
  private var _totalCost = 0

  private final class Entry {
    let key: ImageRequest
    let image: PreparedImage
    /// ``MemoryCache/entryCost(of:for:)``, counted once when stored.
    let cost: Int
    /// Seconds since 1970 from which the image is stale (an http source's freshness); nil:
    /// never.
    var freshUntil: Int64?
    /// Once stale, not to be shown after a failed revalidation (``CachePolicy/mustRevalidate``).
    var mustRevalidate: Bool
    weak var newer: Entry?
    var older: Entry?

    init(
      key: ImageRequest, image: PreparedImage, cost: Int, freshUntil: Int64?,
      mustRevalidate: Bool
    ) {
      self.key = key
      self.image = image
      self.cost = cost
      self.freshUntil = freshUntil
      self.mustRevalidate = mustRevalidate
    }
  }

  /// Bytes an entry holds beyond its pixels and its request's text: the GdkMemoryTexture and
  /// GBytes objects, the allocation headers, the ``PreparedImage``, the cache's entry and its
  /// dictionary slot, and for an http source the URL object. Measured on 64-bit glibc at
  /// about 380 bytes for a file path and 690-870 for an http URL beyond the text; this is an
  /// upper bound for both (`MemoryCacheTests` checks it against the allocator's own count).
  static let entryOverhead = 1024

  /// What storing `image` for `key` costs against the limit: its pixel bytes, the objects around
  /// them (``entryOverhead``) and the request's source text, which its key keeps.
  public static func entryCost(of image: PreparedImage, for key: ImageRequest) -> Int {
    image.cost + entryOverhead + key.source.description.utf8.count
  }

  /// An empty cache holding at most `costLimit` bytes of images.
  public init(costLimit: Int) {
    self.costLimit = max(0, costLimit)
  }

  /// The image for `key`, marking it most recently used.
  public func image(for key: ImageRequest) -> PreparedImage? {
    lock.withLock { () -> PreparedImage? in
      guard let entry = entries[key] else { return nil }
      _unlink(entry)
      _pushFront(entry)
      return entry.image
    }
  }

  /// The image for `key` if it is still fresh at `now` (seconds since 1970), marking it most
  /// recently used; nil when absent or stale (the pipeline then revalidates it).
  func freshImage(for key: ImageRequest, at now: Int64) -> PreparedImage? {
    lock.withLock {
      guard let entry = entries[key], entry.freshUntil.map({ now < $0 }) ?? true else {
        return nil
      }
      _unlink(entry)
      _pushFront(entry)
      return entry.image
    }
  }

  /// Whether `key`'s image is here but stale at `now`.
  func isStale(_ key: ImageRequest, at now: Int64) -> Bool {
    lock.withLock { entries[key]?.freshUntil.map { now >= $0 } ?? false }
  }

  /// Whether `key`'s image is here, fresh or stale.
  func contains(_ key: ImageRequest) -> Bool {
    lock.withLock { entries[key] != nil }
  }

  /// Removes `key`'s image if it is stale at `now` and must not be shown without the server's
  /// word (its revalidation failed).
  func removeIfItMustRevalidate(_ key: ImageRequest, at now: Int64) {
    lock.withLock {
      guard let entry = entries[key], entry.mustRevalidate,
        entry.freshUntil.map({ now >= $0 }) ?? false
      else { return }
      _remove(entry)
    }
  }

  /// Gives `key`'s image a new freshness (its bytes were revalidated) and returns it, marked
  /// most recently used; nil when it is no longer here.
  func refresh(_ key: ImageRequest, freshUntil: Int64?, mustRevalidate: Bool = false)
    -> PreparedImage?
  {
    lock.withLock {
      guard let entry = entries[key] else { return nil }
      entry.freshUntil = freshUntil
      entry.mustRevalidate = mustRevalidate
      _unlink(entry)
      _pushFront(entry)
      return entry.image
    }
  }

  /// Stores `image` as most recently used, evicting the least recently used until it fits.
  /// `freshUntil` (seconds since 1970) is when it becomes stale; nil: never. With
  /// `mustRevalidate`, a stale image goes when its revalidation fails.
  public func store(
    _ image: PreparedImage, for key: ImageRequest, freshUntil: Int64? = nil,
    mustRevalidate: Bool = false
  ) {
    lock.withLock {
      if let old = entries.removeValue(forKey: key) {
        _unlink(old)
        _totalCost -= old.cost
      }
      let cost = Self.entryCost(of: image, for: key)
      guard cost <= costLimit else { return }
      while _totalCost + cost > costLimit, let oldest = tail {
        _remove(oldest)
      }
      let entry = Entry(
        key: key, image: image, cost: cost, freshUntil: freshUntil,
        mustRevalidate: mustRevalidate)
      entries[key] = entry
      _pushFront(entry)
      _totalCost += cost
    }
  }

  func removeAll() {
    lock.withLock {
      entries.removeAll()
      head = nil
      tail = nil
      _totalCost = 0
    }
  }

  public var totalCost: Int { lock.withLock { _totalCost } }
  public var count: Int { lock.withLock { entries.count } }

  /// Keys from most to least recently used.
  var keysByRecency: [ImageRequest] {
    lock.withLock {
      var keys: [ImageRequest] = []
      var entry = head
      while let current = entry {
        keys.append(current.key)
        entry = current.older
      }
      return keys
    }
  }

  private func _remove(_ entry: Entry) {
    _unlink(entry)
    entries[entry.key] = nil
    _totalCost -= entry.cost
  }

  private func _unlink(_ entry: Entry) {
    if let newer = entry.newer { newer.older = entry.older } else { head = entry.older }
    if let older = entry.older { older.newer = entry.newer } else { tail = entry.newer }
    entry.newer = nil
    entry.older = nil
  }

  private func _pushFront(_ entry: Entry) {
    entry.older = head
    head?.newer = entry
    head = entry
    if tail == nil { tail = entry }
  }
}
