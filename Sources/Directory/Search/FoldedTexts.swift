/// The folded text of one searched field for the people whose value is not
/// plain ASCII (the others are folded while compared): their positions
/// ascending, the folded bytes back to back, and where each starts.
///
/// Threading: an immutable `Sendable` value.
struct FoldedTexts: Sendable {
  private let positions: [UInt32]
  private let bytes: [UInt8]
  /// `offsets[k]..<offsets[k + 1]` are position `k`'s folded bytes.
  private let offsets: [UInt32]

  /// Folds the values of `values` that are not plain ASCII.
  init(_ values: some Sequence<(index: Int, bytes: UnsafeBufferPointer<UInt8>)>) {
    var positions: [UInt32] = []
    var bytes: [UInt8] = []
    var offsets: [UInt32] = [0]
    var folder = SearchText()
    for (index, value) in values where !SearchText.isASCII(value) {
      positions.append(UInt32(index))
      folder.appendFolded(String(decoding: value, as: UTF8.self), to: &bytes)
      offsets.append(UInt32(truncatingIfNeeded: bytes.count))
    }
    self.positions = positions
    self.bytes = bytes
    self.offsets = offsets
  }

  /// Whether the folded value of person `index` (which must not be plain
  /// ASCII) contains `word`.
  func contains(_ word: [UInt8], at index: Int) -> Bool {
    withValue(at: index) { SearchText.contains($0, word) } ?? false
  }

  /// How the folded value of person `index` (which must not be plain
  /// ASCII) contains `near`: as it is, with one typo, or not.
  func grade(_ near: NearWord, at index: Int, isEmail: Bool) -> MatchGrade {
    withValue(at: index) { near.grade(in: $0, lowering: false, isEmail: isEmail) } ?? .none
  }

  /// `body` over each person's position and folded bytes, in order.
  func forEachValue(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    bytes.withUnsafeBufferPointer { all in
      for (k, position) in positions.enumerated() {
        let range = Int(offsets[k])..<Int(offsets[k + 1])
        body(Int(position), UnsafeBufferPointer(rebasing: all[range]))
      }
    }
  }

  /// `body` over person `index`'s folded bytes; nil when none are stored.
  private func withValue<Result>(
    at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    var low = 0
    var high = positions.count
    while low < high {
      let middle = (low + high) / 2
      if Int(positions[middle]) < index { low = middle + 1 } else { high = middle }
    }
    guard low < positions.count, Int(positions[low]) == index else { return nil }
    let range = Int(offsets[low])..<Int(offsets[low + 1])
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }
}
