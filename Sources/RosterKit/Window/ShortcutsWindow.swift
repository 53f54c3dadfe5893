import CGtk
import FoundationEssentials
import GtkKit

/// The keyboard shortcuts window (Ctrl+?): a GtkShortcutsWindow built from
/// the window's list of shortcuts, so it never drifts from what is bound.
///
/// Threading: main-actor only.
@MainActor
enum ShortcutsWindow {
  /// Builds and shows the window, transient for `parent`.
  static func present(parent: Widget, shortcuts: [(title: String, accelerator: String)]) {
    ObjectSlot.withAdopted(gtk_builder_new_from_string(xml(shortcuts), -1)!) { builder in
      guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
      let window = cgtk_window(object)
      gtk_window_set_transient_for(window, cgtk_window(parent))
      gtk_window_set_modal(window, 1)
      gtk_window_present(window)
    }
  }

  /// GtkBuilder XML for `shortcuts` in one section and group.
  static func xml(_ shortcuts: [(title: String, accelerator: String)]) -> String {
    let items = shortcuts.map { shortcut in
      """
      <child><object class="GtkShortcutsShortcut">
        <property name="title">\(escape(shortcut.title))</property>
        <property name="accelerator">\(escape(shortcut.accelerator))</property>
      </object></child>
      """
    }.joined(separator: "\n")
    return """
      <interface>
        <object class="GtkShortcutsWindow" id="shortcuts">
          <child><object class="GtkShortcutsSection">
            <property name="section-name">roster</property>
            <child><object class="GtkShortcutsGroup">
              <property name="title">Roster</property>
              \(items)
            </object></child>
          </object></child>
        </object>
      </interface>
      """
  }

  private static func escape(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
      .replacing(">", with: "&gt;")
  }
}
