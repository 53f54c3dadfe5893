import CGLib
import CSystem
import Dispatch
import FoundationEssentials

/// An owned strong reference to a GObject.
///
/// Creating one from a floating widget sinks the floating reference, so the
/// Swift owner holds exactly one reference and releases it when it goes away.
/// GTK objects belong to the main thread: a reference dropped elsewhere is
/// released on the main queue, never on the thread that dropped it.
///
/// Threading: `Sendable`; the pointer may only be dereferenced on the main thread.
public final class ObjectRef: @unchecked Sendable {
  /// The referenced object, as GLib's untyped pointer.
  public let pointer: UnsafeMutableRawPointer

  /// Takes ownership of `pointer`. A floating reference is sunk; a full
  /// reference (`transfer full`) is adopted; otherwise a new one is taken.
  public init(_ pointer: UnsafeMutableRawPointer, adopt: Bool = false) {
    self.pointer = pointer
    if g_object_is_floating(pointer) != 0 {
      g_object_ref_sink(pointer)
    } else if !adopt {
      g_object_ref(pointer)
    }
  }

  /// Takes ownership of an opaque GTK pointer (see ``init(_:adopt:)``).
  public convenience init(_ pointer: OpaquePointer, adopt: Bool = false) {
    self.init(UnsafeMutableRawPointer(pointer), adopt: adopt)
  }

  /// Takes ownership of a typed GTK pointer (see ``init(_:adopt:)``).
  public convenience init<Object>(_ pointer: UnsafeMutablePointer<Object>, adopt: Bool = false) {
    self.init(UnsafeMutableRawPointer(pointer), adopt: adopt)
  }

  /// The object as an opaque pointer, for GTK functions that take one.
  public var opaque: OpaquePointer { OpaquePointer(pointer) }

  /// A new full reference for a C function that takes one over (`transfer
  /// full`, such as the model `gtk_single_selection_new` wraps); this owner
  /// keeps its own.
  public func transferredReference() -> OpaquePointer {
    OpaquePointer(g_object_ref(pointer))
  }

  deinit {
    let address = UInt(bitPattern: pointer)
    if csystem_is_main_thread() != 0 {
      g_object_unref(pointer)
    } else {
      DispatchQueue.main.async {
        g_object_unref(UnsafeMutableRawPointer(bitPattern: address))
      }
    }
  }
}
