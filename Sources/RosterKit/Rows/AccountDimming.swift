import CGtk
import GtkKit

/// How a row, a grid cell or a table row shows a disabled account: the
/// whole person (avatar and text) at the theme's `dim-label` opacity, the
/// word "Disabled" in its second line (``UserViewModel/subtitle``) or its
/// Account cell. Set at each bind, only when it changes, so a scroll of
/// active people costs nothing.
///
/// Threading: main-actor only.
@MainActor
enum AccountDimming {
  /// Shows `widget` dimmed when the account is not active, else as it is.
  static func show(_ widget: Widget, isActive: Bool) {
    let opacity = isActive ? 1 : Double(PersonView.dimAlpha)
    if gtk_widget_get_opacity(widget) != opacity { gtk_widget_set_opacity(widget, opacity) }
  }
}
