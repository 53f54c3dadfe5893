import Directory
import Foundation
import RosterKit
import SharedSupport

/// Exports the people shown once, a third of the way into the measured
/// scroll, as Export… does (off the main thread, the bar under the list
/// counting), and reads what the frame recorder saw while it ran: the
/// frames painted meanwhile (none may be late), how long it took, and the
/// peak memory before and after. The file goes to the temporary folder and
/// is removed.
///
/// Threading: main-actor only.
@MainActor
final class ExportDuringScroll {
  /// The figures of one export.
  struct Figures: ReportObject {
    let format: String
    let people: Int
    let bytes: Int
    /// From the start to the end (the file renamed into place).
    let ms: Fixed
    /// Frames painted while it ran, their longest interval and work.
    let frames: Int
    let maxIntervalMs: Fixed?
    let frameWorkMaxMs: Fixed?
    /// The process's peak RSS before it started and after it ended.
    let peakRssBeforeMib: Fixed
    let peakRssAfterMib: Fixed
  }

  private let format: PersonExportFormat
  private let at: Double
  private let file: URL
  private var started: ContinuousClock.Instant?
  private var duration: Duration?
  private var span = FrameSpan()
  private var peakBefore = 0.0
  private var peakAfter = 0.0

  /// Exports as `format` `at` seconds into the scroll.
  init(format: PersonExportFormat, at seconds: Double) {
    self.format = format
    self.at = seconds
    file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-bench-export-\(UUID().uuidString).\(format.fileExtension)")
  }

  /// Called every frame of the scroll with the seconds since it began.
  func frame(elapsed: Double, window: MainWindow, recorder: FrameRecorder) {
    if started == nil, elapsed >= at {
      peakBefore = ResourceUsage.peakResidentMiB
      started = .now
      span.begin(recorder)
      window.export(to: file, as: format)
    } else if let started, duration == nil, !window.isExporting {
      duration = .now - started
      span.end(recorder)
      peakAfter = ResourceUsage.peakResidentMiB
    }
  }

  /// The figures, or nil when the export did not end within the scroll;
  /// the file is removed.
  func figures(_ recorder: FrameRecorder, people: Int) -> Figures? {
    defer { try? FileManager.default.removeItem(at: file) }
    guard let duration, let frames = span.figures(recorder) else { return nil }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
    return Figures(
      format: format.rawValue, people: people, bytes: bytes,
      ms: Fixed(duration.inMilliseconds, 1), frames: frames.frames,
      maxIntervalMs: frames.maxIntervalMs, frameWorkMaxMs: frames.frameWorkMaxMs,
      peakRssBeforeMib: Fixed(peakBefore, 1), peakRssAfterMib: Fixed(peakAfter, 1))
  }
}
