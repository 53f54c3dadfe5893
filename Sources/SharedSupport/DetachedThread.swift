import CSystem
import Glibc

/// A thread of the process's own (not one of Dispatch's or Swift's
/// cooperative pool), for work that blocks for long: a decode worker, a
/// sync connection waiting on its server.
///
/// Threading: any thread may start one; `body` runs on the new thread,
/// which ends when `body` returns (nothing joins it).
public enum DetachedThread {
  /// Whether the caller runs on the process's first thread, the one GTK's
  /// main loop runs on.
  public static var isMain: Bool { csystem_is_main_thread() != 0 }

  /// Starts `body` on a new thread the kernel knows as `name` (at most 15
  /// bytes are kept). Stops the process if the thread cannot be made: the
  /// system is out of threads or memory.
  public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
    let start = Start(name: name, body: body)
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
        csystem_name_this_thread(start.name)
        start.body()
        return nil
      }, Unmanaged.passRetained(start).toOpaque())
    precondition(result == 0, "could not start the thread \(name): error \(result)")
    pthread_detach(thread)
  }

  private final class Start: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }
}
