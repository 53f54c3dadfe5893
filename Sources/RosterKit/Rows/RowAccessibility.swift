import CGtk
import GtkKit

/// Gives a row the label screen readers read ("username, role").
///
/// GTK 4.8 has no accessible label on GtkListItem, so the label goes on the
/// row's own widget; `gtk_accessible_update_property` is variadic, hence the
/// GValue form.
///
/// Threading: main-actor only.
@MainActor
enum RowAccessibility {
  private static var value: GValue = {
    var value = GValue()
    g_value_init(&value, cgtk_type_string())
    return value
  }()

  static func setLabel(_ widget: Widget, _ text: String) {
    text.withCString { g_value_set_string(&value, $0) }
    var property = GTK_ACCESSIBLE_PROPERTY_LABEL
    gtk_accessible_update_property_value(gtkObject(widget), 1, &property, &value)
  }

  /// Hides a decorative widget (the avatar, the initials) from screen readers.
  static func hide(_ widget: Widget) {
    var hidden = GValue()
    g_value_init(&hidden, cgtk_type_boolean())
    g_value_set_boolean(&hidden, 1)
    var state = GTK_ACCESSIBLE_STATE_HIDDEN
    gtk_accessible_update_state_value(gtkObject(widget), 1, &state, &hidden)
    g_value_unset(&hidden)
  }
}
