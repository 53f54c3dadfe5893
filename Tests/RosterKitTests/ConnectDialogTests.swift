import CGtk
import Directory
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The Connect dialog in a real window under Xvfb, with a real slapd and
/// real users.json files: fields marked with their reasons, Test Connection
/// in place, nothing remembered before a success, switching and forgetting
/// from the directory menu. (No secrets here: the keyring's part runs in a
/// D-Bus session of its own, ``KeyringTests``.)
final class ConnectDialogTests: ServerTestCase {
  override class func makeServer() throws -> TestServer {
    try TestServer(people: TestPeople.people(count: 40, seed: 11))
  }

  private var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-connect-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// Runs `body` with a window and its Connect dialog (opened from the
  /// menu) set to `kind`, in the test's folder.
  private func withDialog(
    _ kind: RememberedDirectory.Kind,
    _ body: @MainActor (ConnectHarness, ConnectDialog, URL) throws -> Void
  ) throws {
    let folder: URL = folder
    try MainActor.assumeIsolated {
      let harness = try ConnectHarness(folder: folder)
      defer { harness.close() }
      let dialog = try harness.openDialog()
      dialog.kind = kind
      try body(harness, dialog, folder)
    }
  }

  /// A users.json of `count` people in the test's folder; its path.
  static func usersFile(_ count: Int, in folder: URL) throws -> String {
    let users = (0..<count).map { #"{"username": "person\#($0)", "role": "User"}"# }
    let file = folder.appendingPathComponent("users-\(count).json")
    try Data(("[" + users.joined(separator: ",") + "]").utf8).write(to: file)
    return file.path
  }

  func testInvalidFieldsAreMarkedWithTheirReasonAndNothingIsSaved() throws {
    try withDialog(.ldap) { harness, dialog, folder in
      dialog.fields.setText(.location, "http://not-ldap")
      dialog.fields.setText(.baseDN, "people")
      dialog.fields.setText(.bindDN, "cn=admin,dc=example,dc=org")
      harness.run(dialog, connecting: false)
      XCTAssertEqual(
        dialog.fields.problem(.location), "Enter a host name, or an ldap:// or ldaps:// URL")
      XCTAssertEqual(
        dialog.fields.problem(.baseDN), "A DN names attributes, like ou=people,dc=example,dc=org")
      XCTAssertEqual(dialog.fields.problem(.secret), "Enter the password")
      XCTAssertNil(dialog.fields.problem(.bindDN))
      XCTAssertEqual(dialog.statusText, "Correct the marked fields")
      XCTAssertEqual(harness.settingsText, "", "something was saved before a success")
      try Self.shoot(dialog, "connect-invalid.png")

      dialog.kind = .jsonFile
      dialog.fields.setText(.location, folder.appendingPathComponent("missing.json").path)
      harness.run(dialog, connecting: true)
      XCTAssertEqual(dialog.fields.problem(.location), "No readable file at this path")
      XCTAssertEqual(harness.opened, 0)
    }
  }

  func testTestConnectionShowsTheCountInPlaceAndRemembersTheFile() throws {
    try withDialog(.jsonFile) { harness, dialog, folder in
      let path = try Self.usersFile(7, in: folder)
      dialog.fields.setText(.location, path)
      harness.run(dialog, connecting: false)
      XCTAssertEqual(dialog.statusText, "Connected: 7 people")
      XCTAssertEqual(harness.connections.remembered.map(\.location), [path])
      XCTAssertTrue(harness.settingsText.contains("users-7.json"), harness.settingsText)
      XCTAssertEqual(harness.opened, 0, "a test does not switch")
      try Self.shoot(dialog, "connect-json-file.png")
    }
  }

  func testAFailedTestShowsTheErrorInPlaceAndSavesNothing() throws {
    try withDialog(.jsonURL) { harness, dialog, _ in
      let port = try RefusingPort()
      dialog.fields.setText(.location, "http://127.0.0.1:\(port.port)/users.json")
      harness.run(dialog, connecting: true)
      XCTAssertEqual(dialog.statusText, "Network error: the server refused the connection")
      XCTAssertTrue(gtk_widget_has_css_class(dialog.status, "error") != 0)
      XCTAssertEqual(harness.settingsText, "")
      XCTAssertEqual(harness.opened, 0)
      try Self.shoot(dialog, "connect-error.png")
    }
  }

  func testConnectToLDAPAndJSONThenSwitchAndForget() throws {
    let folder: URL = folder
    try MainActor.assumeIsolated {
      let server = try Self.server()
      let harness = try ConnectHarness(folder: folder)
      defer { harness.close() }
      // LDAP, its server URL typed on the keyboard.
      var dialog = try harness.openDialog()
      dialog.kind = .ldap
      try XInput.type(server.server.url, into: dialog.fields.entries[.location]!, of: dialog.window)
      XCTAssertEqual(dialog.fields.text(.location), server.server.url)
      dialog.fields.setText(.baseDN, "ou=people,\(TestServer.suffix)")
      try XInput.type(
        "(objectClass=inetOrgPerson)", into: dialog.fields.entries[.filter]!, of: dialog.window)
      try Self.shoot(dialog, "connect-ldap.png")
      // Return in a field connects.
      try XInput.key(["Return"])
      XCTAssertTrue(
        MainContext.run(until: { harness.opened == 1 }, timeout: .seconds(20)), dialog.statusText)
      harness.waitForRows()
      XCTAssertNotNil(harness.window.server)
      // The 40 people and the two entries every test server holds.
      XCTAssertEqual(harness.window.subtitle, "42 people · 127.0.0.1")
      let ldap = try XCTUnwrap(harness.connections.remembered.first)

      // A JSON file next.
      dialog = try harness.openDialog()
      dialog.kind = .jsonFile
      dialog.fields.setText(.location, try Self.usersFile(5, in: folder))
      harness.run(dialog, connecting: true)
      XCTAssertEqual(harness.opened, 2)
      harness.waitForRows()
      XCTAssertEqual(harness.window.subtitle, "5 people")
      // The window shows what Connect read: the file is not read twice.
      guard case .loaded(let read) = harness.lastOpened else {
        return XCTFail(
          "Connect did not hand over what it read: \(String(describing: harness.lastOpened))")
      }
      XCTAssertTrue(harness.window.contents?.viewModels === read.viewModels)
      let json = try XCTUnwrap(harness.connections.remembered.first)
      XCTAssertEqual(harness.connections.currentID, json.id)

      // The menu lists both, the shown one ticked.
      let menu = try XCTUnwrap(harness.window.directoryMenu)
      XCTAssertEqual(
        menu.itemTitles, ["✓ JSON file · users-5.json", "LDAP · \(server.server.url)"])
      gtk_menu_button_popup(gtkObject(menu.button))
      let popover = try XCTUnwrap(gtk_menu_button_get_popover(gtkObject(menu.button)))
      let popoverWidget = gobject(popover).assumingMemoryBound(to: GtkWidget.self)
      WindowTestSupport.waitForFrames(of: popoverWidget)
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/connect-menu.png").standardizedFileURL
        .path
      try Screenshot.save(popoverWidget, to: path)
      gtk_menu_button_popdown(gtkObject(menu.button))

      // One click back to LDAP; it is the last one, which opens at start.
      harness.pick(ldap.id)
      XCTAssertEqual(harness.opened, 3)
      harness.waitForRows()
      XCTAssertNotNil(harness.window.server)
      XCTAssertEqual(DirectoryConnections(settingsFile: harness.settingsFile).last?.id, ldap.id)

      // Forget the shown one: gone from the menu and the file.
      gtk_widget_activate_action_variant(harness.window.window, "dir.forget", nil)
      XCTAssertEqual(harness.connections.remembered.map(\.id), [json.id])
      XCTAssertFalse(harness.settingsText.contains(server.server.url), harness.settingsText)
      XCTAssertNil(DirectoryConnections(settingsFile: harness.settingsFile).last)
    }
  }

  func testTheOfflineCopySwitchIsLDAPsAndRemembered() throws {
    let folder: URL = folder
    try MainActor.assumeIsolated {
      let server = try Self.server()
      let harness = try ConnectHarness(folder: folder)
      defer { harness.close() }
      let dialog = try harness.openDialog()
      dialog.kind = .jsonFile
      XCTAssertEqual(gtk_widget_get_visible(dialog.fields.offlineCopySwitch), 0)
      dialog.kind = .ldap
      XCTAssertEqual(gtk_widget_get_visible(dialog.fields.offlineCopySwitch), 1)
      XCTAssertTrue(dialog.fields.keepsOfflineCopy, "a copy is kept unless switched off")
      dialog.fields.setText(.location, server.server.url)
      dialog.fields.setText(.baseDN, "ou=people,\(TestServer.suffix)")
      dialog.fields.keepsOfflineCopy = false
      harness.run(dialog, connecting: true)
      XCTAssertEqual(harness.opened, 1, dialog.statusText)
      let remembered = try XCTUnwrap(harness.connections.remembered.first)
      XCTAssertEqual(remembered.offlineCopy, false)
      XCTAssertFalse(remembered.keepsOfflineCopy)
      let reread = try XCTUnwrap(
        DirectoryConnections(settingsFile: harness.settingsFile).remembered.first)
      XCTAssertFalse(reread.keepsOfflineCopy, harness.settingsText)

      harness.window.presentConnectDialog(directory: remembered, message: "")
      let editing = try XCTUnwrap(harness.window.connectDialog)
      XCTAssertFalse(editing.fields.keepsOfflineCopy, "the dialog shows the choice made")
    }
  }

  func testSCIMOpensThroughServerOptionsWithTheTokenAsItsSecret() throws {
    guard ServerOptions.isServerURL("scim+http://x") else {
      throw XCTSkip(
        "this build's ServerOptions does not read scim+http:// URLs yet (the SCIM source adds them)"
      )
    }
    var directory = RememberedDirectory(kind: .scim, location: "scim+http://127.0.0.1:9/scim/v2")
    directory.bindDN = ""
    XCTAssertNoThrow(try OpenedDirectory(directory, secret: Secret("token")))
  }

  func testTheSCIMKindAsksForABaseURLAndAToken() throws {
    try withDialog(.scim) { harness, dialog, _ in
      dialog.fields.setText(.location, "https://example.org/scim/v2")
      harness.run(dialog, connecting: false)
      XCTAssertEqual(
        dialog.fields.problem(.location),
        "Enter a scim+https:// (or scim+http:// on this machine) URL")
      XCTAssertEqual(dialog.fields.problem(.secret), "Enter the bearer token")
      dialog.fields.setText(.location, "scim+https://example.org/scim/v2")
      dialog.fields.mark([:])
      dialog.kind = .jsonURL
      dialog.kind = .scim
      try Self.shoot(dialog, "connect-scim.png")
      dialog.kind = .jsonURL
      dialog.fields.setText(.location, "https://example.org/users.json")
      try Self.shoot(dialog, "connect-json-url.png")
    }
  }

  /// Saves a picture of the dialog, once laid out, under .build/screenshots
  /// (copied into docs/screenshots by hand).
  @MainActor static func shoot(_ dialog: ConnectDialog, _ name: String) throws {
    WindowTestSupport.waitUntilStill(toplevel: dialog.window)
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../.build/screenshots/\(name)").standardizedFileURL.path
    try Screenshot.save(dialog.window, to: path)
  }
}
