import Directory
import RosterKit
import SharedSupport

/// Sorts the page once, a third of the way into the measured scroll, and
/// reads what the frame recorder saw while the sort ran off the main thread:
/// the frames painted meanwhile (none may be late), then the frame that
/// showed the sorted rows (the model swapped, the visible rows bound again).
///
/// Threading: main-actor only.
@MainActor
final class SortDuringScroll {
  /// The figures of one sort, in milliseconds.
  struct Figures: ReportObject {
    let order: String
    /// From the call to the sorted rows handed to the model.
    let ms: Fixed
    /// Frames painted while the sort ran, their longest interval and work.
    let frames: Int
    let maxIntervalMs: Fixed?
    let frameWorkMaxMs: Fixed?
    /// The work of the frame that showed the sorted rows.
    let swapFrameWorkMs: Fixed?
  }

  private let order: PersonSort
  private let at: Double
  private var started: ContinuousClock.Instant?
  private var duration: Duration?
  private var span = FrameSpan()

  /// Sorts by `order` `at` seconds into the scroll.
  init(order: PersonSort, at seconds: Double) {
    self.order = order
    self.at = seconds
  }

  /// Called every frame of the scroll with the seconds since it began.
  func frame(elapsed: Double, page: PeoplePage, recorder: FrameRecorder) {
    if started == nil, elapsed >= at {
      started = .now
      span.begin(recorder)
      page.order.sort(by: order)
    } else if let started, duration == nil, page.loadedReader?.isSorting != true {
      // Before this frame's layout: the frames so far were painted while
      // sorting; the next one shows the swapped model.
      duration = .now - started
      span.end(recorder)
    }
  }

  /// The figures, or nil when the sort did not finish within the scroll.
  func figures(_ recorder: FrameRecorder) -> Figures? {
    guard let duration, let frames = span.figures(recorder), let swap = span.endFrame else {
      return nil
    }
    return Figures(
      order: order.description, ms: Fixed(duration.inMilliseconds, 1), frames: frames.frames,
      maxIntervalMs: frames.maxIntervalMs, frameWorkMaxMs: frames.frameWorkMaxMs,
      swapFrameWorkMs: swap < recorder.work.count ? Fixed(recorder.work[swap]) : nil)
  }
}
