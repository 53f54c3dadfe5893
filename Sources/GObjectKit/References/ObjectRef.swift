import CGLib
import CSystem
import Dispatch
import FoundationEssentials

/// An owned strong reference to a GObject.
///
/// Creating one from a floating object (a new widget) sinks the floating
/// reference, so the Swift owner holds exactly one reference and releases it
/// when it goes away. GTK objects belong to the main thread: by default a
/// reference dropped elsewhere is released on the main queue, never on the
/// thread that dropped it. Objects whose reference counts any thread may drop
/// (GIO's, libsoup's) are released where they are dropped instead
/// (``ReleaseThread/droppingThread``), and whoever needs an object finalized
/// on a thread of its own drops the last owner there.
///
/// Threading: `Sendable`; the pointer may only be dereferenced on the thread
/// that owns the object (the main thread for GTK's).
public final class ObjectRef: @unchecked Sendable {
  /// Where the reference goes when its owner is dropped.
  public enum ReleaseThread: Sendable {
    /// On the main thread: at once there, else through the main queue.
    case mainThread
    /// On whichever thread drops the owner.
    case droppingThread
  }

  /// The referenced object, as GLib's untyped pointer.
  public let pointer: UnsafeMutableRawPointer
  private let releaseThread: ReleaseThread

  /// Takes ownership of `pointer`. A floating reference is sunk; a full
  /// reference (`transfer full`) is adopted; otherwise a new one is taken.
  /// The reference is released on `releaseThread`.
  public init(
    _ pointer: UnsafeMutableRawPointer, adopt: Bool = false,
    releasedOn releaseThread: ReleaseThread = .mainThread
  ) {
    self.pointer = pointer
    self.releaseThread = releaseThread
    if g_object_is_floating(pointer) != 0 {
      g_object_ref_sink(pointer)
    } else if !adopt {
      g_object_ref(pointer)
    }
  }

  /// Takes ownership of an opaque GObject pointer (see ``init(_:adopt:releasedOn:)``).
  public convenience init(
    _ pointer: OpaquePointer, adopt: Bool = false,
    releasedOn releaseThread: ReleaseThread = .mainThread
  ) {
    self.init(UnsafeMutableRawPointer(pointer), adopt: adopt, releasedOn: releaseThread)
  }

  /// Takes ownership of a typed GObject pointer (see ``init(_:adopt:releasedOn:)``).
  public convenience init<Object>(
    _ pointer: UnsafeMutablePointer<Object>, adopt: Bool = false,
    releasedOn releaseThread: ReleaseThread = .mainThread
  ) {
    self.init(UnsafeMutableRawPointer(pointer), adopt: adopt, releasedOn: releaseThread)
  }

  /// The object as an opaque pointer, for GTK functions that take one.
  public var opaque: OpaquePointer { OpaquePointer(pointer) }

  /// The object as a typed pointer, for C functions whose headers declare its
  /// struct (`GCancellable *`, `SoupSession *`).
  public func typed<Object>(_: Object.Type = Object.self) -> UnsafeMutablePointer<Object> {
    UnsafeMutablePointer(OpaquePointer(pointer))
  }

  /// A new full reference for a C function that takes one over (`transfer
  /// full`, such as the model `gtk_single_selection_new` wraps); this owner
  /// keeps its own.
  public func transferredReference() -> OpaquePointer {
    OpaquePointer(g_object_ref(pointer))
  }

  deinit {
    let address = UInt(bitPattern: pointer)
    if releaseThread == .droppingThread || csystem_is_main_thread() != 0 {
      g_object_unref(pointer)
    } else {
      DispatchQueue.main.async {
        g_object_unref(UnsafeMutableRawPointer(bitPattern: address))
      }
    }
  }
}
