/// When a decode may start without landing inside a frame the main thread is drawing.
///
/// On a machine with few cores, a decode that runs while the main thread draws a frame takes a
/// core from the frame's own threads (the display server, a software renderer's rasterizers)
/// even at the idle scheduling class: they wake into a core that is busy, and its caches hold
/// the decoder's bytes instead of theirs. The app tells the pipeline when each frame begins
/// and ends (``ImagePipeline/frameBegan(refreshInterval:)``, ``ImagePipeline/frameEnded()``);
/// a decode then starts only between frames, and only when it is expected to finish before the
/// next one is due:
///
/// 1. A decode that has waited `maxHold` starts anyway, so a machine whose frames fill every
///    interval still decodes (one image per hold at worst).
/// 2. While a frame is being drawn, it waits for the frame to end.
/// 3. With no frame for 2.5 intervals (nothing animates), it starts at once.
/// 4. When the next frame is due (one interval after the last began) and has not begun, it
///    waits for that frame.
/// 5. Otherwise it starts when `expected` plus ``margin`` fits before the next frame is due,
///    and waits for that frame when it does not.
///
/// A decode for a row on screen is not paced (``PipelineCoordinator`` starts it at once): the
/// row shows a placeholder until it is done. Under a software GL renderer the gaps between
/// frames are too short to keep up with a fast fling's rows, and holding them left a third of
/// the visible avatars as placeholders at 20000 px/s.
///
/// Threading: a value, kept under the ``PipelineCoordinator``'s lock.
struct FramePacing {
  /// What a decode worker does next.
  enum Decision: Equatable {
    /// Decode now.
    case start
    /// Wait until this instant, or until a frame ends, and ask again.
    case wait(until: ContinuousClock.Instant)
  }

  /// Room left after a decode's expected time before the next frame is due.
  static let margin: Duration = .microseconds(500)

  /// The longest a decode is held back for frames.
  let maxHold: Duration
  /// The display's refresh interval, as the frame clock last reported it.
  private(set) var interval: Duration = .microseconds(16_667)
  /// When the latest frame began; nil before the first.
  private(set) var lastBegan: ContinuousClock.Instant?
  /// Frames begun and not ended (one per window drawing now).
  private(set) var framesInProgress = 0

  init(maxHold: Duration) {
    self.maxHold = maxHold
  }

  mutating func frameBegan(at now: ContinuousClock.Instant, refreshInterval: Duration?) {
    if let refreshInterval, refreshInterval > .zero { interval = refreshInterval }
    lastBegan = now
    framesInProgress += 1
  }

  mutating func frameEnded() {
    framesInProgress = max(0, framesInProgress - 1)
  }

  /// Whether a decode expected to take `expected`, waiting since `waitingSince`, may start now.
  func decision(
    expected: Duration, now: ContinuousClock.Instant, waitingSince: ContinuousClock.Instant
  ) -> Decision {
    let giveUp = waitingSince + maxHold
    if now >= giveUp { return .start }
    if framesInProgress > 0 { return .wait(until: giveUp) }
    guard let lastBegan, now - lastBegan < interval * 2.5 else { return .start }
    let nextDue = lastBegan + interval
    if now >= nextDue {
      // Due and not begun yet: wait for it, or for the frames to stop.
      return .wait(until: min(giveUp, lastBegan + interval * 2.5))
    }
    if now + expected + Self.margin <= nextDue { return .start }
    return .wait(until: min(giveUp, nextDue))
  }
}
