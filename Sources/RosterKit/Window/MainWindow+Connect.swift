import CGtk
import GtkKit

/// The window's side of remembered directories: the header bar's directory
/// menu and the Connect dialog over the window.
extension MainWindow {
  /// Puts the directory menu of `connections` in the header bar.
  public func installDirectoryMenu(_ connections: DirectoryConnections) {
    let menu = DirectoryMenu(window: window, connections: connections) { [weak self] in
      self?.presentConnectDialog()
    }
    header.packEnd(menu.button)
    directoryMenu = menu
    connections.onChange = { [weak menu] in menu?.update() }
  }

  /// Shows the Connect dialog, pre-filled with `directory` when its secret
  /// is needed (`message` says why).
  public func presentConnectDialog(
    directory: RememberedDirectory? = nil, message: String? = nil
  ) {
    guard let connections = directoryMenu?.connections else { return }
    connectDialog?.close()
    let dialog = ConnectDialog(
      parent: window, connections: connections, directory: directory, message: message)
    connectDialog = dialog
    Signals.connect(gobject(dialog.window), .destroy) { [weak self, weak dialog] in
      if let self, self.connectDialog === dialog { self.connectDialog = nil }
    }
    dialog.present()
  }
}
