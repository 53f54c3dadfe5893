/// The frames a recorder saw between two moments of a measured scroll
/// (a sort, an export, a copy running meanwhile): how many were painted,
/// their longest interval and their longest work.
///
/// Threading: main-actor only, as the recorder.
@MainActor
struct FrameSpan {
  private var first: (work: Int, interval: Int)?
  private var last: (work: Int, interval: Int)?

  /// Whether the span has begun.
  var hasBegun: Bool { first != nil }
  /// Whether the span has ended.
  var hasEnded: Bool { last != nil }

  /// Starts the span at the recorder's next frame.
  mutating func begin(_ recorder: FrameRecorder) {
    first = (recorder.work.count, recorder.intervals.count)
  }

  /// Ends the span before the recorder's next frame.
  mutating func end(_ recorder: FrameRecorder) {
    last = (recorder.work.count, recorder.intervals.count)
  }

  /// The index of the first frame after the span (its end's frame), if it ended.
  var endFrame: Int? { last?.work }

  /// The frames painted within the span: their count, longest interval
  /// and longest work (ms); nil before it ended.
  func figures(_ recorder: FrameRecorder) -> (
    frames: Int, maxIntervalMs: Fixed?, frameWorkMaxMs: Fixed?
  )? {
    guard let first, let last else { return nil }
    let work = recorder.work[first.work..<last.work]
    let intervals = recorder.intervals[first.interval..<last.interval]
    return (
      work.count, intervals.max().map { Fixed($0, 1) }, work.max().map { Fixed($0) }
    )
  }
}
