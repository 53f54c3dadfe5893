import CGtk

/// A centred icon, title, description and optional button: the loading,
/// empty and error states of the window.
///
/// Threading: main-actor only.
@MainActor
final class StatusPage {
  let widget: Widget
  private let titleLabel: Widget
  private let descriptionLabel: Widget
  let button: Widget?

  init(
    icon: String?, title: String, description: String = "", spinner: Bool = false,
    button: Widget? = nil
  ) {
    widget = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["status-page"])
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    if spinner {
      let spinner = gtk_spinner_new()!
      gtk_spinner_start(gtkObject(spinner))
      gtk_widget_set_size_request(spinner, 32, 32)
      Gtk.append(widget, spinner)
    } else if let icon {
      let image = gtk_image_new_from_icon_name(icon)!
      gtk_image_set_pixel_size(gtkObject(image), 96)
      gtk_widget_add_css_class(image, "dim-label")
      Gtk.append(widget, image)
    }
    titleLabel = Gtk.label(title, classes: ["title-1"])
    descriptionLabel = Gtk.label(description, classes: ["body", "description"])
    gtk_label_set_wrap(gtkObject(descriptionLabel), 1)
    gtk_label_set_justify(gtkObject(descriptionLabel), GTK_JUSTIFY_CENTER)
    gtk_label_set_max_width_chars(gtkObject(descriptionLabel), 48)
    gtk_label_set_selectable(gtkObject(descriptionLabel), 1)
    Gtk.append(widget, titleLabel, descriptionLabel)
    self.button = button
    if let button {
      gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
      gtk_widget_add_css_class(button, "pill")
      gtk_widget_add_css_class(button, "suggested-action")
      Gtk.append(widget, button)
    }
  }

  /// The description under the title.
  var text: String {
    get { String(cString: gtk_label_get_text(gtkObject(descriptionLabel))) }
    set { Gtk.setText(descriptionLabel, newValue) }
  }
}
