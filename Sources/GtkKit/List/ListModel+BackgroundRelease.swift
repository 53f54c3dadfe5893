import Dispatch
import FoundationEssentials

extension ListModel where Element: Sendable {
  /// Frees the elements a reload replaced on a background queue: releasing
  /// a million elements' strings takes 20 ms and more, a missed frame when
  /// the main thread does it.
  public func releasingReplacedElementsInBackground() {
    freeReplacedElements = { old in
      let box = ReplacedElements(consume old)
      DispatchQueue.global(qos: .utility).async { @Sendable in box.elements = nil }
    }
  }
}

/// The only reference to a replaced array, so that whichever thread empties
/// it frees the elements.
///
/// Threading: handed once from the main actor to a background queue.
private final class ReplacedElements<Element: Sendable>: @unchecked Sendable {
  var elements: [Element]?

  init(_ elements: consuming [Element]) {
    self.elements = elements
  }
}
