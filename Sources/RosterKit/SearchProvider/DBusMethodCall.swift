import CGtk
import SharedSupport

/// One method call received on an exported D-Bus object: its name, its
/// arguments and the invocation, answered at most once from any thread
/// (GDBus sends the reply on its own worker). A later answer — a search
/// that ends after its time bound was answered empty — is dropped.
///
/// Threading: `Sendable`; the invocation is GDBus's and thread-safe, and
/// taken under a lock by the one answer that sends.
final class DBusMethodCall: Sendable {
  /// The method's name ("GetInitialResultSet").
  let method: String
  /// The arguments: a tuple, owned by the invocation (read them on the
  /// main thread, while the handler runs).
  nonisolated(unsafe) let parameters: OpaquePointer
  private let invocation: Locked<UncheckedPointer?>

  /// The invocation's pointer, carried under the lock.
  private struct UncheckedPointer: @unchecked Sendable { let pointer: OpaquePointer }

  init(method: String, parameters: OpaquePointer, invocation: OpaquePointer) {
    self.method = method
    self.parameters = parameters
    self.invocation = Locked(UncheckedPointer(pointer: invocation))
  }

  /// Answers with `value` (a floating tuple, or nil for no return value);
  /// returns false, releasing `value`, when the call was answered already.
  @discardableResult
  func reply(_ value: OpaquePointer?) -> Bool {
    guard let invocation = take() else {
      if let value { g_variant_unref(g_variant_ref_sink(value)) }
      return false
    }
    g_dbus_method_invocation_return_value(invocation, value)
    return true
  }

  /// Answers with a D-Bus error, unless the call was answered already.
  func fail(_ message: String) {
    guard let invocation = take() else { return }
    g_dbus_method_invocation_return_dbus_error(
      invocation, "org.roster.Roster.Error.Failed", message)
  }

  /// Whether the call was answered.
  var isAnswered: Bool { invocation.withLock { $0 == nil } }

  private func take() -> OpaquePointer? {
    invocation.withLock { held in
      defer { held = nil }
      return held?.pointer
    }
  }
}
