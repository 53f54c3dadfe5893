import CGtk

/// The `tables` key's value, `a{s(asais)}`: each directory's key, then its
/// columns, their widths and its order, as ``TableSettings`` holds them.
///
/// Threading: pure, any thread (GVariants are immutable).
extension TableSettings {
  /// The type of one directory's entry.
  static let entryType = "{s(asais)}"

  /// A new, floating `a{s(asais)}` of `tables`, sorted by key.
  static func variant(of tables: [String: TableSettings]) -> OpaquePointer {
    let entries = tables.sorted { $0.key < $1.key }.map { key, table in
      g_variant_new_dict_entry(g_variant_new_string(key), table.variant)
    }
    let type = g_variant_type_new(entryType)
    defer { g_variant_type_free(type) }
    return entries.withUnsafeBufferPointer { buffer in
      g_variant_new_array(type, buffer.baseAddress, gsize(buffer.count))
    }
  }

  /// The tables in an `a{s(asais)}`.
  static func dictionary(from variant: OpaquePointer) -> [String: TableSettings] {
    var tables: [String: TableSettings] = [:]
    for index in 0..<g_variant_n_children(variant) {
      let entry = g_variant_get_child_value(variant, index)!
      defer { g_variant_unref(entry) }
      let key = g_variant_get_child_value(entry, 0)!
      let value = g_variant_get_child_value(entry, 1)!
      defer {
        g_variant_unref(key)
        g_variant_unref(value)
      }
      tables[String(cString: g_variant_get_string(key, nil))] = TableSettings(variant: value)
    }
    return tables
  }

  /// A new, floating `(asais)`.
  private var variant: OpaquePointer {
    let names = columns.map { strdup($0) }
    defer { for name in names { free(name) } }
    let strings = names.map { UnsafePointer($0) }
    let columns = strings.withUnsafeBufferPointer {
      g_variant_new_strv($0.baseAddress, gssize($0.count))
    }
    let type = g_variant_type_new("i")
    defer { g_variant_type_free(type) }
    let values = widths.map { g_variant_new_int32(Int32(clamping: $0)) }
    let widths = values.withUnsafeBufferPointer {
      g_variant_new_array(type, $0.baseAddress, gsize($0.count))
    }
    let fields = [columns, widths, g_variant_new_string(sort)]
    return fields.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }!
  }

  /// The table in an `(asais)`.
  private init(variant: OpaquePointer) {
    func child(_ index: gsize) -> OpaquePointer { g_variant_get_child_value(variant, index)! }
    let columns = child(0)
    let widths = child(1)
    let sort = child(2)
    defer {
      for value in [columns, widths, sort] { g_variant_unref(value) }
    }
    self.init(
      columns: (0..<g_variant_n_children(columns)).map { index in
        let name = g_variant_get_child_value(columns, index)!
        defer { g_variant_unref(name) }
        return String(cString: g_variant_get_string(name, nil))
      },
      widths: (0..<g_variant_n_children(widths)).map { index in
        let width = g_variant_get_child_value(widths, index)!
        defer { g_variant_unref(width) }
        return Int(g_variant_get_int32(width))
      },
      sort: String(cString: g_variant_get_string(sort, nil)))
  }
}
