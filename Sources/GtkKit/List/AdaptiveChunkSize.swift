/// The chunk size of a reload's announcements: doubled while an
/// announcement costs under half the budget, halved while it costs more than
/// the budget, so each step fits between two frames whatever GTK does with it.
///
/// Threading: a plain value, owned by its `ListModel` on the main actor.
struct AdaptiveChunkSize {
  private(set) var chunk: Int
  let budget: Duration
  let maxChunk: Int

  /// Starts again from `chunk` (entering a region where GTK may have rows).
  mutating func restart(at chunk: Int) { self.chunk = chunk }

  /// Sizes the next chunk from what the last announcement took.
  mutating func adapt(took: Duration) {
    guard budget > .zero else { return }
    if took * 2 < budget {
      chunk = chunk > maxChunk / 2 ? maxChunk : chunk * 2
    } else if took > budget {
      chunk = max(chunk / 2, 1)
    }
  }
}
