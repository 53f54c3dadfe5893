import CGtk
import GtkKit
import SharedSupport

/// A non-modal banner at the top of the list: says why a refresh failed,
/// offers Retry, and leaves the rows underneath alone.
///
/// It slides in above the list and pushes it down, as GNOME's banners do
/// (libadwaita's AdwBanner sits in the top bars, never over content): an
/// overlay would hide the first rows and their clicks while it shows. The
/// row at the top stays the row at the top, fully visible, moving down with
/// the list's edge (``AnchoredScroll/pinTopItem()``); GTK 4.8 alone would
/// keep a row near the middle still and slide the top row under the edge.
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
    let retry = Gtk.button(label: tr("Retry"), action: .refresh)
    let close = gtk_button_new_from_icon_name("window-close-symbolic")!
    gtk_widget_set_tooltip_text(close, tr("Dismiss"))
    gtk_widget_add_css_class(close, "flat")
    gtk_widget_set_valign(retry, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(close, GTK_ALIGN_CENTER)
    Gtk.append(bar, label, retry, close)
    gtk_revealer_set_child(gtkObject(widget), bar)
    Signals.connect(gobject(close), .clicked) { [weak self] in self?.hide() }
  }

  /// The message shown, or nil when the banner is hidden.
  var message: String? {
    gtk_revealer_get_reveal_child(gtkObject(widget)) != 0
      ? String(cString: gtk_label_get_text(gtkObject(label))) : nil
  }

  func show(_ message: String) {
    Gtk.setText(label, message)
    pinTopRowBelow()
    gtk_revealer_set_reveal_child(gtkObject(widget), 1)
  }

  func hide() {
    if gtk_revealer_get_reveal_child(gtkObject(widget)) != 0 { pinTopRowBelow() }
    gtk_revealer_set_reveal_child(gtkObject(widget), 0)
  }

  /// Anchors the top row of the list or grid below the banner to the list's
  /// top edge, so the slide moves every row by the banner's height.
  private func pinTopRowBelow() {
    var sibling = gtk_widget_get_next_sibling(widget)
    while let next = sibling {
      if let view = Self.mappedListOrGrid(in: next) {
        AnchoredScroll(view: view).pinTopItem()
        return
      }
      sibling = gtk_widget_get_next_sibling(next)
    }
  }

  /// The first list or grid on screen in `widget`'s tree.
  private static func mappedListOrGrid(in widget: Widget) -> Widget? {
    guard gtk_widget_get_mapped(widget) != 0 else { return nil }
    if cgtk_is_a(widget, gtk_list_view_get_type()) != 0
      || cgtk_is_a(widget, gtk_grid_view_get_type()) != 0
    {
      return widget
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if let found = mappedListOrGrid(in: current) { return found }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }
}
