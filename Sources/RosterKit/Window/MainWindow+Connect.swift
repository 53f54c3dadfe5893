import GtkKit

/// The window's side of remembered directories: the header bar's directory
/// menu, which opens the Connect dialog over the window.
extension MainWindow {
  /// Puts the directory menu of `connections` in the header bar.
  public func installDirectoryMenu(_ connections: DirectoryConnections) {
    let menu = DirectoryMenu(window: window, connections: connections)
    header.packEnd(menu.button)
    directoryMenu = menu
    connections.onChange = { [weak menu] in menu?.update() }
  }

  /// Shows the Connect dialog, pre-filled with `directory` when its secret
  /// is needed (`message` says why).
  public func presentConnectDialog(
    directory: RememberedDirectory? = nil, message: String? = nil
  ) {
    directoryMenu?.presentConnectDialog(directory: directory, message: message)
  }

  /// The Connect dialog, while it shows.
  var connectDialog: ConnectDialog? { directoryMenu?.dialog }
}
