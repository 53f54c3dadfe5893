import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// The app's way of switching directories, for window tests: remembered
/// directories in a settings file of the test's own, and a real window
/// replaced by a new one on every switch (as ``RosterApplication`` does).
///
/// Threading: main-actor only.
@MainActor
final class ConnectHarness {
  let folder: URL
  let settingsFile: URL
  let connections: DirectoryConnections
  private(set) var window: MainWindow
  /// How many windows the switches made.
  private(set) var opened = 0
  /// What the last switch opened.
  private(set) var lastOpened: OpenedDirectory?

  /// A window on a small users.json of `names`, and no remembered directories.
  init(folder: URL) throws {
    try WindowTestSupport.setUp()
    self.folder = folder
    settingsFile = folder.appendingPathComponent("config/roster/settings.json")
    connections = DirectoryConnections(settingsFile: settingsFile)
    window = MainWindow(application: nil, content: .source(RosterApplication.resolveSource(nil)))
    window.installDirectoryMenu(connections)
    window.present()
    connections.onOpen = { [weak self] opened, _ in self?.show(opened) }
    connections.onNeedsSecret = { [weak self] directory, message in
      self?.window.presentConnectDialog(directory: directory, message: message)
    }
  }

  private func show(_ opened: OpenedDirectory) {
    let next =
      switch opened {
      case .source(let source): MainWindow(application: nil, content: .source(.success(source)))
      case .loaded(let contents): MainWindow(application: nil, content: .loaded(contents))
      case .server(let directory): MainWindow(application: nil, content: .server(directory))
      }
    next.installDirectoryMenu(connections)
    next.present()
    window.close()
    window = next
    self.opened += 1
    lastOpened = opened
    next.refresh()
  }

  /// Opens the Connect dialog from the directory menu's action.
  func openDialog() throws -> ConnectDialog {
    gtk_widget_activate_action_variant(window.window, "dir.connect", nil)
    return try XCTUnwrap(window.connectDialog, "the menu did not open the dialog")
  }

  /// Picks the remembered directory `id` from the menu (one click).
  func pick(_ id: String) {
    gtk_widget_activate_action_variant(window.window, "dir.open", g_variant_new_string(id))
  }

  /// Waits until the shown window has its rows (or its server's count).
  func waitForRows(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(
      MainContext.run(
        until: { !self.window.isLoading && self.window.state == .list }, timeout: .seconds(20)),
      "the directory did not show (\(window.state))", file: file, line: line)
  }

  /// Runs Test Connection or Connect (as their buttons do) and waits for it
  /// to finish: the dialog says what came of it, remembers the directory and
  /// hands it over in the step that ends its busy state.
  func run(
    _ dialog: ConnectDialog, connecting: Bool, file: StaticString = #filePath, line: UInt = #line
  ) {
    dialog.run(connecting: connecting)
    XCTAssertTrue(
      MainContext.run(until: { !dialog.isBusy }, timeout: .seconds(20)),
      "the dialog's \(connecting ? "connect" : "test") did not finish", file: file, line: line)
  }

  /// The settings file's text ("" when none was written).
  var settingsText: String {
    (try? String(contentsOf: settingsFile, encoding: .utf8)) ?? ""
  }

  func close() {
    window.connectDialog?.close()
    window.close()
  }
}
