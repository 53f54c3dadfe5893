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
/// Grows as ``CompactColumn`` does, with `realloc`, for the same reason.
///
/// Threading: written by one thread while a table is built, then only read;
/// `@unchecked Sendable` because the table shares it only once frozen.
final class NarrowColumn: @unchecked Sendable {
  // Only the building thread writes (see the threading rule).
  @exclusivity(unchecked) private var base: UnsafeMutableRawPointer?
  /// Bytes a value: 1, 2 or 4.
  @exclusivity(unchecked) private(set) var width = 1
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity = 0
  /// The mapped file the values are in, for a column read from a table's
  /// image (``UserTable/init(image:)``): never grown, written or freed.
  private let mapping: TableMapping?

  init() { mapping = nil }

  /// The `count` values `width` bytes each at `start` in `mapping`.
  init(mapped start: UnsafeRawPointer, count: Int, width: Int, in mapping: TableMapping) {
    precondition([1, 2, 4].contains(width), "a narrow column is 1, 2 or 4 bytes a value")
    self.mapping = mapping
    base = UnsafeMutableRawPointer(mutating: start)
    self.count = count
    self.width = width
    capacity = count
  }

  deinit { if mapping == nil { free(base) } }

  /// The values' bytes, `width` a value, valid while the column lives and
  /// is not appended to.
  var rawBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count * width) }

  @inline(__always)
  subscript(index: Int) -> UInt32 {
    precondition(index >= 0 && index < count, "column index out of range")
    let base = base.unsafelyUnwrapped
    switch width {
    case 1: return UInt32(base.load(fromByteOffset: index, as: UInt8.self))
    case 2: return UInt32(base.load(fromByteOffset: index * 2, as: UInt16.self))
    default: return base.load(fromByteOffset: index * 4, as: UInt32.self)
    }
  }

  @inline(__always)
  func append(_ value: UInt32) {
    widen(toHold: value)
    if count == capacity { grow(to: max(16, capacity + capacity / 2)) }
    count += 1
    store(value, at: count - 1)
  }

  /// Appends `source`'s values at `range`, a copy of their bytes when the
  /// widths match (a patched table's runs of people kept as they were).
  func append(contentsOf source: NarrowColumn, range: Range<Int>) {
    guard !range.isEmpty else { return }
    precondition(range.upperBound <= source.count, "range out of column")
    if source.width > width { widen(to: source.width) }
    guard source.width == width else {
      for index in range { append(source[index]) }
      return
    }
    if count + range.count > capacity {
      grow(to: max(count + range.count, capacity + capacity / 2))
    }
    (base.unsafelyUnwrapped + count * width).copyMemory(
      from: source.base.unsafelyUnwrapped + range.lowerBound * width,
      byteCount: range.count * width)
    count += range.count
  }

  /// Replaces the value at `index`, widening the column if it needs to.
  @inline(__always)
  func set(_ index: Int, to value: UInt32) {
    precondition(index >= 0 && index < count, "column index out of range")
    widen(toHold: value)
    store(value, at: index)
  }

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
    precondition(newCount <= count, "a column only shrinks here")
    count = newCount
  }

  /// Gives back the unused capacity once the column is complete.
  func shrinkToFit() {
    guard count < capacity else { return }
    grow(to: max(count, 1))
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
    for index in 0..<count {
      let value = self[index]
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
