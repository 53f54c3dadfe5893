#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One column of ``UserTable``: a growable run of plain values in a single
/// `malloc` block.
///
/// Not a Swift `Array` because of how it grows: `realloc` moves a large block
/// by remapping its pages (glibc serves blocks over the `roster` executable's
/// 1 MiB mmap threshold with `mmap`, and grows them with `mremap`), so a column
/// of tens of megabytes grows without ever holding its old and new copies at
/// once — an array's doubling would, at the load's peak.
///
/// Threading: written by one thread while a table is built, then only read;
/// `@unchecked Sendable` because the table shares it only once frozen.
final class CompactColumn<Value: BitwiseCopyable>: @unchecked Sendable {
  // Only the building thread writes (see the threading rule), so the
  // run-time exclusivity checks a class's properties get would only cost:
  // six appends a user, a million users.
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<Value>?
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity = 0
  /// The mapped file the values are in, for a column read from a table's
  /// image (``UserTable/init(image:)``): never grown, written or freed.
  private let mapping: TableMapping?

  init(reserving capacity: Int = 0) {
    mapping = nil
    if capacity > 0 { grow(to: capacity) }
  }

  /// The `count` values at `start` in `mapping`.
  init(mapped start: UnsafeRawPointer, count: Int, in mapping: TableMapping) {
    self.mapping = mapping
    base = UnsafeMutableRawPointer(mutating: start).bindMemory(to: Value.self, capacity: count)
    self.count = count
    capacity = count
  }

  deinit { if mapping == nil { free(base) } }

  @inline(__always)
  subscript(index: Int) -> Value {
    precondition(index >= 0 && index < count, "column index out of range")
    return base.unsafelyUnwrapped[index]
  }

  /// Replaces the value at `index` (a builder's second pass).
  @inline(__always)
  func set(_ index: Int, to value: Value) {
    precondition(index >= 0 && index < count, "column index out of range")
    base.unsafelyUnwrapped[index] = value
  }

  @inline(__always)
  func append(_ value: Value) {
    if count == capacity { grow(to: max(16, capacity + capacity / 2)) }
    base.unsafelyUnwrapped[count] = value
    count += 1
  }

  func append(contentsOf values: UnsafeBufferPointer<Value>) {
    guard let source = values.baseAddress, !values.isEmpty else { return }
    if count + values.count > capacity {
      grow(to: max(count + values.count, capacity + capacity / 2))
    }
    (base.unsafelyUnwrapped + count).update(from: source, count: values.count)
    count += values.count
  }

  /// Drops the values from `newCount` on (an entry that turned out to be
  /// skipped).
  func truncate(to newCount: Int) {
    precondition(newCount <= count, "a column only shrinks here")
    count = newCount
  }

  /// `count` values from `start`, valid while the column lives and is not
  /// appended to.
  @inline(__always)
  func buffer(from start: Int, count: Int) -> UnsafeBufferPointer<Value> {
    precondition(start >= 0 && count >= 0 && start + count <= self.count, "range out of column")
    return UnsafeBufferPointer(start: base.map { $0 + start }, count: count)
  }

  /// Every value, valid while the column lives and is not appended to.
  var all: UnsafeBufferPointer<Value> { buffer(from: 0, count: count) }

  /// Gives back the unused capacity once the column is complete.
  func shrinkToFit() {
    guard count < capacity else { return }
    grow(to: max(count, 1))
  }

  private func grow(to newCapacity: Int) {
    precondition(mapping == nil, "a mapped column is read-only")
    let bytes = newCapacity * MemoryLayout<Value>.stride
    guard let moved = realloc(base, bytes) else { fatalError("out of memory (\(bytes) bytes)") }
    base = moved.bindMemory(to: Value.self, capacity: newCapacity)
    capacity = newCapacity
  }
}
