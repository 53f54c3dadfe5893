import CGtk
import GtkKit

/// The few GVariant shapes the search provider reads and writes, made with
/// GLib's non-variadic constructors (`g_variant_new` is variadic, so Swift
/// cannot call it). New values are floating: the method invocation or the
/// container they go into sinks them.
///
/// Threading: GVariant is immutable and thread-safe; any thread.
enum DBusValues {
  /// The strings of an `as` value.
  static func strings(_ value: OpaquePointer) -> [String] {
    var length = 0
    guard let array = g_variant_get_strv(value, &length) else { return [] }
    defer { g_free(array) }
    return (0..<length).compactMap { array[$0].map { String(cString: $0) } }
  }

  /// The string of an `s` value.
  static func string(_ value: OpaquePointer) -> String {
    g_variant_get_string(value, nil).map { String(cString: $0) } ?? ""
  }

  /// Calls `body` with child `index` of the tuple `tuple` and releases it after.
  static func withChild<Result>(
    _ tuple: OpaquePointer, _ index: Int, _ body: (OpaquePointer) -> Result
  ) -> Result {
    let child = g_variant_get_child_value(tuple, gsize(index))!
    defer { g_variant_unref(child) }
    return body(child)
  }

  /// A floating `as` value.
  static func stringArray(_ strings: [String]) -> OpaquePointer {
    array(of: "s", strings.map { g_variant_new_string($0)! })
  }

  /// A floating array of `values`, each of type `type` (needed when empty).
  static func array(of type: String, _ values: [OpaquePointer]) -> OpaquePointer {
    let elementType = g_variant_type_new(type)
    defer { g_variant_type_free(elementType) }
    let children: [OpaquePointer?] = values
    return children.withUnsafeBufferPointer {
      g_variant_new_array(elementType, $0.baseAddress, gsize($0.count))!
    }
  }

  /// A floating tuple of `values`.
  static func tuple(_ values: [OpaquePointer]) -> OpaquePointer {
    let children: [OpaquePointer?] = values
    return children.withUnsafeBufferPointer {
      g_variant_new_tuple($0.baseAddress, gsize($0.count))!
    }
  }

  /// A floating `a{sv}` of `entries`, in order.
  static func dictionary(_ entries: [(key: String, value: OpaquePointer)]) -> OpaquePointer {
    array(
      of: "{sv}",
      entries.map {
        g_variant_new_dict_entry(g_variant_new_string($0.key), g_variant_new_variant($0.value))!
      })
  }
}
