import FoundationEssentials
import SharedSupport

/// Counts the libldap operations that ran on the main thread (the UI's
/// thread, which a blocking network call would freeze): always 0 in a
/// correct app. Whoever opens the directory passes one in
/// (``LDAPOptions/mainThreadCalls``), the tests and the bench; the app
/// passes none.
///
/// Threading: `Sendable`; one lock.
public final class LDAPMainThreadCalls: Sendable {
  private let calls = Locked(0)

  /// None counted yet.
  public init() {}

  /// The operations counted so far.
  public var count: Int { calls.withLock { $0 } }

  /// Called by every function that makes blocking libldap calls: counts
  /// the call when it runs on the main thread.
  func record() {
    guard DetachedThread.isMain else { return }
    calls.withLock { $0 += 1 }
  }
}
