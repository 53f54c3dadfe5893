import CGtk
import GtkKit
import SharedSupport

/// The header bar's directory menu: "Connect to a Directory…" (the Connect
/// dialog over the window, ``presentConnectDialog(directory:message:)``),
/// the remembered directories (one click switches; the shown one is
/// ticked) and "Forget" for the shown one. Its actions are the "dir" group
/// on the window.
///
/// Threading: main-actor only.
@MainActor
final class DirectoryMenu {
  let button: Widget
  private let menu: OpaquePointer
  private let forgetAction: OpaquePointer
  let connections: DirectoryConnections
  /// The remembered directories' items as the menu shows them.
  private(set) var itemTitles: [String] = []
  /// The window the menu and its dialog belong to.
  private let window: Widget
  /// The Connect dialog, while it shows.
  private(set) var dialog: ConnectDialog?

  /// A menu on `window` for `connections`.
  init(window: Widget, connections: DirectoryConnections) {
    self.connections = connections
    self.window = window
    let button = gtk_menu_button_new()!
    self.button = button
    gtk_menu_button_set_icon_name(gtkObject(button), "network-server-symbolic")
    gtk_widget_set_tooltip_text(button, tr("Directories"))
    RowAccessibility.setLabel(button, tr("Directories"))
    // The button keeps the menu (and the window the actions) alive.
    menu = ObjectSlot.withAdopted(g_menu_new()!) { menu in
      gtk_menu_button_set_menu_model(gtkObject(button), UnsafeMutablePointer(menu))
      return menu
    }

    let connectAction = g_simple_action_new("connect", nil)!
    var connect: (@MainActor () -> Void)?
    Signals.connect(gobject(connectAction), .actionActivate) { _ in connect?() }
    let idType = g_variant_type_new("s")
    let openAction = g_simple_action_new("open", idType)!
    g_variant_type_free(idType)
    Signals.connect(gobject(openAction), .actionActivate) { [weak connections] parameter in
      guard let parameter, let id = g_variant_get_string(parameter, nil) else {
        return
      }
      connections?.open(String(cString: id))
    }
    forgetAction = g_simple_action_new("forget", nil)!
    Signals.connect(gobject(forgetAction), .actionActivate) { [weak connections] _ in
      guard let connections, let id = connections.currentID else { return }
      connections.forget(id)
    }
    ObjectSlot.withAdopted(g_simple_action_group_new()!) { group in
      for action in [connectAction, openAction, forgetAction] {
        // The group keeps the action (this menu keeps a pointer to "forget").
        ObjectSlot.withAdopted(action) { g_action_map_add_action(gtkObject(group), $0) }
      }
      gtk_widget_insert_action_group(window, "dir", gtkObject(group))
    }
    update()
    connect = { [weak self] in self?.presentConnectDialog() }
  }

  /// Shows the Connect dialog over the window, pre-filled with `directory`
  /// when its secret is needed (`message` says why); one at a time.
  func presentConnectDialog(directory: RememberedDirectory? = nil, message: String? = nil) {
    dialog?.close()
    let dialog = ConnectDialog(
      parent: window, connections: connections, directory: directory, message: message)
    self.dialog = dialog
    Signals.connect(gobject(dialog.window), .destroy) { [weak self, weak dialog] in
      if let self, self.dialog === dialog { self.dialog = nil }
    }
    dialog.present()
  }

  /// Rebuilds the items from the remembered directories.
  func update() {
    g_menu_remove_all(menu)
    g_menu_append(menu, tr("Connect to a Directory…"), "dir.connect")
    itemTitles = connections.remembered.map { directory in
      (directory.id == connections.currentID ? "✓ " : "") + directory.title
    }
    ObjectSlot.withAdopted(g_menu_new()!) { list in
      for (directory, title) in zip(connections.remembered, itemTitles) {
        ObjectSlot.withAdopted(g_menu_item_new(title, nil)!) { item in
          g_menu_item_set_action_and_target_value(
            item, "dir.open", g_variant_new_string(directory.id))
          g_menu_append_item(list, item)
        }
      }
      g_menu_append_section(menu, nil, UnsafeMutablePointer(list))
    }
    ObjectSlot.withAdopted(g_menu_new()!) { forget in
      g_menu_append(forget, tr("Forget This Directory"), "dir.forget")
      g_menu_append_section(menu, nil, UnsafeMutablePointer(forget))
    }
    g_simple_action_set_enabled(forgetAction, connections.currentID == nil ? 0 : 1)
  }
}
