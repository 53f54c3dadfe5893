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

  /// Tells screen readers a tree row's level (1 at the top): as the
  /// level property, and in words in its description ("Level 2, 5
  /// reports"), which GTK 4.8 passes to AT-SPI where it does not pass the
  /// level of a group.
  static func setLevel(_ widget: Widget, _ level: Int, description: String) {
    var number = GValue()
    g_value_init(&number, cgtk_type_int())
    g_value_set_int(&number, gint(level))
    var property = GTK_ACCESSIBLE_PROPERTY_LEVEL
    gtk_accessible_update_property_value(gtkObject(widget), 1, &property, &number)
    var text = GValue()
    g_value_init(&text, cgtk_type_string())
    description.withCString { g_value_set_string(&text, $0) }
    property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
    gtk_accessible_update_property_value(gtkObject(widget), 1, &property, &text)
    g_value_unset(&text)
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
