import FoundationEssentials
import Glibc

/// Why an export did not produce its file. The file at the destination, if
/// any, is as it was before.
///
/// Threading: a plain value; `Sendable`.
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What failed, in a sentence naming the file.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) { self.description = description }

  /// The failure of a system call `operation` on `path`, with errno's text.
  static func system(_ operation: String, _ path: String, errno code: Int32) -> ExportError {
    ExportError("cannot \(operation) \u{201C}\(path)\u{201D}: \(String(cString: strerror(code)))")
  }
}

extension ExportError: LocalizedError {
  public var errorDescription: String? { description }
}
