/// The difference between two lists by identity, as a diffable data source
/// sees it: which ranges to remove and insert, and which kept elements
/// changed value and need their rows reconfigured in place.
///
/// Splices are ordered front to back and their positions are in the new
/// list's coordinates: apply them in order and everything before a splice
/// already matches the new list. Adjacent changes merge into one splice;
/// a moved element is a removal plus an insertion. Elements that keep their
/// identity keep their place (the longest run of them in common order), so
/// GTK keeps their rows bound.
///
/// Threading: a `Sendable` value; compute it off the main thread (about a
/// few hundred milliseconds for a million elements with scattered changes).
public struct ListDiff: Sendable, Equatable {
  /// One change: at `position`, remove `removed` elements and insert
  /// `inserted` (a range of the new list).
  public struct Splice: Sendable, Equatable {
    public var position: Int
    public var removed: Int
    public var inserted: Range<Int>

    public init(position: Int, removed: Int, inserted: Range<Int>) {
      self.position = position
      self.removed = removed
      self.inserted = inserted
    }
  }

  /// The removals and insertions, front to back.
  public var splices: [Splice] = []
  /// Positions in the new list of elements whose identity stayed and whose value changed.
  public var reconfigured: [Int] = []

  /// Nothing changed.
  public var isEmpty: Bool { splices.isEmpty && reconfigured.isEmpty }

  /// Elements removed and inserted in all.
  public var removedCount: Int { splices.reduce(0) { $0 + $1.removed } }
  public var insertedCount: Int { splices.reduce(0) { $0 + $1.inserted.count } }

  public init(splices: [Splice] = [], reconfigured: [Int] = []) {
    self.splices = splices
    self.reconfigured = reconfigured
  }

  /// The changes that turn `old` into `new`.
  public static func between<Element: Identifiable & Equatable>(_ old: [Element], _ new: [Element])
    -> ListDiff
  {
    var diff = ListDiff()
    // Common prefix and suffix by identity: refreshes usually change little.
    var prefix = 0
    let shorter = min(old.count, new.count)
    while prefix < shorter, old[prefix].id == new[prefix].id {
      if old[prefix] != new[prefix] { diff.reconfigured.append(prefix) }
      prefix += 1
    }
    var suffix = 0
    while suffix < shorter - prefix,
      old[old.count - 1 - suffix].id == new[new.count - 1 - suffix].id
    {
      suffix += 1
    }
    let oldMiddle = prefix..<(old.count - suffix)
    let newMiddle = prefix..<(new.count - suffix)

    // Kept pairs (old index, new index) in the middle, increasing in both.
    let kept = keptPairs(old, oldMiddle, new, newMiddle)
    var oldCursor = oldMiddle.lowerBound
    var newCursor = newMiddle.lowerBound
    for (oldIndex, newIndex) in kept + [(oldMiddle.upperBound, newMiddle.upperBound)] {
      let removed = oldIndex - oldCursor
      let inserted = newCursor..<newIndex
      if removed > 0 || !inserted.isEmpty {
        diff.splices.append(Splice(position: newCursor, removed: removed, inserted: inserted))
      }
      if oldIndex < oldMiddle.upperBound, old[oldIndex] != new[newIndex] {
        diff.reconfigured.append(newIndex)
      }
      oldCursor = oldIndex + 1
      newCursor = newIndex + 1
    }
    for offset in stride(from: suffix, to: 0, by: -1) {
      let oldIndex = old.count - offset
      let newIndex = new.count - offset
      if old[oldIndex] != new[newIndex] { diff.reconfigured.append(newIndex) }
    }
    return diff
  }

  /// The changes of a list from which the elements at `left` (old
  /// positions, ascending) went and into which those at `came` (new
  /// positions, ascending) came, the others kept in their order: found
  /// from those places alone, without reading the list. Where as many
  /// came as left at one place and `same(old, new)` says each is the one
  /// that left, they are reconfigured in place instead.
  public static func splicing(
    left: [Int], came: [Int], same: (_ old: Int, _ new: Int) -> Bool
  ) -> ListDiff {
    var diff = ListDiff()
    var out = 0
    var into = 0
    // Each change sits after some number of kept elements: an element that
    // left at old position p after `out` others left follows p - out kept.
    while out < left.count || into < came.count {
      let kept = min(
        out < left.count ? left[out] - out : Int.max,
        into < came.count ? came[into] - into : Int.max)
      let firstOut = out
      while out < left.count, left[out] - out == kept { out += 1 }
      let firstInto = into
      while into < came.count, came[into] - into == kept { into += 1 }
      let position = kept + firstInto
      let inserted = position..<(position + into - firstInto)
      let removed = out - firstOut
      if removed == inserted.count,
        zip(left[firstOut..<out], inserted).allSatisfy({ same($0, $1) })
      {
        diff.reconfigured += inserted
      } else {
        diff.splices.append(Splice(position: position, removed: removed, inserted: inserted))
      }
    }
    return diff
  }

  /// The longest sequence of elements present in both middles in the same
  /// order (patience sorting over new indices: O(n log n)).
  private static func keptPairs<Element: Identifiable>(
    _ old: [Element], _ oldRange: Range<Int>, _ new: [Element], _ newRange: Range<Int>
  ) -> [(Int, Int)] {
    if oldRange.isEmpty || newRange.isEmpty { return [] }
    // Identity -> new indices; duplicates chain through `nextSame`.
    var firstIndex: [Element.ID: Int] = [:]
    firstIndex.reserveCapacity(newRange.count)
    var nextSame = [Int](repeating: -1, count: newRange.count)
    for newIndex in newRange.reversed() {
      if let later = firstIndex.updateValue(newIndex, forKey: new[newIndex].id) {
        nextSame[newIndex - newRange.lowerBound] = later
      }
    }
    // Each old element takes the next unused new index with its identity.
    var candidates: [(old: Int, new: Int)] = []
    candidates.reserveCapacity(oldRange.count)
    for oldIndex in oldRange {
      let id = old[oldIndex].id
      guard let newIndex = firstIndex[id] else { continue }
      let next = nextSame[newIndex - newRange.lowerBound]
      if next >= 0 { firstIndex[id] = next } else { firstIndex[id] = nil }
      candidates.append((oldIndex, newIndex))
    }
    // Longest increasing subsequence of the new indices.
    var tails: [Int] = []  // indices into candidates
    var previous = [Int](repeating: -1, count: candidates.count)
    for (index, candidate) in candidates.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if candidates[tails[middle]].new < candidate.new { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [(Int, Int)] = []
    result.reserveCapacity(tails.count)
    var index = tails.last ?? -1
    while index >= 0 {
      result.append((candidates[index].old, candidates[index].new))
      index = previous[index]
    }
    return result.reversed()
  }
}
