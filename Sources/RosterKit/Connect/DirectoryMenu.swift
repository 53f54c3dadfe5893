import CGtk
import GtkKit
import SharedSupport

/// The header bar's directory menu: "Connect to a Directory…", the
/// remembered directories (one click switches; the shown one is ticked) and
/// "Forget" for the shown one. Its actions are the "dir" group on the window.
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

  /// A menu on `window` for `connections`; `connect` opens the dialog.
  init(window: Widget, connections: DirectoryConnections, connect: @escaping @MainActor () -> Void)
  {
    self.connections = connections
    button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(gtkObject(button), "network-server-symbolic")
    gtk_widget_set_tooltip_text(button, tr("Directories"))
    RowAccessibility.setLabel(gobject(button), tr("Directories"))
    menu = g_menu_new()!
    gtk_menu_button_set_menu_model(gtkObject(button), UnsafeMutablePointer(menu))
    // The button keeps the menu (and the window the actions) alive.
    g_object_unref(gobject(menu))

    let group = g_simple_action_group_new()!
    let connectAction = g_simple_action_new("connect", nil)!
    Signals.connect(gobject(connectAction), "activate") { _ in connect() }
    let idType = g_variant_type_new("s")
    let openAction = g_simple_action_new("open", idType)!
    g_variant_type_free(idType)
    Signals.connect(gobject(openAction), "activate") { [weak connections] parameter in
      guard let parameter, let id = g_variant_get_string(OpaquePointer(parameter), nil) else {
        return
      }
      connections?.open(String(cString: id))
    }
    forgetAction = g_simple_action_new("forget", nil)!
    Signals.connect(gobject(forgetAction), "activate") { [weak connections] _ in
      guard let connections, let id = connections.currentID else { return }
      connections.forget(id)
    }
    for action in [connectAction, openAction, forgetAction] {
      g_action_map_add_action(gtkObject(group), action)
      g_object_unref(gobject(action))
    }
    gtk_widget_insert_action_group(window, "dir", gtkObject(group))
    g_object_unref(gobject(group))
    update()
  }

  /// Rebuilds the items from the remembered directories.
  func update() {
    g_menu_remove_all(menu)
    g_menu_append(menu, tr("Connect to a Directory…"), "dir.connect")
    let list = g_menu_new()!
    itemTitles = connections.remembered.map { directory in
      (directory.id == connections.currentID ? "✓ " : "") + directory.title
    }
    for (directory, title) in zip(connections.remembered, itemTitles) {
      let item = g_menu_item_new(title, nil)!
      g_menu_item_set_action_and_target_value(item, "dir.open", g_variant_new_string(directory.id))
      g_menu_append_item(list, item)
      g_object_unref(gobject(item))
    }
    g_menu_append_section(menu, nil, UnsafeMutablePointer(list))
    g_object_unref(gobject(list))
    let forget = g_menu_new()!
    g_menu_append(forget, tr("Forget This Directory"), "dir.forget")
    g_menu_append_section(menu, nil, UnsafeMutablePointer(forget))
    g_object_unref(gobject(forget))
    g_simple_action_set_enabled(forgetAction, connections.currentID == nil ? 0 : 1)
  }
}
