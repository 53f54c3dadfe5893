#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A column of ``UserTable`` holding small unsigned numbers, each stored in
/// as few bytes as the largest value so far needs: one, two or four. The
/// numbers of values many people share (a title, a department, a location,
/// an avatar: a few hundred or thousand distinct ones) and the lengths of
/// short fields fit in one or two bytes, so a million people take a
/// quarter or half of what 32-bit columns would. A value too large for the
/// width widens the whole column once (a copy at the next width); it never
/// narrows again.
///
/// Grows as ``CompactColumn`` does, with `realloc`, for the same reason,
/// and goes on from another column as it does (``layered()``); the values
/// below keep their width, the column's own take theirs.
///
/// Threading: written by one thread while a table is built, then only read;
/// `@unchecked Sendable` because the table shares it only once frozen.
final class NarrowColumn: @unchecked Sendable {
  // Only the building thread writes (see the threading rule).
  @exclusivity(unchecked) private var base: UnsafeMutableRawPointer?
  /// Bytes a value: 1, 2 or 4.
  @exclusivity(unchecked) private(set) var width = 1
  /// How many values the column's own block holds.
  @exclusivity(unchecked) private(set) var ownCount = 0
  @exclusivity(unchecked) private var capacity = 0
  /// The mapped file the values are in, for a column read from a table's
  /// image (``UserTable/init(image:)``): never grown, written or freed.
  private let mapping: TableMapping?
  /// The column this one goes on from (never layered itself), and how
  /// many of its values come first: 0 for a column of its own.
  private let below: NarrowColumn?
  private let belowCount: Int
  /// `below`'s values and their width, read without touching the object
  /// (kept alive by `below`, and never grown: a column below is frozen).
  private let belowBase: UnsafeRawPointer?
  private let belowWidth: Int

  init() {
    mapping = nil
    below = nil
    belowCount = 0
    belowBase = nil
    belowWidth = 1
  }

  private init(below: NarrowColumn, count: Int) {
    mapping = nil
    self.below = below
    belowCount = count
    belowBase = UnsafeRawPointer(below.base)
    belowWidth = below.width
  }

  /// The `count` values `width` bytes each at `start` in `mapping`.
  init(mapped start: UnsafeRawPointer, count: Int, width: Int, in mapping: TableMapping) {
    precondition([1, 2, 4].contains(width), "a narrow column is 1, 2 or 4 bytes a value")
    self.mapping = mapping
    below = nil
    belowCount = 0
    belowBase = nil
    belowWidth = 1
    base = UnsafeMutableRawPointer(mutating: start)
    ownCount = count
    self.width = width
    capacity = count
  }

  deinit { if mapping == nil { free(base) } }

  /// How many values.
  @inline(__always)
  var count: Int { belowCount + ownCount }

  /// The widest of the column's values' widths (below and its own).
  var widestWidth: Int { max(width, belowWidth) }

  /// The values' bytes of a flat column, `width` a value, valid while the
  /// column lives and is not appended to.
  var rawBytes: UnsafeRawBufferPointer {
    precondition(below == nil, "a layered column is in two parts")
    return UnsafeRawBufferPointer(start: base, count: ownCount * width)
  }

  /// Whether the values are all the column's own (no column below).
  var isFlat: Bool { below == nil }

  @inline(__always)
  subscript(index: Int) -> UInt32 {
    if index < belowCount {
      precondition(index >= 0, "column index out of range")
      return Self.load(belowBase.unsafelyUnwrapped, index, width: belowWidth)
    }
    let own = index - belowCount
    precondition(own >= 0 && own < ownCount, "column index out of range")
    return Self.load(UnsafeRawPointer(base.unsafelyUnwrapped), own, width: width)
  }

  /// Value `index` of the values `width` bytes each at `base`.
  @inline(__always)
  private static func load(_ base: UnsafeRawPointer, _ index: Int, width: Int) -> UInt32 {
    switch width {
    case 1: UInt32(base.load(fromByteOffset: index, as: UInt8.self))
    case 2: UInt32(base.load(fromByteOffset: index * 2, as: UInt16.self))
    default: base.load(fromByteOffset: index * 4, as: UInt32.self)
    }
  }

  @inline(__always)
  func append(_ value: UInt32) {
    widen(toHold: value)
    if ownCount == capacity { grow(to: max(16, capacity + capacity / 2)) }
    ownCount += 1
    store(value, at: ownCount - 1)
  }

  /// Replaces the value at `index`, one of the column's own, widening the
  /// column if it needs to.
  @inline(__always)
  func set(_ index: Int, to value: UInt32) {
    let own = index - belowCount
    precondition(own >= 0 && own < ownCount, "column index out of range or shared")
    widen(toHold: value)
    store(value, at: own)
  }

  /// A column that goes on from this one: the same values, the ones below
  /// this column's own shared, its own copied; appended values are the new
  /// column's alone.
  func layered() -> NarrowColumn {
    let layered = NarrowColumn(below: below ?? self, count: below == nil ? ownCount : belowCount)
    if below != nil { for index in 0..<ownCount { layered.append(self[belowCount + index]) } }
    return layered
  }

  /// Stores `value` at `index` of the column's own block.
  @inline(__always)
  private func store(_ value: UInt32, at index: Int) {
    let base = base.unsafelyUnwrapped
    switch width {
    case 1:
      base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: index, as: UInt8.self)
    case 2:
      base.storeBytes(
        of: UInt16(truncatingIfNeeded: value), toByteOffset: index * 2, as: UInt16.self)
    default: base.storeBytes(of: value, toByteOffset: index * 4, as: UInt32.self)
    }
  }

  /// Drops the values from `newCount` on (an entry that turned out to be skipped).
  func truncate(to newCount: Int) {
    precondition(newCount >= belowCount && newCount <= count, "a column only shrinks its own")
    ownCount = newCount - belowCount
  }

  /// Gives back the unused capacity once the column is complete.
  func shrinkToFit() {
    guard ownCount < capacity else { return }
    grow(to: max(ownCount, 1))
  }

  /// The largest value `width` bytes hold.
  private static func largest(_ width: Int) -> UInt32 {
    switch width {
    case 1: UInt32(UInt8.max)
    case 2: UInt32(UInt16.max)
    default: UInt32.max
    }
  }

  private func grow(to newCapacity: Int) {
    precondition(mapping == nil, "a mapped column is read-only")
    let bytes = newCapacity * width
    guard let moved = realloc(base, bytes) else { fatalError("out of memory (\(bytes) bytes)") }
    base = moved
    capacity = newCapacity
  }

  /// Widens the column if `value` does not fit its width.
  @inline(__always)
  private func widen(toHold value: UInt32) {
    if value > Self.largest(width) { widen(to: value <= UInt16.max ? 2 : 4) }
  }

  /// Copies every value into a block `newWidth` bytes a value.
  private func widen(to newWidth: Int) {
    precondition(mapping == nil, "a mapped column is read-only")
    let bytes = max(capacity, 1) * newWidth
    guard let wider = malloc(bytes) else { fatalError("out of memory (\(bytes) bytes)") }
    for index in 0..<ownCount {
      let value = self[belowCount + index]
      if newWidth == 2 {
        wider.storeBytes(
          of: UInt16(truncatingIfNeeded: value), toByteOffset: index * 2, as: UInt16.self)
      } else {
        wider.storeBytes(of: value, toByteOffset: index * 4, as: UInt32.self)
      }
    }
    free(base)
    base = wider
    capacity = max(capacity, 1)
    width = newWidth
  }
}
