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
    graded(of: candidates, in: table, isCancelled: isCancelled) {
      test($0) ? .exact : .none
    }?.exact
  }

  /// The positions of `candidates` that `grade` finds exact and those it
  /// finds near, each kept in the candidates' order; nil if `isCancelled`
  /// turned true while scanning.
  static func graded(
    of candidates: [Int], in table: UserTable, isCancelled: @Sendable () -> Bool,
    grade: (Int) -> MatchGrade
  ) -> SearchMatches? {
    let total = candidates.count
    let chunkCount = max(1, min(64, total / 16_384))
    let chunkSize = (total + chunkCount - 1) / chunkCount
    let results = UnsafeMutableBufferPointer<SearchMatches>.allocate(capacity: chunkCount)
    results.initialize(repeating: SearchMatches())
    defer { results.deinitialize().deallocate() }
    let output = ChunkResults(results)
    let cancelled = CancelFlag()
    let stride = table.releaseStride(reading: total)
    withoutActuallyEscaping(grade) { grade in
      let grade = UncheckedSendable(grade)
      DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        if cancelled.value || isCancelled() {
          cancelled.value = true
          return
        }
        let start = chunk * chunkSize
        let end = min(start + chunkSize, total)
        guard start < end else { return }
        var found = SearchMatches()
        for slot in start..<end {
          table.scanned(slot, every: stride)
          switch grade.value(candidates[slot]) {
          case .none: continue
          case .exact: found.exact.append(candidates[slot])
          case .near: found.near.append(candidates[slot])
          }
        }
        output.store(found, at: chunk)
        table.releaseMappedPages()
      }
    }
    if cancelled.value { return nil }
    return SearchMatches(
      exact: Array(results.lazy.map(\.exact).joined()),
      near: Array(results.lazy.map(\.near).joined()))
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
  let buffer: UnsafeMutableBufferPointer<SearchMatches>
  init(_ buffer: UnsafeMutableBufferPointer<SearchMatches>) { self.buffer = buffer }
  func store(_ found: SearchMatches, at chunk: Int) { buffer[chunk] = found }
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
