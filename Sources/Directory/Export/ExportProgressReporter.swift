/// Times an export, tells its progress at most every ``interval``, and
/// stops it when its task is cancelled or its file failed.
///
/// Threading: owned by the exporting task; not `Sendable`.
final class ExportProgressReporter {
  /// The least time between two reports.
  static let interval: Duration = .milliseconds(100)

  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var lastReport: ContinuousClock.Instant
  private let report: @Sendable (ExportProgress) -> Void
  private let sink: ByteSink

  init(sink: ByteSink, report: @escaping @Sendable (ExportProgress) -> Void) {
    self.sink = sink
    self.report = report
    start = clock.now
    lastReport = start
  }

  /// Says how far the export is when a report is due; throws when the task
  /// was cancelled or writing failed.
  func tick(done: Int, total: Int?) throws {
    try Task.checkCancellation()
    if let failure = sink.failure { throw failure }
    let now = clock.now
    guard now - lastReport >= Self.interval else { return }
    lastReport = now
    report(ExportProgress(done: done, total: total, elapsed: now - start))
  }

  /// The final progress, told once more.
  func finish(done: Int) -> ExportProgress {
    let progress = ExportProgress(done: done, total: done, elapsed: clock.now - start)
    report(progress)
    return progress
  }
}
