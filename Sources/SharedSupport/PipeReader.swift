import Foundation

/// Reads a pipe to its end on a thread of its own, so a writer that sends
/// more than the pipe's buffer holds (a paste of ten thousand people) is
/// never stalled by a reader waiting for it to exit first.
///
/// Threading: made anywhere; ``wait()`` blocks the caller until the writer
/// closes the pipe.
public final class PipeReader: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  /// Starts reading `handle` at once.
  public init(_ handle: FileHandle) {
    DispatchQueue.global().async {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }
  }

  /// Everything read, once the writer closed the pipe.
  public func wait() -> Data {
    done.wait()
    return data
  }
}
