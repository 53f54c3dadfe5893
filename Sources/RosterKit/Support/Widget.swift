import CGtk

/// A GTK widget pointer as GTK's constructors return it.
public typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Small conveniences over GTK calls the app makes often. Each is a direct
/// call; none allocates beyond what GTK itself does.
///
/// Threading: main-actor only.
@MainActor
enum Gtk {
  static func label(_ text: String = "", classes: [String] = []) -> Widget {
    let label = gtk_label_new(text)!
    for name in classes { gtk_widget_add_css_class(label, name) }
    return label
  }

  static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, classes: [String] = [])
    -> Widget
  {
    let box = gtk_box_new(orientation, spacing)!
    for name in classes { gtk_widget_add_css_class(box, name) }
    return box
  }

  static func append(_ box: Widget, _ children: Widget...) {
    for child in children { gtk_box_append(cgtk_box(box), child) }
  }

  static func setText(_ label: Widget, _ text: String) {
    gtk_label_set_text(OpaquePointer(label), text)
  }

  static func setVisible(_ widget: Widget, _ visible: Bool) {
    gtk_widget_set_visible(widget, visible ? 1 : 0)
  }

  /// Sets a string property by name (for properties without a setter in 4.8).
  static func setProperty(_ widget: Widget, _ name: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, cgtk_type_string())
    text.withCString { g_value_set_string(&value, $0) }
    g_object_set_property(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), name, &value)
    g_value_unset(&value)
  }

  static func button(label: String, action: String? = nil) -> Widget {
    let button = gtk_button_new_with_label(label)!
    if let action { gtk_actionable_set_action_name(OpaquePointer(button), action) }
    return button
  }
}

/// GTK headers import some object types as typed pointers (public structs)
/// and others as `OpaquePointer`; these overloads convert either kind, so
/// call sites need not know which a given type is.
@inline(__always) func opaque(_ pointer: OpaquePointer) -> OpaquePointer { pointer }
@inline(__always) func opaque<T>(_ pointer: UnsafeMutablePointer<T>) -> OpaquePointer {
  OpaquePointer(pointer)
}
@inline(__always) func opaque(_ pointer: UnsafeMutableRawPointer) -> OpaquePointer {
  OpaquePointer(pointer)
}
@inline(__always) func raw(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer(pointer)
}
@inline(__always) func raw<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer(pointer)
}
