import CGtk
import GtkKit
import SharedSupport

/// A banner above the list while the directory is read in clear text over
/// the network (``EncryptableDirectory/readsInClearText``): "Not encrypted: anyone on the
/// network can read or change what you see", with a button that opens the
/// same servers again over StartTLS (``onEncrypt``).
///
/// Threading: main-actor only.
@MainActor
final class PlaintextBanner {
  let widget: Widget
  /// Asked by the button to open the directory again with encryption.
  var onEncrypt: (() -> Void)?

  init() {
    widget = gtk_revealer_new()!
    gtk_revealer_set_transition_type(gtkObject(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    let bar = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["error-banner"])
    let label = Gtk.label(classes: ["banner-text"])
    Gtk.setText(label, Self.message)
    gtk_label_set_wrap(gtkObject(label), 1)
    gtk_label_set_xalign(gtkObject(label), 0)
    gtk_widget_set_hexpand(label, 1)
    let encrypt = gtk_button_new_with_label(tr("Use StartTLS"))!
    gtk_widget_set_tooltip_text(encrypt, tr("Open the directory again, encrypted with StartTLS"))
    gtk_widget_set_valign(encrypt, GTK_ALIGN_CENTER)
    Gtk.append(bar, label, encrypt)
    gtk_revealer_set_child(gtkObject(widget), bar)
    button = encrypt
    Signals.connect(gobject(encrypt), .clicked) { [weak self] in self?.onEncrypt?() }
  }

  /// The banner's text.
  static var message: String {
    tr("Not encrypted: anyone on the network can read or change what you see")
  }

  /// The StartTLS button.
  let button: Widget

  /// Whether the banner shows.
  var isShown: Bool {
    get { gtk_revealer_get_reveal_child(gtkObject(widget)) != 0 }
    set { gtk_revealer_set_reveal_child(gtkObject(widget), newValue ? 1 : 0) }
  }
}
