import CGLib
import Synchronization

/// Boxes a Swift closure so it can travel through GLib's `user_data`.
///
/// A box is retained when a signal handler is connected and released only by
/// the handler's `GClosureNotify`, when GLib drops the handler (disconnect or
/// the object's finalization). A ``ClosureCensus`` given at the connection
/// counts it while it lives, so tests can prove none leak.
///
/// Threading: created and called on the thread the signal is emitted on;
/// released on whichever thread GLib drops the handler (the census is atomic).
package final class ClosureBox<Handler>: @unchecked Sendable {
  package let handler: Handler
  private let census: ClosureCensus?

  /// Boxes `handler`, counted in `census` while it lives when given.
  package init(_ handler: Handler, census: ClosureCensus? = nil) {
    self.handler = handler
    self.census = census
    census?.added()
  }

  deinit { census?.removed() }

  /// A retained pointer for `user_data`, balanced by ``releaseNotify``.
  package func retainedPointer() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(self).toOpaque()
  }

  package static func from(_ pointer: UnsafeMutableRawPointer?) -> ClosureBox<Handler> {
    Unmanaged<ClosureBox<Handler>>.fromOpaque(pointer!).takeUnretainedValue()
  }
}

/// Counts the boxed closures of the signal handlers connected with it
/// (``Signals/connect(_:_:after:census:_:)``) that GLib still holds, so a
/// test can prove a torn-down object released its handlers. Whoever connects
/// passes one in; the app passes none.
///
/// Threading: `Sendable`; atomic.
public final class ClosureCensus: Sendable {
  private let count = Atomic<Int>(0)

  /// None counted yet.
  public init() {}

  /// Boxed closures counted and not yet released.
  public var live: Int { count.load(ordering: .relaxed) }

  func added() { count.add(1, ordering: .relaxed) }

  func removed() { count.subtract(1, ordering: .relaxed) }
}

/// The `GClosureNotify` that releases a box once GLib no longer needs it.
let releaseClosureBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}
