import CGtk

/// A connected signal handler; ``disconnect()`` removes it early. Dropping
/// the value does not disconnect: handlers live as long as their object.
///
/// Threading: main thread only.
public struct SignalConnection: Sendable {
  let instance: UInt
  /// GLib's handler id.
  public let id: gulong

  /// Removes the handler; GLib then releases its closure box.
  @MainActor public func disconnect() {
    guard let object = UnsafeMutableRawPointer(bitPattern: instance) else { return }
    g_signal_handler_disconnect(object, id)
  }
}

/// Connects Swift closures to GObject signals.
///
/// Each overload matches one C signature exactly (a mismatched trampoline is
/// undefined behaviour). Handlers run on the main thread, where GTK emits.
///
/// Threading: main thread only.
public enum Signals {
  private static func connect(
    _ object: UnsafeMutableRawPointer, _ signal: String, _ trampoline: UnsafeRawPointer,
    _ box: UnsafeMutableRawPointer, after: Bool = false
  ) -> SignalConnection {
    let callback = unsafeBitCast(trampoline, to: GCallback.self)
    let id = g_signal_connect_data(
      object, signal, callback, box, releaseClosureBox,
      after ? G_CONNECT_AFTER : GConnectFlags(0))
    return SignalConnection(instance: UInt(bitPattern: object), id: id)
  }

  /// Signals shaped `void (*)(GObject *self, gpointer user_data)`; `after`
  /// runs the handler after those connected without it (G_CONNECT_AFTER).
  @MainActor @discardableResult
  public static func connect(
    _ object: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    typealias Box = ClosureBox<@MainActor () -> Void>
    let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
      _, data in
      let box = Box.from(data)
      MainActor.assumeIsolated { box.handler() }
    }
    return connect(
      object, signal, unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      Box(handler).retainedPointer(), after: after)
  }

  /// Signals shaped `void (*)(GObject *self, gpointer arg, gpointer user_data)`.
  @MainActor @discardableResult
  public static func connect(
    _ object: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
  ) -> SignalConnection {
    typealias Box = ClosureBox<@MainActor (UnsafeMutableRawPointer?) -> Void>
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
        -> Void = {
          _, argument, data in
          let box = Box.from(data)
          MainActor.assumeIsolated { box.handler(argument) }
        }
    return connect(
      object, signal, unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      Box(handler).retainedPointer())
  }

  /// Signals shaped `gboolean (*)(GObject *self, gpointer user_data)`, such as
  /// "close-request"; the handler returns whether it handled the event.
  @MainActor @discardableResult
  public static func connectReturningBool(
    _ object: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping @MainActor () -> Bool
  ) -> SignalConnection {
    typealias Box = ClosureBox<@MainActor () -> Bool>
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = {
        _, data in
        let box = Box.from(data)
        return MainActor.assumeIsolated { box.handler() } ? 1 : 0
      }
    return connect(
      object, signal, unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      Box(handler).retainedPointer())
  }

  /// GtkEventControllerKey's "key-pressed":
  /// `gboolean (*)(self, guint keyval, guint keycode, GdkModifierType state, gpointer)`.
  @MainActor @discardableResult
  public static func connectKeyPressed(
    _ controller: UnsafeMutableRawPointer,
    _ handler: @escaping @MainActor (_ keyval: UInt32, _ state: UInt32) -> Bool
  ) -> SignalConnection {
    typealias Box = ClosureBox<@MainActor (UInt32, UInt32) -> Bool>
    let trampoline:
      @convention(c) (
        UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?
      ) ->
        gboolean = { _, keyval, _, state, data in
          let box = Box.from(data)
          return MainActor.assumeIsolated { box.handler(keyval, state.rawValue) } ? 1 : 0
        }
    return connect(
      controller, "key-pressed", unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      Box(handler).retainedPointer())
  }

  /// Signals shaped `void (*)(GObject *self, gdouble a, gdouble b, gpointer)`,
  /// such as GtkGestureDrag's "drag-begin" and "drag-update".
  @MainActor @discardableResult
  public static func connectDoublePair(
    _ object: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping @MainActor (Double, Double) -> Void
  ) -> SignalConnection {
    typealias Box = ClosureBox<@MainActor (Double, Double) -> Void>
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void =
        {
          _, a, b, data in
          let box = Box.from(data)
          MainActor.assumeIsolated { box.handler(a, b) }
        }
    return connect(
      object, signal, unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      Box(handler).retainedPointer())
  }

  /// Signals shaped `gboolean (*)(GObject *self, gdouble a, gdouble b, gpointer)`,
  /// such as GtkEventControllerScroll's "scroll"; the handler returns whether
  /// it handled the event (true stops it).
  @MainActor @discardableResult
  public static func connectDoublePairReturningBool(
    _ object: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping @MainActor (Double, Double) -> Bool
  ) -> SignalConnection {
    typealias Box = ClosureBox<@MainActor (Double, Double) -> Bool>
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?)
        -> gboolean = {
          _, a, b, data in
          let box = Box.from(data)
          return MainActor.assumeIsolated { box.handler(a, b) } ? 1 : 0
        }
    return connect(
      object, signal, unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      Box(handler).retainedPointer())
  }

  /// A GListModel's "items-changed" (position, removed, added).
  @MainActor @discardableResult
  public static func connectItemsChanged(
    _ model: UnsafeMutableRawPointer,
    _ handler: @escaping @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void
  ) -> SignalConnection {
    typealias Box = ClosureBox<@MainActor (UInt32, UInt32, UInt32) -> Void>
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?) ->
        Void = {
          _, position, removed, added, data in
          let box = Box.from(data)
          MainActor.assumeIsolated { box.handler(position, removed, added) }
        }
    return connect(
      model, "items-changed", unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      Box(handler).retainedPointer())
  }
}
