import CGLib

/// A GObject signal: its name and its C signature, tied to the Swift type of
/// the closures that may handle it (`Handler`).
///
/// Each descriptor carries the `@convention(c)` thunk GLib calls, written for
/// exactly that signature, which unboxes a `Handler` and calls it. The
/// descriptors for one closure type live in one constrained extension, so
/// ``Signals/connect(_:_:after:census:_:)`` only accepts a closure of the
/// signal's type: a mismatch does not compile. GObject's own "notify" is
/// here; GtkKit describes GTK's, GDK's and GIO's signals. Handlers of
/// main-thread signals are `@MainActor`; a signal emitted on another thread
/// (GdkPixbufLoader's "size-prepared") has a handler that is not.
///
/// Threading: a `Sendable` value; connecting happens on the thread that owns
/// the object (the main thread for widgets).
public struct Signal<Handler>: @unchecked Sendable {
  /// The detailed signal name GLib connects to ("clicked", "notify::selected").
  public let name: String
  /// The C thunk, cast to GLib's generic callback type.
  package let thunk: GCallback
  package init(_ name: String, thunk: GCallback) {
    self.name = name
    self.thunk = thunk
  }
}

// MARK: - void (*)(GObject *self, gpointer user_data)

extension Signal where Handler == @MainActor () -> Void {

  /// Any signal shaped `void (*)(GObject *self, gpointer user_data)`.
  package static func plain(_ name: String) -> Self {
    let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler() }
    }
    return Signal(name, thunk: unsafeBitCast(thunk, to: GCallback.self))
  }

  /// "notify::`property`": `void (*)(GObject *self, GParamSpec *pspec, gpointer)`.
  public static func notify(_ property: String) -> Self {
    let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler() }
    }
    return Signal("notify::\(property)", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}
