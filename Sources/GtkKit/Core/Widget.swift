import CGtk

/// A GTK widget, as GTK's constructors return it (`GtkWidget *`). Every
/// widget in GtkKit's API and in the app is spelled this way; the C calls
/// that take a widget under another type get it through `gtkObject(_:)` or
/// `gobject(_:)` at the call.
public typealias Widget = UnsafeMutablePointer<GtkWidget>

/// The same object as GTK's functions take it. GTK headers import some
/// object types as typed pointers (public structs) and others as
/// `OpaquePointer`, and C's cast macros (GTK_WIDGET(), G_OBJECT()) are not
/// imported; these overloads convert any of them, so call sites need not know
/// which a given type is. `gtkObject` gives the `OpaquePointer` most GTK
/// functions take (`GtkListView *`, `GtkStack *`, ...); `gobject` gives the
/// untyped `gpointer` that GObject's own functions and signals take.
@inline(__always) public func gtkObject(_ pointer: OpaquePointer) -> OpaquePointer { pointer }
@inline(__always) public func gtkObject<T>(_ pointer: UnsafeMutablePointer<T>) -> OpaquePointer {
  OpaquePointer(pointer)
}
@inline(__always) public func gtkObject(_ pointer: UnsafeMutableRawPointer) -> OpaquePointer {
  OpaquePointer(pointer)
}
@inline(__always) public func gobject(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer(pointer)
}
@inline(__always) public func gobject<T>(_ pointer: UnsafeMutablePointer<T>)
  -> UnsafeMutableRawPointer
{
  UnsafeMutableRawPointer(pointer)
}
