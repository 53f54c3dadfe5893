import CGtk
import GtkKit
import SharedSupport

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

  /// The text of an editable (an entry, a password entry).
  static func editableText(_ editable: Widget) -> String {
    String(cString: gtk_editable_get_text(gtkObject(editable)))
  }

  static func setText(_ label: Widget, _ text: String) {
    gtk_label_set_text(gtkObject(label), text)
  }

  /// Makes a label one ellipsized line (names and roles in rows and cells).
  static func setSingleLine(_ label: Widget) {
    gtk_label_set_ellipsize(gtkObject(label), PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(gtkObject(label), 1)
  }

  static func setVisible(_ widget: Widget, _ visible: Bool) {
    gtk_widget_set_visible(widget, visible ? 1 : 0)
  }

  /// Runs `swap`, which takes `old` out of the window and puts what
  /// replaces it in `container`, and takes the window's focus along when it
  /// is in `old`: off `old` before it goes, while its parent still holds
  /// it, then to the first widget of `container` that takes focus (else of
  /// the nearest ancestor with one), as a keyboard user expects after a
  /// page's part is rebuilt under them.
  ///
  /// Left to GTK 4.8, a removed focus widget stays the window's focus,
  /// held by the window alone, until the frame's after-paint moves the
  /// focus on; when a selectable label takes it, `gtk_label_grab_focus`
  /// drops that last reference and then reads the freed widget
  /// (`gtk_widget_is_ancestor: assertion 'GTK_IS_WIDGET (widget)' failed`).
  static func replace(_ old: Widget, in container: Widget, by swap: () -> Void) {
    guard let root = gtk_widget_get_root(old), let focus = gtk_root_get_focus(root),
      focus == old || gtk_widget_is_ancestor(focus, old) != 0
    else { return swap() }
    gtk_root_set_focus(root, nil)
    swap()
    var target: Widget? = container
    while let widget = target, gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) == 0 {
      target = gtk_widget_get_parent(widget)
    }
  }

  /// Sets a string property by name (for properties without a setter in 4.8).
  static func setProperty(_ widget: Widget, _ name: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, cgtk_type_string())
    text.withCString { g_value_set_string(&value, $0) }
    g_object_set_property(cgtk_gobject(widget), name, &value)
    g_value_unset(&value)
  }

  /// A list view of people over `selection` (and its model) and `factory`.
  static func peopleList(selection: RangeSelection, factory: ObjectRef) -> Widget {
    let view = gtk_list_view_new(
      selection.object.transferredReference(), factory.transferredReference())!
    gtk_widget_add_css_class(view, "user-list")
    RowAccessibility.setLabel(view, tr("People"))
    return view
  }

  /// A scrolled window that scrolls `child` vertically only and fills the height.
  static func scrolledWindow(_ child: Widget) -> Widget {
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(gtkObject(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(gtkObject(scroller), child)
    gtk_widget_set_vexpand(scroller, 1)
    return scroller
  }

  static func button(label: String, action: WindowAction? = nil) -> Widget {
    let button = gtk_button_new_with_label(label)!
    if let action { gtk_actionable_set_action_name(gtkObject(button), action.detailedName) }
    return button
  }
}
