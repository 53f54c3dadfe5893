import CSoup

/// One strong reference to a GIO or libsoup object, dropped when its owner
/// goes. The only place in HTTPSupport that releases a GObject by hand
/// (`scripts/lint-unsafe.sh` allows it here and in GtkKit): HTTPSupport
/// has no GTK, so it cannot use GtkKit's `ObjectRef`.
///
/// Threading: GObject reference counts are atomic, so any thread may drop
/// the last reference, except where an object must be finalized on the
/// network thread (a session: see ``SessionHandle``).
final class OwnedObject<Pointer>: @unchecked Sendable {
  let pointer: Pointer
  private let object: UnsafeMutableRawPointer

  private init(pointer: Pointer, object: UnsafeMutableRawPointer) {
    self.pointer = pointer
    self.object = object
  }

  deinit { g_object_unref(object) }
}

extension OwnedObject {
  /// Takes over a full reference (a constructor's, `transfer full`).
  convenience init<T>(adopting pointer: UnsafeMutablePointer<T>)
  where Pointer == UnsafeMutablePointer<T> {
    self.init(pointer: pointer, object: UnsafeMutableRawPointer(pointer))
  }

  /// Takes over a full reference to an opaque type (a final GObject class
  /// such as `SoupMessage`).
  convenience init(adopting pointer: OpaquePointer) where Pointer == OpaquePointer {
    self.init(pointer: pointer, object: UnsafeMutableRawPointer(pointer))
  }
}
