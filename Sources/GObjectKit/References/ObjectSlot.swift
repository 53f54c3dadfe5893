import CGLib

/// Zero or one strong reference to a GObject, held without a Swift
/// allocation: a non-copyable value whose reference goes when the slot is
/// emptied, refilled or dropped. For an object's own reference to something
/// it swaps often (a row's texture, a layout) or holds for its whole life.
///
/// Unlike ``ObjectRef``, the reference is released on the thread that drops
/// the slot: keep main-thread objects in slots dropped there, and let other
/// threads hold only thread-safe objects (textures, pixbufs).
///
/// Threading: `Sendable` for thread-safe objects (see above); not locked.
public struct ObjectSlot: ~Copyable, @unchecked Sendable {
  /// The referenced object, or nil when the slot is empty.
  public private(set) var pointer: UnsafeMutableRawPointer?

  /// An empty slot.
  public init() { pointer = nil }

  /// Takes over a full reference (`transfer full`); nil leaves the slot empty.
  public init(adopting object: OpaquePointer?) {
    pointer = object.map(UnsafeMutableRawPointer.init)
  }

  /// Takes over a full reference to a typed GTK pointer.
  public init<Object>(adopting object: UnsafeMutablePointer<Object>?) {
    pointer = object.map(UnsafeMutableRawPointer.init)
  }

  /// Takes a reference of its own to `object` (`transfer none`).
  public init(retaining object: OpaquePointer?) {
    self.init()
    set(retaining: object)
  }

  /// The object as the opaque pointer most GTK functions take.
  public var opaque: OpaquePointer? { pointer.map(OpaquePointer.init) }

  /// Whether the slot holds nothing.
  public var isEmpty: Bool { pointer == nil }

  /// Holds a reference of its own to `object` (nil empties the slot) and
  /// releases the one held before (after taking the new one, so setting the
  /// same object again is safe).
  public mutating func set(retaining object: OpaquePointer?) {
    let new = object.map(UnsafeMutableRawPointer.init)
    if let new { g_object_ref(new) }
    if let old = pointer { g_object_unref(old) }
    pointer = new
  }

  /// Takes over a full reference to `object` and releases the one held before.
  public mutating func set(adopting object: OpaquePointer?) {
    if let old = pointer { g_object_unref(old) }
    pointer = object.map(UnsafeMutableRawPointer.init)
  }

  /// Releases the reference held, leaving the slot empty.
  public mutating func clear() { set(adopting: nil) }

  deinit {
    if let pointer { g_object_unref(pointer) }
  }

  /// Calls `body` with `object`, a full reference the caller hands over
  /// (`transfer full`), and releases it when `body` returns.
  public static func withAdopted<Object, Result, Failure: Error>(
    _ object: UnsafeMutablePointer<Object>,
    _ body: (UnsafeMutablePointer<Object>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    defer { g_object_unref(object) }
    return try body(object)
  }

  /// ``withAdopted(_:_:)`` for an object GTK hands out as an opaque pointer.
  public static func withAdopted<Result, Failure: Error>(
    _ object: OpaquePointer, _ body: (OpaquePointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    defer { g_object_unref(UnsafeMutableRawPointer(object)) }
    return try body(object)
  }
}
