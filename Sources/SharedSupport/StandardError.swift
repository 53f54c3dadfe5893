import Glibc

/// The process's standard error, written whole: what a command-line tool
/// tells its user beside its output.
///
/// Threading: any thread (one `write` per piece, retried on interruption).
public enum StandardError {
  /// Writes `text` as UTF-8, all of it unless the stream is closed.
  public static func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}
