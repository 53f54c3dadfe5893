import CGtk
import GtkKit

/// Loads Resources/roster.css for the whole display.
///
/// Threading: main-actor only, after GTK is initialized.
@MainActor
public enum Stylesheet {
  private static var installed = false

  /// Installs the stylesheet once (a missing file leaves GTK's defaults).
  public static func install() {
    guard !installed, let display = gdk_display_get_default(),
      let url = ResourceLocator.resource("roster.css")
    else { return }
    installed = true
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_path(provider, url.path)
    gtk_style_context_add_provider_for_display(
      display, gtkObject(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
