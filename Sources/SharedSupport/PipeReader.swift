import Dispatch
import FoundationEssentials
import Glibc

/// Reads a pipe to its end on a thread of its own, so a writer that sends
/// more than the pipe's buffer holds (a paste of ten thousand people) is
/// never stalled by a reader waiting for it to exit first.
///
/// Threading: made anywhere; ``wait()`` blocks the caller until the writer
/// closes the pipe.
public final class PipeReader: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  /// Starts reading the pipe's read end `descriptor` at once (the caller
  /// keeps it open until ``wait()`` returns, and closes it).
  public init(descriptor: Int32) {
    DispatchQueue.global().async { @Sendable in
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          bytes.append(contentsOf: chunk[..<count])
        } else if count == 0 || errno != EINTR {
          break
        }
      }
      self.data = Data(bytes)
      self.done.signal()
    }
  }

  /// Everything read, once the writer closed the pipe.
  public func wait() -> Data {
    done.wait()
    return data
  }
}
