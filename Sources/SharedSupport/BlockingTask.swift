import Dispatch
import FoundationEssentials

/// Runs async work on a detached task while a command's thread waits for
/// its result (the command-line tools' synchronous `main`).
///
/// Threading: `run` blocks the calling thread until the task ends; never
/// call it on the main thread of a running GLib loop.
public enum BlockingTask {
  /// The result of `body`, run off the calling thread; when
  /// `interruptible`, SIGINT or SIGTERM cancels it (see ``SignalCancellation``).
  public static func run<T: Sendable>(
    interruptible: Bool = false, _ body: @escaping @Sendable () async throws -> T
  ) -> Result<T, any Error> {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    let task = Task.detached {
      do { box.value = .success(try await body()) } catch { box.value = .failure(error) }
      done.signal()
    }
    let interruption = interruptible ? SignalCancellation { task.cancel() } : nil
    done.wait()
    interruption?.stop()
    return box.value!
  }
}

/// Where the task leaves its result for the waiting thread.
private final class ResultBox<T>: @unchecked Sendable {
  /// Written once by the task before it signals; read after the wait.
  var value: Result<T, any Error>?
}
