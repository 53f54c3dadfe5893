import CAdw
import CGtk
import GtkKit

/// libadwaita's windows, which have no title-bar slot: the header bar is the
/// first child of their content, above the body. Setting up libadwaita also
/// loads its stylesheet and starts the style manager, so the dark style
/// follows the system's preference with no code of Roster's.
///
/// Threading: main-actor only, after `gtk_init`.
@MainActor
package enum AdwChrome {
  /// Sets libadwaita up (idempotent; an AdwApplication does it at start-up,
  /// tests and windows without an application call it here).
  package static func setUp() { adw_init() }

  /// An AdwApplicationWindow of `application` (an AdwWindow without one);
  /// give it its header and body with ``setContent(of:header:body:)``.
  static func window(application: UnsafeMutablePointer<GtkApplication>?) -> Widget {
    setUp()
    return application.map { adw_application_window_new($0)! } ?? adw_window_new()!
  }

  /// A header bar with the close button: the chrome of the app's dialogs
  /// and panels. It shows `title`, or the window's title when nil (a title
  /// that follows untrusted text, like a person's name, would widen it).
  static func headerBar(title: String? = nil) -> Widget {
    let bar = adw_header_bar_new()!
    gtk_widget_add_css_class(bar, "flat")
    if let title {
      adw_header_bar_set_title_widget(gtkObject(bar), adw_window_title_new(title, ""))
    }
    return bar
  }

  /// Shows `header` above `body` (which takes the height left) in `window`,
  /// made by ``window(application:)``; the header's renders into a texture
  /// count in `headerRenders` when given.
  static func setContent(
    of window: Widget, header: Widget, body: Widget, headerRenders: TextureRenderCount? = nil
  ) {
    let content = Gtk.box(GTK_ORIENTATION_VERTICAL)
    gtk_widget_set_vexpand(body, 1)
    Gtk.append(content, FlattenedBin.wrapping(header, renders: headerRenders), body)
    if cgtk_is_a(window, adw_application_window_get_type()) != 0 {
      adw_application_window_set_content(cadw_application_window(window), content)
    } else {
      adw_window_set_content(cadw_window(window), content)
    }
  }
}
