/// One window of a source read by offset (an LDAP virtual list view, a SCIM
/// page): the elements from `offset`, and the source's count when it was
/// read.
///
/// Threading: a plain value; `Sendable`.
public struct ElementRange<Element: Sendable>: Sendable {
  /// The position of the first element.
  public var offset: Int
  /// The elements, in order from `offset`; shorter than asked near the end.
  public var elements: [Element]
  /// The number of elements in the whole source when the page was read.
  public var count: Int
  /// False while the count is still growing (a source that pages forward
  /// learns its count as it goes).
  public var isCountFinal: Bool

  /// A page of `elements` from `offset` in a source of `count`.
  public init(offset: Int, elements: [Element], count: Int, isCountFinal: Bool = true) {
    self.offset = offset
    self.elements = elements
    self.count = count
    self.isCountFinal = isCountFinal
  }
}

/// Why a ``RangedListModel`` refused what its source answered.
///
/// Threading: a plain value; `Sendable`.
public enum RangedListError: Error, Equatable {
  /// A count below zero or past what a `GListModel` can hold.
  case countOutOfRange(Int)
  /// A page that starts before zero or past any count.
  case offsetOutOfRange(Int)
}

extension ElementRange {
  /// The most positions a `GListModel` announces (`n_items` is a guint;
  /// GTK's widgets compute with signed ints).
  static var maxCount: Int { Int(Int32.max) }

  /// `count` if a `GListModel` can hold it.
  static func validCount(_ count: Int) throws(RangedListError) -> Int {
    guard count >= 0, count <= maxCount else { throw .countOutOfRange(count) }
    return count
  }

  /// The page cut to the positions of `range`: a source that answers more
  /// than asked (or elsewhere) cannot make the model hold more than a page.
  func clipped(to range: Range<Int>) throws(RangedListError) -> ElementRange {
    _ = try Self.validCount(count)
    guard offset >= 0, offset <= Self.maxCount else { throw .offsetOutOfRange(offset) }
    let answered = offset..<(offset + elements.count)
    let kept = answered.clamped(to: range)
    guard !kept.isEmpty else {
      return ElementRange(
        offset: range.lowerBound, elements: [], count: count, isCountFinal: isCountFinal)
    }
    let start = kept.lowerBound - offset
    return ElementRange(
      offset: kept.lowerBound, elements: Array(elements[start..<(start + kept.count)]),
      count: count, isCountFinal: isCountFinal)
  }
}
