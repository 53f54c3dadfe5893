import Foundation
import GtkKit

/// Runs blocking work on a thread of its own while the main thread keeps
/// iterating the GLib loop (frames, input and main-queue work go on).
///
/// Threading: `run` is called on the main thread; the work runs elsewhere.
enum OffMain {
  /// The result of `work`, once it has finished.
  @MainActor static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) -> Result<
    T, any Error
  > {
    let box = Box<T>()
    Thread.detachNewThread { box.set(Result { try work() }) }
    MainContext.run(until: { box.result != nil }, timeout: .seconds(24 * 3600))
    return box.result!
  }

  private final class Box<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, any Error>?
    var result: Result<T, any Error>? { lock.withLock { value } }
    func set(_ result: Result<T, any Error>) { lock.withLock { value = result } }
  }
}
