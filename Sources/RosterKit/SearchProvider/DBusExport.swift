import CGtk
import GtkKit
import SharedSupport

/// One interface exported at an object path of a D-Bus connection, its
/// methods handed to a Swift closure on the main thread (GDBus dispatches
/// them in the main context, where the object was registered). The closure
/// answers each call, now or later from any thread.
///
/// Threading: main-actor only; registered and unregistered on the main
/// thread.
@MainActor
final class DBusExport {
  /// What the export hands each call to.
  typealias Handler = @MainActor (DBusMethodCall) -> Void

  /// The boxed handler GDBus carries as the registration's user data.
  private final class Box {
    let handler: Handler
    init(_ handler: @escaping Handler) { self.handler = handler }
  }

  private var connection = ObjectSlot()
  private var registration: guint = 0

  /// Exports interface `name` of the introspection `xml` at `path` on
  /// `connection`; nil (with the reason printed) when GDBus refuses it.
  init?(
    connection: OpaquePointer, path: String, xml: String, interface name: String,
    handler: @escaping Handler
  ) {
    var error: UnsafeMutablePointer<GError>?
    guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
      Self.report(error)
      return nil
    }
    defer { g_dbus_node_info_unref(node) }
    guard let info = g_dbus_node_info_lookup_interface(node, name) else { return nil }
    let methodCall: GDBusInterfaceMethodCallFunc = {
      _, _, _, _, method, parameters, invocation, data in
      guard let data, let method, let parameters, let invocation else { return }
      let call = DBusMethodCall(
        method: String(cString: method), parameters: parameters, invocation: invocation)
      let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
      MainActor.assumeIsolated { box.handler(call) }
    }
    var vtable = GDBusInterfaceVTable()
    vtable.method_call = methodCall
    let data = Unmanaged.passRetained(Box(handler)).toOpaque()
    registration = g_dbus_connection_register_object(
      connection, path, info, &vtable, data,
      { data in data.map { Unmanaged<Box>.fromOpaque($0).release() } }, &error)
    guard registration != 0 else {
      Self.report(error)
      return nil
    }
    self.connection.set(retaining: connection)
  }

  isolated deinit {
    if registration != 0, let opaque = connection.opaque {
      g_dbus_connection_unregister_object(opaque, registration)
    }
  }

  private static func report(_ error: UnsafeMutablePointer<GError>?) {
    if let error {
      let reason = String(cString: error.pointee.message)
      print(String(filling: tr("Roster could not offer its search on D-Bus: %@"), reason))
      g_error_free(error)
    }
  }
}
