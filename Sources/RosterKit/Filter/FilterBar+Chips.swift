import CGtk
import Directory
import GtkKit
import SharedSupport

/// The filter bar's chips: one button a condition, its words and a close
/// icon; a click removes the condition. They are built again whenever the
/// conditions change (a handful at most), their text set as plain text.
extension FilterBar {
  /// Replaces the chips with one for each of ``conditions``.
  func showChips() {
    while let child = gtk_widget_get_first_child(chipBox) {
      gtk_flow_box_remove(gtkObject(chipBox), child)
    }
    let made = conditions.enumerated().map { index, condition in
      makeChip(FilterWording.label(of: condition), index: index)
    }
    for chip in made { gtk_flow_box_append(gtkObject(chipBox), chip) }
    chips = made
    Gtk.setVisible(chipBox, !made.isEmpty)
  }

  private func makeChip(_ text: String, index: Int) -> Widget {
    let label = Gtk.label(text)
    gtk_label_set_ellipsize(gtkObject(label), PANGO_ELLIPSIZE_END)
    gtk_label_set_max_width_chars(gtkObject(label), 40)
    let icon = gtk_image_new_from_icon_name("window-close-symbolic")!
    let content = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
    Gtk.append(content, label, icon)
    let chip = gtk_button_new()!
    gtk_button_set_child(cgtk_button(chip), content)
    gtk_widget_add_css_class(chip, "pill")
    gtk_widget_add_css_class(chip, "small")
    gtk_widget_add_css_class(chip, "filter-chip")
    gtk_widget_set_tooltip_text(chip, tr("Remove this condition"))
    RowAccessibility.setLabel(chip, String(filling: tr("Remove “%@”"), text))
    Signals.connect(gobject(chip), .clicked) { [weak self] in self?.removeCondition(at: index) }
    return chip
  }

  /// The text each chip shows, in order.
  var chipTexts: [String] {
    chips.map { chip in
      guard let content = gtk_button_get_child(cgtk_button(chip)),
        let label = gtk_widget_get_first_child(content)
      else { return "" }
      return String(cString: gtk_label_get_text(gtkObject(label)))
    }
  }
}
