import CGtk
import GtkKit
import SharedSupport

/// The window's actions and their keyboard shortcuts, from ONE table
/// (``table``): each line becomes a ``WindowAction`` in the "win" group and a GtkShortcut on
/// the window's global shortcut controller, and the shortcuts window
/// (Ctrl+?) is built from the same lines, so the two cannot drift apart.
///
/// Threading: main-actor only.
@MainActor
final class WindowActions {
  /// Every line, in the order the shortcuts window lists them.
  let table: [WindowShortcut]
  /// The controller holding the installed shortcuts (the window owns it).
  let shortcutController: OpaquePointer
  private var toggles: [WindowAction: OpaquePointer] = [:]

  /// Installs `table` on `window` as the "win" action group and its shortcuts.
  init(window: Widget, table: [WindowShortcut]) {
    self.table = table
    let shortcuts = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_set_scope(gtkObject(shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL)
    shortcutController = gtkObject(shortcuts)
    ObjectSlot.withAdopted(g_simple_action_group_new()!) { group in
      for line in table {
        guard let action = makeAction(line) else { continue }
        // The group keeps the action (toggles keep a pointer to it).
        ObjectSlot.withAdopted(action) { g_action_map_add_action(gtkObject(group), $0) }
        // "" installs no shortcut (an action only a button triggers).
        guard !line.accelerators.isEmpty else { continue }
        gtk_shortcut_controller_add_shortcut(
          shortcutController,
          gtk_shortcut_new(
            gtk_shortcut_trigger_parse_string(line.accelerators),
            gtk_named_action_new(line.action.detailedName)))
      }
      gtk_widget_insert_action_group(window, "win", gtkObject(group))
    }
    gtk_widget_add_controller(window, shortcuts)
  }

  /// A new GSimpleAction for `line` (the caller's reference), nil for a built-in line.
  private func makeAction(_ line: WindowShortcut) -> OpaquePointer? {
    switch line.kind {
    case .builtIn:
      return nil
    case .action(let handler):
      let action = g_simple_action_new(line.action.name, nil)!
      Signals.connect(gobject(action), .actionActivate) { _ in handler() }
      return action
    case .toggle(let handler):
      let action = g_simple_action_new_stateful(line.action.name, nil, g_variant_new_boolean(0))!
      Signals.connect(gobject(action), .changeState) { state in
        guard let state else { return }
        handler(g_variant_get_boolean(state) != 0)
      }
      toggles[line.action] = action
      return action
    }
  }

  /// Sets a toggle action's state (so a toggle button shows it).
  func setState(_ toggle: WindowAction, _ on: Bool) {
    guard let action = toggles[toggle] else { return }
    g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
  }

  /// Whether a toggle action is on (false for one the table has not).
  func isOn(_ toggle: WindowAction) -> Bool {
    guard let action = toggles[toggle], let state = g_action_get_state(gtkObject(action)) else {
      return false
    }
    defer { g_variant_unref(state) }
    return g_variant_get_boolean(state) != 0
  }

  /// Turns a toggle action (and the buttons bound to it) on or off.
  func setEnabled(_ toggle: WindowAction, _ enabled: Bool) {
    guard let action = toggles[toggle] else { return }
    g_simple_action_set_enabled(action, enabled ? 1 : 0)
  }

  /// Whether a toggle action (and the buttons bound to it) is on.
  func isEnabled(_ toggle: WindowAction) -> Bool {
    toggles[toggle].map { g_action_get_enabled($0) != 0 } ?? false
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
  static func table(for window: MainWindow) -> [WindowShortcut] {
    [
      WindowShortcut(
        action: .refresh, accelerators: "<Control>r|F5", title: tr("Refresh"),
        kind: .action { [weak window] in window?.refresh() }),
      WindowShortcut(
        action: .grid, accelerators: "<Control>g", title: tr("Switch between list and grid"),
        kind: .toggle { [weak window] on in window?.isGridMode = on }),
      WindowShortcut(
        action: .table, accelerators: "", title: tr("Switch between list and table"),
        kind: .toggle { [weak window] on in window?.isTableMode = on }),
      WindowShortcut(
        action: .showList, accelerators: "<Control>1", title: tr("Show as a list"),
        kind: .action { [weak window] in window?.viewMode = .list }),
      WindowShortcut(
        action: .showGrid, accelerators: "<Control>2", title: tr("Show as a grid"),
        kind: .action { [weak window] in window?.viewMode = .grid }),
      WindowShortcut(
        action: .showTable, accelerators: "<Control>3", title: tr("Show as a table"),
        kind: .action { [weak window] in window?.viewMode = .table }),
      WindowShortcut(
        action: .tree, accelerators: "", title: tr("Switch between list and org tree"),
        kind: .toggle { [weak window] on in window?.isTreeMode = on }),
      WindowShortcut(
        action: .showTree, accelerators: "<Control>4", title: tr("Show the org tree"),
        kind: .action { [weak window] in window?.viewMode = .tree }),
      WindowShortcut(
        action: .search, accelerators: "<Control>f", title: tr("Search"),
        kind: .action { [weak window] in window?.startSearch() }),
      WindowShortcut(
        action: .copy, accelerators: "<Control>c", title: tr("Copy the selected people"),
        kind: .action { [weak window] in window?.contacts.copySelection() }),
      WindowShortcut(
        action: .email, accelerators: "<Shift><Control>m",
        title: tr("Send an email to the selected people"),
        kind: .action { [weak window] in window?.contacts.emailSelection() }),
      WindowShortcut(
        action: .copyAddresses, accelerators: "", title: tr("Copy the addresses"),
        kind: .action { [weak window] in window?.contacts.copyPendingAddresses() }),
      WindowShortcut(
        action: .call, accelerators: "", title: tr("Call"),
        kind: .action { [weak window] in window?.contacts.contact(.call) }),
      WindowShortcut(
        action: .copyEmail, accelerators: "", title: tr("Copy Email"),
        kind: .action { [weak window] in window?.contacts.contact(.copyEmail) }),
      WindowShortcut(
        action: .copyUsername, accelerators: "", title: tr("Copy Username"),
        kind: .action { [weak window] in window?.contacts.contact(.copyUsername) }),
      WindowShortcut(
        action: .addToGroup, accelerators: "", title: tr("Add to Group…"),
        kind: .action { [weak window] in window?.contacts.membership.addSelected() }),
      WindowShortcut(
        action: .removeFromGroup, accelerators: "", title: tr("Remove from Group"),
        kind: .action { [weak window] in window?.contacts.membership.removeSelected() }),
      WindowShortcut(
        action: .contextMenu, accelerators: "Menu|<Shift>F10",
        title: tr("Open the menu of the selected people"),
        kind: .action { [weak window] in window?.page.views.showContextMenu() }),
      WindowShortcut(
        action: .selectAll, accelerators: "<Control>a", title: tr("Select everyone shown"),
        kind: .builtIn),
      WindowShortcut(
        action: .extendSelection, accelerators: "<Shift>Up|<Shift>Down",
        title: tr("Select a range (also Shift+click; Ctrl+click adds one)"), kind: .builtIn),
      WindowShortcut(
        action: .export, accelerators: "<Control>e", title: tr("Export the people shown"),
        kind: .action { [weak window] in window?.exporter.chooseFile() }),
      WindowShortcut(
        action: .checkData, accelerators: "", title: tr("Check the directory’s data"),
        kind: .action { [weak window] in window?.checkData() }),
      WindowShortcut(
        action: .exportOrgChart, accelerators: "", title: tr("Export the org chart"),
        kind: .action { [weak window] in window?.exportOrgChart() }),
      WindowShortcut(
        action: .printOrgChart, accelerators: "", title: tr("Print the org chart"),
        kind: .action { [weak window] in window?.printOrgChart() }),
      WindowShortcut(
        action: .changes, accelerators: "", title: tr("Show who joined, left or moved"),
        kind: .action { [weak window] in window?.showChanges() }),
      WindowShortcut(
        action: .myDetails, accelerators: "", title: tr("Show your own details"),
        kind: .action { [weak window] in window?.showMyDetails() }),
      WindowShortcut(
        action: .filter, accelerators: "<Shift><Control>f",
        title: tr("Show or hide the filter bar"),
        kind: .toggle { [weak window] on in window?.isFilterBarOpen = on }),
      WindowShortcut(
        action: .showDisabled, accelerators: "", title: tr("Show or hide disabled accounts"),
        kind: .toggle { [weak window] on in window?.showsDisabledAccounts = on }),
      WindowShortcut(
        action: .sidebar, accelerators: "F9", title: tr("Show or hide the groups"),
        kind: .toggle { [weak window] on in window?.isSidebarOpen = on }),
      WindowShortcut(
        action: .back, accelerators: "<Alt>Left", title: tr("Back"),
        kind: .action { [weak window] in window?.goBack() }),
      WindowShortcut(
        action: .forward, accelerators: "<Alt>Right", title: tr("Forward"),
        kind: .action { [weak window] in window?.goForward() }),
      WindowShortcut(
        action: .clearSearch, accelerators: "Escape", title: tr("Clear the search"), kind: .builtIn),
      WindowShortcut(
        action: .moveSelection, accelerators: "Up|Down|Page_Up|Page_Down|Home|End",
        title: tr("Move the selection"), kind: .builtIn),
      WindowShortcut(
        action: .showPerson, accelerators: "Return", title: tr("Show the selected person"),
        kind: .builtIn),
      WindowShortcut(
        action: .toggleHUD, accelerators: "F12", title: tr("Show or hide the frame-time HUD"),
        kind: .action { [weak window] in window?.hud.toggle() }),
      WindowShortcut(
        action: .showShortcuts, accelerators: "<Control>question", title: tr("Keyboard shortcuts"),
        kind: .action { [weak window] in
          guard let window else { return }
          window.actions.presentShortcutsWindow(parent: window.window)
        }),
    ]
  }
}
