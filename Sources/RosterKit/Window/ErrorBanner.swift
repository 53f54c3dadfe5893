import CGtk
import GtkKit

/// A non-modal banner at the top of the list: says why a refresh failed,
/// offers Retry, and leaves the rows underneath alone.
///
/// Threading: main-actor only.
@MainActor
final class ErrorBanner {
  let widget: Widget
  private let label: Widget

  init() {
    widget = gtk_revealer_new()!
    gtk_revealer_set_transition_type(gtkObject(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    let bar = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["error-banner"])
    label = Gtk.label(classes: ["banner-text"])
    gtk_label_set_wrap(gtkObject(label), 1)
    gtk_label_set_xalign(gtkObject(label), 0)
    gtk_widget_set_hexpand(label, 1)
    let retry = Gtk.button(label: "Retry", action: "win.refresh")
    let close = gtk_button_new_from_icon_name("window-close-symbolic")!
    gtk_widget_set_tooltip_text(close, "Dismiss")
    gtk_widget_add_css_class(close, "flat")
    gtk_widget_set_valign(retry, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(close, GTK_ALIGN_CENTER)
    Gtk.append(bar, label, retry, close)
    gtk_revealer_set_child(gtkObject(widget), bar)
    Signals.connect(gobject(close), "clicked") { [weak self] in self?.hide() }
  }

  /// The message shown, or nil when the banner is hidden.
  var message: String? {
    gtk_revealer_get_reveal_child(gtkObject(widget)) != 0
      ? String(cString: gtk_label_get_text(gtkObject(label))) : nil
  }

  func show(_ message: String) {
    Gtk.setText(label, message)
    gtk_revealer_set_reveal_child(gtkObject(widget), 1)
  }

  func hide() {
    gtk_revealer_set_reveal_child(gtkObject(widget), 0)
  }
}
