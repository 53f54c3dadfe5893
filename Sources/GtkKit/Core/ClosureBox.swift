import CGtk
import Synchronization

/// Boxes a Swift closure so it can travel through GLib's `user_data`.
///
/// A box is retained when a signal handler is connected and released only by
/// the handler's `GClosureNotify`, when GLib drops the handler (disconnect or
/// the object's finalization). ``liveCount`` lets tests prove none leak.
///
/// Threading: created and called on the main thread; the counter is atomic.
final class ClosureBox<Handler>: @unchecked Sendable {
  let handler: Handler
  private let counted: Bool

  /// Boxes `handler`; `counted` boxes (main-thread handlers) show in ``ClosureBoxCounter``.
  init(_ handler: Handler, counted: Bool = true) {
    self.handler = handler
    self.counted = counted
    if counted { ClosureBoxCounter.live.add(1, ordering: .relaxed) }
  }

  deinit { if counted { ClosureBoxCounter.live.subtract(1, ordering: .relaxed) } }

  /// A retained pointer for `user_data`, balanced by ``releaseNotify``.
  func retainedPointer() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(self).toOpaque()
  }

  static func from(_ pointer: UnsafeMutableRawPointer?) -> ClosureBox<Handler> {
    Unmanaged<ClosureBox<Handler>>.fromOpaque(pointer!).takeUnretainedValue()
  }
}

/// Counts live closure boxes of main-thread handlers across all handler types.
public enum ClosureBoxCounter {
  static let live = Atomic<Int>(0)

  /// The number of boxed Swift closures GLib currently holds.
  public static var liveCount: Int { live.load(ordering: .relaxed) }
}

/// The `GClosureNotify` that releases a box once GLib no longer needs it.
let releaseClosureBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}
