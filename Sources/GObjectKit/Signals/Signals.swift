import CGLib

/// A connected signal handler; ``disconnect()`` removes it early. Dropping
/// the value does not disconnect: handlers live as long as their object.
///
/// Threading: main thread only.
public struct SignalConnection: Sendable {
  let instance: UInt
  /// GLib's handler id.
  public let id: gulong

  /// Removes the handler; GLib then releases its closure box. The object
  /// must still be alive; a handler GLib already removed (an object that was
  /// disposed, as a window's frame clock is when its surface goes, drops
  /// every handler while a reference keeps it) is left alone.
  @MainActor public func disconnect() {
    guard let object = UnsafeMutableRawPointer(bitPattern: instance),
      g_signal_handler_is_connected(object, id) != 0
    else { return }
    g_signal_handler_disconnect(object, id)
  }
}

/// Connects Swift closures to GObject signals through typed ``Signal``
/// descriptors: the closure's type is the descriptor's `Handler`, and the
/// descriptor's thunk matches the signal's C signature, so a handler of the
/// wrong shape does not compile.
///
/// Threading: on the thread that owns the object (the main thread for GTK's;
/// main-thread signals' handlers run there, where GTK emits).
public enum Signals {
  /// Connects `handler` to `signal` on `object` (any GObject); `after` runs it
  /// after the handlers connected without it (G_CONNECT_AFTER). The handler is
  /// boxed and released when GLib drops it (disconnect or the object's end);
  /// `census` counts the box while it lives, when given.
  @discardableResult
  public static func connect<Handler>(
    _ object: UnsafeMutableRawPointer, _ signal: Signal<Handler>, after: Bool = false,
    census: ClosureCensus? = nil, _ handler: Handler
  ) -> SignalConnection {
    let box = ClosureBox(handler, census: census)
    let id = g_signal_connect_data(
      object, signal.name, signal.thunk, box.retainedPointer(), releaseClosureBox,
      after ? G_CONNECT_AFTER : GConnectFlags(0))
    return SignalConnection(instance: UInt(bitPattern: object), id: id)
  }

  /// ``connect(_:_:after:census:_:)`` for an object GTK hands out as an opaque pointer.
  @discardableResult
  public static func connect<Handler>(
    _ object: OpaquePointer, _ signal: Signal<Handler>, after: Bool = false,
    census: ClosureCensus? = nil, _ handler: Handler
  ) -> SignalConnection {
    connect(UnsafeMutableRawPointer(object), signal, after: after, census: census, handler)
  }

  /// ``connect(_:_:after:census:_:)`` for an object GTK hands out as a typed pointer.
  @discardableResult
  public static func connect<Object, Handler>(
    _ object: UnsafeMutablePointer<Object>, _ signal: Signal<Handler>, after: Bool = false,
    census: ClosureCensus? = nil, _ handler: Handler
  ) -> SignalConnection {
    connect(UnsafeMutableRawPointer(object), signal, after: after, census: census, handler)
  }
}
