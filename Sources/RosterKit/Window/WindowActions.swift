import CGtk
import GtkKit
import SharedSupport

/// The window's actions and their keyboard shortcuts, from ONE table
/// (``table``): each line becomes a `win.<name>` action and a GtkShortcut on
/// the window's global shortcut controller, and the shortcuts window
/// (Ctrl+?) is built from the same lines, so the two cannot drift apart.
///
/// Threading: main-actor only.
@MainActor
final class WindowActions {
  /// Every line, in the order the shortcuts window lists them.
  let table: [WindowAction]
  /// The controller holding the installed shortcuts (the window owns it).
  let shortcutController: OpaquePointer
  private var toggles: [String: OpaquePointer] = [:]

  /// Installs `table` on `window` as the "win" action group and its shortcuts.
  init(window: Widget, table: [WindowAction]) {
    self.table = table
    let group = g_simple_action_group_new()!
    let shortcuts = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_set_scope(gtkObject(shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL)
    shortcutController = gtkObject(shortcuts)
    for action in table {
      let gaction: OpaquePointer
      switch action.kind {
      case .builtIn: continue
      case .action(let handler):
        gaction = g_simple_action_new(action.name, nil)!
        Signals.connect(gobject(gaction), "activate") { _ in handler() }
      case .toggle(let handler):
        gaction = g_simple_action_new_stateful(action.name, nil, g_variant_new_boolean(0))!
        Signals.connect(gobject(gaction), "change-state") { state in
          guard let state else { return }
          handler(g_variant_get_boolean(OpaquePointer(state)) != 0)
        }
        toggles[action.name] = gaction
      }
      g_action_map_add_action(gtkObject(group), gaction)
      g_object_unref(gobject(gaction))
      guard !action.accelerators.isEmpty else { continue }
      gtk_shortcut_controller_add_shortcut(
        shortcutController,
        gtk_shortcut_new(
          gtk_shortcut_trigger_parse_string(action.accelerators),
          gtk_named_action_new("win.\(action.name)")))
    }
    gtk_widget_insert_action_group(window, "win", gtkObject(group))
    g_object_unref(gobject(group))
    gtk_widget_add_controller(window, shortcuts)
  }

  /// Sets a toggle action's state (so a toggle button shows it).
  func setState(_ name: String, _ on: Bool) {
    guard let action = toggles[name] else { return }
    g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
  }

  /// Turns a toggle action (and the buttons bound to it) on or off.
  func setEnabled(_ name: String, _ enabled: Bool) {
    guard let action = toggles[name] else { return }
    g_simple_action_set_enabled(action, enabled ? 1 : 0)
  }

  /// Every line as the shortcuts window lists it.
  var shortcutsWindowEntries: [(title: String, accelerator: String)] {
    table.filter { !$0.accelerators.isEmpty }.map { ($0.title, $0.shortcutsWindowAccelerator) }
  }

  /// Shows the shortcuts window for `parent`.
  func presentShortcutsWindow(parent: Widget) {
    ShortcutsWindow.present(parent: parent, shortcuts: shortcutsWindowEntries)
  }

  /// The window's actions and shortcuts, in the order the shortcuts window lists them.
  static func table(for window: MainWindow) -> [WindowAction] {
    [
      WindowAction(
        name: "refresh", accelerators: "<Control>r|F5", title: tr("Refresh"),
        kind: .action { [weak window] in window?.refresh() }),
      WindowAction(
        name: "grid", accelerators: "<Control>g", title: tr("Switch between list and grid"),
        kind: .toggle { [weak window] on in window?.isGridMode = on }),
      WindowAction(
        name: "table", accelerators: "", title: tr("Switch between list and table"),
        kind: .toggle { [weak window] on in window?.isTableMode = on }),
      WindowAction(
        name: "show-list", accelerators: "<Control>1", title: tr("Show as a list"),
        kind: .action { [weak window] in window?.viewMode = .list }),
      WindowAction(
        name: "show-grid", accelerators: "<Control>2", title: tr("Show as a grid"),
        kind: .action { [weak window] in window?.viewMode = .grid }),
      WindowAction(
        name: "show-table", accelerators: "<Control>3", title: tr("Show as a table"),
        kind: .action { [weak window] in window?.viewMode = .table }),
      WindowAction(
        name: "search", accelerators: "<Control>f", title: tr("Search"),
        kind: .action { [weak window] in window?.startSearch() }),
      WindowAction(
        name: "clear-search", accelerators: "Escape", title: tr("Clear the search"), kind: .builtIn),
      WindowAction(
        name: "move-selection", accelerators: "Up|Down|Page_Up|Page_Down|Home|End",
        title: tr("Move the selection"), kind: .builtIn),
      WindowAction(
        name: "show-person", accelerators: "Return", title: tr("Show the selected person"),
        kind: .builtIn),
      WindowAction(
        name: "toggle-hud", accelerators: "F12", title: tr("Show or hide the frame-time HUD"),
        kind: .action { [weak window] in window?.hud.toggle() }),
      WindowAction(
        name: "show-shortcuts", accelerators: "<Control>question", title: tr("Keyboard shortcuts"),
        kind: .action { [weak window] in
          guard let window else { return }
          window.actions.presentShortcutsWindow(parent: window.window)
        }),
    ]
  }
}
