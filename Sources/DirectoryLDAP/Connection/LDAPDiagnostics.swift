import Foundation
import Synchronization

/// Counters that show libldap is used as designed, in every build.
///
/// Threading: `Sendable`; one lock.
public enum LDAPDiagnostics {
  private static let mainThreadCallCount = Mutex(0)

  /// How many libldap operations ran on the main thread (the UI's thread,
  /// which a blocking network call would freeze). Always 0 in a correct app.
  public static var mainThreadCalls: Int { mainThreadCallCount.withLock { $0 } }

  /// Called by every function that makes blocking libldap calls.
  static func recordCall() {
    guard Thread.isMainThread else { return }
    mainThreadCallCount.withLock { $0 += 1 }
  }
}
