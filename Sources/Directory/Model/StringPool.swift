/// Strings stored once each, back to back in one byte arena, numbered from
/// 1 (0 stands for none): the avatars of a ``UserTable``, and the values
/// many people share (titles, departments, locations).
///
/// A pool can go on from another (``layered()``): the other's strings,
/// shared and never written, keep their numbers, and the strings added
/// follow in an arena of the pool's own. A table patched so shares a
/// million avatars with the table before it instead of copying them.
///
/// Threading: filled by one builder, then only read (its columns are frozen
/// with the table).
struct StringPool {
  /// The pool's own strings' bytes, back to back.
  let text: CompactColumn<UInt8>
  /// Offsets into `text`: one more than the pool's own strings.
  let starts: CompactColumn<UInt32>
  /// The strings of the pool this one goes on from, numbered first.
  private let below: (text: CompactColumn<UInt8>, starts: CompactColumn<UInt32>)?
  /// How many strings `below` holds.
  private let belowCount: Int

  init() {
    text = CompactColumn<UInt8>()
    starts = CompactColumn<UInt32>()
    starts.append(0)
    below = nil
    belowCount = 0
  }

  /// A pool of `text` and its `starts` (read from a table's image).
  init(text: CompactColumn<UInt8>, starts: CompactColumn<UInt32>) {
    self.text = text
    self.starts = starts
    below = nil
    belowCount = 0
  }

  private init(
    below: (text: CompactColumn<UInt8>, starts: CompactColumn<UInt32>), count: Int,
    own: StringPool?
  ) {
    let own = own ?? StringPool()
    text = own.text
    starts = own.starts
    self.below = below
    belowCount = count
  }

  /// How many strings.
  var count: Int { belowCount + starts.count - 1 }

  /// String `id`'s bytes (id 0: none, empty), valid while the pool lives.
  @inline(__always)
  func bytes(of id: Int) -> UnsafeBufferPointer<UInt8> {
    guard id > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    if id <= belowCount, let below {
      let start = Int(below.starts[id - 1])
      return below.text.buffer(from: start, count: Int(below.starts[id]) - start)
    }
    let own = id - belowCount
    let start = Int(starts[own - 1])
    return text.buffer(from: start, count: Int(starts[own]) - start)
  }

  /// String `id` (nil for id 0).
  func string(_ id: Int) -> String? {
    id == 0 ? nil : String(decoding: bytes(of: id), as: UTF8.self)
  }

  /// Adds `bytes` as a new string and returns its number.
  mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    text.append(contentsOf: bytes)
    starts.append(UInt32(text.count))
    return UInt32(count)
  }

  /// Gives back the unused capacity once the pool is complete.
  func shrinkToFit() {
    text.shrinkToFit()
    starts.shrinkToFit()
  }

  /// A pool that goes on from this one, the same numbers for the same
  /// strings, and grows apart from it (the pools of a patched table): the
  /// strings below this pool's own stay shared, its own are copied.
  func layered() -> StringPool {
    guard let below else { return StringPool(below: (text, starts), count: count, own: nil) }
    return StringPool(below: below, count: belowCount, own: ownCopy())
  }

  /// The strings' bytes back to back: the ones below (when layered),
  /// then the pool's own; string `k` ends at ``start(_:)`` of `k`.
  var textParts: [UnsafeBufferPointer<UInt8>] {
    guard let below else { return [text.all] }
    return [below.text.buffer(from: 0, count: Int(below.starts[belowCount])), text.all]
  }

  /// Where string `k + 1` starts in ``textParts`` read as one (`k` from 0
  /// through ``count``; the last is the end).
  func start(_ k: Int) -> UInt32 {
    guard let below else { return starts[k] }
    if k <= belowCount { return below.starts[k] }
    return below.starts[belowCount] + starts[k - belowCount]
  }

  /// A copy of the pool's own strings, as a pool of its own.
  private func ownCopy() -> StringPool {
    let copy = StringPool()
    copy.text.append(contentsOf: text.all)
    copy.starts.append(contentsOf: starts.buffer(from: 1, count: starts.count - 1))
    return copy
  }
}

/// Gives each distinct string of a ``StringPool`` one number, storing its
/// bytes once.
///
/// A million users typically share a few thousand avatar files and a few
/// hundred titles; an open-addressing table of 32-bit numbers over the
/// pool finds a repeated one without building a string or a key. Past
/// ``capacity`` distinct strings (a directory of unique URLs) new ones are
/// stored without being remembered, so the table stops growing.
///
/// Threading: a value owned by one builder.
struct StringInterner {
  /// The most distinct strings remembered.
  static let capacity = 65_536
  /// Twice the capacity (a power of two): probes stay short.
  private static let slotCount = 131_072
  /// 0 for an empty slot, else a string number (1-based).
  private var slots: [UInt32] = []
  private var remembered = 0
  /// Whether the pool is another table's too: copied before a string is
  /// added (``remember(_:sharing:)``).
  private var sharesPool = false

  /// The number of `bytes` in `pool` (0 for ""), adding them if new; the
  /// pool's arena stops at `limit` bytes.
  mutating func id(
    for bytes: UnsafeBufferPointer<UInt8>, in pool: inout StringPool, limit: Int
  ) throws(DirectoryError) -> UInt32 {
    guard !bytes.isEmpty else { return 0 }
    if slots.isEmpty { slots = [UInt32](repeating: 0, count: Self.slotCount) }
    let mask = Self.slotCount - 1
    var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
    while true {
      let known = slots[slot]
      if known == 0 { break }
      if pool.bytes(of: Int(known)).elementsEqual(bytes) { return known }
      slot = (slot + 1) & mask
    }
    guard pool.text.count + bytes.count <= limit else { throw .tooLarge(limit: limit) }
    if sharesPool {
      pool = pool.layered()
      sharesPool = false
    }
    let id = pool.add(bytes)
    if remembered < Self.capacity {
      slots[slot] = id
      remembered += 1
    }
    return id
  }

  /// Remembers the strings `pool` holds already (a builder that goes on
  /// from a table's pools), up to ``capacity``; when `sharing`, the pool is
  /// another table's too and is copied before a string is added to it.
  mutating func remember(_ pool: StringPool, sharing: Bool) {
    sharesPool = sharing
    guard pool.count > 0 else { return }
    if slots.isEmpty { slots = [UInt32](repeating: 0, count: Self.slotCount) }
    let mask = Self.slotCount - 1
    for id in 1...pool.count where remembered < Self.capacity {
      let bytes = pool.bytes(of: id)
      var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = UInt32(id)
      remembered += 1
    }
  }

  /// FNV-1a, 64-bit.
  @inline(__always)
  static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }
}
