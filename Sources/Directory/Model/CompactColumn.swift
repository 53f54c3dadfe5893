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
/// A column can go on from another (``layered()``), as a patched table's
/// do: the other's values come first, shared and never written, and the
/// values appended follow in a block of the column's own. A patch of a
/// million people so copies the few people it adds, not everyone.
///
/// Threading: written by one thread while a table is built, then only read;
/// `@unchecked Sendable` because the table shares it only once frozen.
final class CompactColumn<Value: BitwiseCopyable>: @unchecked Sendable {
  // Only the building thread writes (see the threading rule), so the
  // run-time exclusivity checks a class's properties get would only cost:
  // six appends a user, a million users.
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<Value>?
  /// How many values the column's own block holds.
  @exclusivity(unchecked) private(set) var ownCount = 0
  @exclusivity(unchecked) private var capacity = 0
  /// The mapped file the values are in, for a column read from a table's
  /// image (``UserTable/init(image:)``): never grown, written or freed.
  private let mapping: TableMapping?
  /// The column this one goes on from (never layered itself), and how
  /// many of its values come first: 0 for a column of its own.
  private let below: CompactColumn<Value>?
  private let belowCount: Int
  /// `below`'s values, read without touching the object (kept alive by
  /// `below`, and never grown: a column below is frozen).
  private let belowBase: UnsafePointer<Value>?

  init(reserving capacity: Int = 0) {
    mapping = nil
    below = nil
    belowCount = 0
    belowBase = nil
    if capacity > 0 { grow(to: capacity) }
  }

  /// The `count` values at `start` in `mapping`.
  init(mapped start: UnsafeRawPointer, count: Int, in mapping: TableMapping) {
    self.mapping = mapping
    below = nil
    belowCount = 0
    belowBase = nil
    base = UnsafeMutableRawPointer(mutating: start).bindMemory(to: Value.self, capacity: count)
    ownCount = count
    capacity = count
  }

  private init(below: CompactColumn<Value>, count: Int) {
    mapping = nil
    self.below = below
    belowCount = count
    belowBase = UnsafePointer(below.base)
  }

  deinit { if mapping == nil { free(base) } }

  /// How many values.
  @inline(__always)
  var count: Int { belowCount + ownCount }

  @inline(__always)
  subscript(index: Int) -> Value {
    if index < belowCount {
      precondition(index >= 0, "column index out of range")
      return belowBase.unsafelyUnwrapped[index]
    }
    let own = index - belowCount
    precondition(own >= 0 && own < ownCount, "column index out of range")
    return base.unsafelyUnwrapped[own]
  }

  /// Replaces the value at `index`, one of the column's own (a builder's
  /// second pass).
  @inline(__always)
  func set(_ index: Int, to value: Value) {
    let own = index - belowCount
    precondition(own >= 0 && own < ownCount, "column index out of range or shared")
    base.unsafelyUnwrapped[own] = value
  }

  @inline(__always)
  func append(_ value: Value) {
    if ownCount == capacity { grow(to: max(16, capacity + capacity / 2)) }
    base.unsafelyUnwrapped[ownCount] = value
    ownCount += 1
  }

  func append(contentsOf values: UnsafeBufferPointer<Value>) {
    guard let source = values.baseAddress, !values.isEmpty else { return }
    if ownCount + values.count > capacity {
      grow(to: max(ownCount + values.count, capacity + capacity / 2))
    }
    (base.unsafelyUnwrapped + ownCount).update(from: source, count: values.count)
    ownCount += values.count
  }

  /// Drops the values from `newCount` on (an entry that turned out to be
  /// skipped); the values below stay.
  func truncate(to newCount: Int) {
    precondition(newCount >= belowCount && newCount <= count, "a column only shrinks its own")
    ownCount = newCount - belowCount
  }

  /// `count` values from `start`, all below or all the column's own,
  /// valid while the column lives and is not appended to.
  @inline(__always)
  func buffer(from start: Int, count: Int) -> UnsafeBufferPointer<Value> {
    if start < belowCount {
      precondition(
        start >= 0 && count >= 0 && start + count <= belowCount,
        "range across a layered column's parts")
      return UnsafeBufferPointer(start: belowBase.map { $0 + start }, count: count)
    }
    let own = start - belowCount
    precondition(own >= 0 && count >= 0 && own + count <= ownCount, "range out of column")
    return UnsafeBufferPointer(start: base.map { $0 + own }, count: count)
  }

  /// Every value of a flat column, valid while the column lives and is not
  /// appended to.
  var all: UnsafeBufferPointer<Value> {
    precondition(below == nil, "a layered column is in two parts (parts)")
    return buffer(from: 0, count: count)
  }

  /// The values below (empty for a flat column), then the column's own.
  var parts: [UnsafeBufferPointer<Value>] {
    let own = UnsafeBufferPointer(start: base, count: ownCount)
    guard let below else { return [own] }
    return [below.buffer(from: 0, count: belowCount), own]
  }

  /// A column that goes on from this one: the same values, the ones below
  /// this column's own shared, its own copied; appended values are the new
  /// column's alone.
  func layered() -> CompactColumn<Value> {
    let layered = CompactColumn(below: below ?? self, count: below == nil ? ownCount : belowCount)
    if below != nil {
      layered.append(contentsOf: UnsafeBufferPointer(start: base, count: ownCount))
    }
    return layered
  }

  /// Gives back the unused capacity once the column is complete.
  func shrinkToFit() {
    guard ownCount < capacity else { return }
    grow(to: max(ownCount, 1))
  }

  private func grow(to newCapacity: Int) {
    precondition(mapping == nil, "a mapped column is read-only")
    let bytes = newCapacity * MemoryLayout<Value>.stride
    guard let moved = realloc(base, bytes) else { fatalError("out of memory (\(bytes) bytes)") }
    base = moved.bindMemory(to: Value.self, capacity: newCapacity)
    capacity = newCapacity
  }
}
