import CAdw
import CGtk
import GtkKit

/// An AdwStatusPage: a centred icon (or a spinner), title, description and
/// optional button — the loading, empty and error states of the window. The
/// description is plain text people read, not a selectable label that
/// takes the focus when the page appears.
///
/// Threading: main-actor only.
@MainActor
final class StatusPage {
  let widget: Widget
  let button: Widget?
  /// The loading page's spinner. It spins only while it shows: a spinning
  /// GtkSpinner asks for a frame every refresh even on a page the stack
  /// hides, so the window would paint 60 frames a second while idle,
  /// taking the CPU from the rest of the desktop (and from a directory
  /// server on the same machine sorting the next answer).
  private let spinner: Widget?

  init(
    icon: String?, title: String, description: String = "", spinner: Bool = false,
    button: Widget? = nil
  ) {
    text = description
    widget = adw_status_page_new()!
    gtk_widget_add_css_class(widget, "status-page")
    adw_status_page_set_title(gtkObject(widget), title)
    adw_status_page_set_description(gtkObject(widget), Self.markup(description))
    if let icon { adw_status_page_set_icon_name(gtkObject(widget), icon) }
    self.button = button
    self.spinner = spinner ? gtk_spinner_new()! : nil
    if let spinner = self.spinner {
      Signals.connect(gobject(spinner), .map) { gtk_spinner_start(gtkObject(spinner)) }
      Signals.connect(gobject(spinner), .unmap) { gtk_spinner_stop(gtkObject(spinner)) }
      gtk_widget_set_size_request(spinner, 32, 32)
      adw_status_page_set_child(gtkObject(widget), spinner)
    } else if let button {
      gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
      gtk_widget_add_css_class(button, "pill")
      gtk_widget_add_css_class(button, "suggested-action")
      adw_status_page_set_child(gtkObject(widget), button)
    }
  }

  /// Whether the page's spinner spins (it does only while it shows).
  var isSpinning: Bool { spinner.map { gtk_spinner_get_spinning(gtkObject($0)) != 0 } ?? false }

  /// The description under the title, as plain text.
  private(set) var text = ""

  /// Shows `text` under the title.
  func setText(_ text: String) {
    self.text = text
    adw_status_page_set_description(gtkObject(widget), Self.markup(text))
  }

  /// `text` escaped for the description, which AdwStatusPage reads as Pango
  /// markup: an error quoting "<html>" must show as written.
  private static func markup(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
  }
}
