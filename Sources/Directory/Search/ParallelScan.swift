import Dispatch
import FoundationEssentials
import SharedSupport

/// Finds the positions of a list that pass a test, in parallel chunks that
/// stop early when cancelled: what a search and a filter over a million
/// people share.
///
/// Threading: runs on the caller's thread and the dispatch pool; `test`
/// must be safe to call from several threads at once.
enum ParallelScan {
  /// The positions of `candidates` (kept in their order) for which `test`
  /// holds; nil if `isCancelled` turned true while scanning. The chunks let
  /// go of the pages of `table`'s image they read as they go, when mapped
  /// (``UserTable/scanned(_:every:)``).
  static func positions(
    of candidates: [Int], in table: UserTable, isCancelled: @Sendable () -> Bool,
    where test: (Int) -> Bool
  ) -> [Int]? {
    let total = candidates.count
    let chunkCount = max(1, min(64, total / 16_384))
    let chunkSize = (total + chunkCount - 1) / chunkCount
    let results = UnsafeMutableBufferPointer<[Int]>.allocate(capacity: chunkCount)
    results.initialize(repeating: [])
    defer { results.deinitialize().deallocate() }
    let output = ChunkResults(results)
    let cancelled = CancelFlag()
    let stride = table.releaseStride(reading: total)
    withoutActuallyEscaping(test) { test in
      let test = UncheckedSendable(test)
      DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        if cancelled.value || isCancelled() {
          cancelled.value = true
          return
        }
        let start = chunk * chunkSize
        let end = min(start + chunkSize, total)
        guard start < end else { return }
        var found: [Int] = []
        for slot in start..<end {
          table.scanned(slot, every: stride)
          if test.value(candidates[slot]) { found.append(candidates[slot]) }
        }
        output.store(found, at: chunk)
        table.releaseMappedPages()
      }
    }
    if cancelled.value { return nil }
    return Array(results.joined())
  }
}

/// A value the scan hands to its chunks; the scan's contract (a test safe
/// on several threads) is what makes that sound.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Where each chunk leaves its matches; chunks write disjoint slots.
private struct ChunkResults: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<[Int]>
  init(_ buffer: UnsafeMutableBufferPointer<[Int]>) { self.buffer = buffer }
  func store(_ found: [Int], at chunk: Int) { buffer[chunk] = found }
}

/// A flag the chunks raise once one of them sees the cancellation.
private final class CancelFlag: @unchecked Sendable {
  private let lock = Lock()
  private var raised = false
  var value: Bool {
    get { lock.withLock { raised } }
    set { lock.withLock { raised = newValue } }
  }
}
