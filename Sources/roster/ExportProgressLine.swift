import Directory
import FoundationEssentials
import Glibc
import SharedSupport

/// An export's progress on one line of standard error, rewritten in place
/// ("12288 of 1000000 people, 2 s left"), when standard error is a
/// terminal; silent otherwise, so scripts see only errors.
///
/// Threading: `Sendable`; the exporting task reports, the command ends the line.
struct ExportProgressLine: Sendable {
  /// Whether anything is shown.
  let isShown: Bool

  /// The line, shown when standard error is a terminal.
  static func make() -> ExportProgressLine { ExportProgressLine(isShown: isatty(2) == 1) }

  /// Shows `progress`.
  @Sendable func report(_ progress: ExportProgress) {
    guard isShown else { return }
    var text = "\r\u{1B}[K\(progress.done) "
    if let total = progress.total { text += "of \(total) " }
    text += "people"
    if let left = progress.estimatedRemaining, progress.done < (progress.total ?? 0) {
      let seconds = left.components.seconds + (left.components.attoseconds > 0 ? 1 : 0)
      text += ", \(seconds) s left"
    }
    StandardError.write(text)
  }

  /// Ends the line, once the export is over.
  func end() {
    guard isShown else { return }
    StandardError.write("\n")
  }
}
