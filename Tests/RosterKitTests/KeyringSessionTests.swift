import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The Connect dialog's secrets, run by ``KeyringTests`` in a child process
/// of its own: with a real GNOME Keyring in a private D-Bus session, or with
/// no Secret Service at all. Skipped in an ordinary test run, where the
/// session's keyring (if any) is the user's own.
final class KeyringSessionTests: XCTestCase {
  /// The bind password (the test slapd's administrator's).
  static let secret = TestServer.password
  /// A wrong password tried first; it must not show anywhere either.
  static let wrongSecret = "wrong-bind-secret-4711"

  /// The folder the parent test greps afterwards, when run by it as `mode`.
  private func folder(for mode: String) throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    guard environment[KeyringTests.modeVariable] == mode,
      let path = environment[KeyringTests.folderVariable]
    else { throw XCTSkip("run by KeyringTests in a D-Bus session of its own") }
    return URL(fileURLWithPath: path)
  }

  /// Runs `body` with a window, a slapd of 10 people (12 entries) and the
  /// parent's folder, when the parent runs this class as `mode`.
  private func session(
    _ mode: String, _ body: @MainActor (ConnectHarness, TestServer, URL) throws -> Void
  ) throws {
    let folder = try folder(for: mode)
    let server = try TestServer(people: TestPeople.people(count: 10, seed: 5))
    defer { server.shutDown() }
    try MainActor.assumeIsolated {
      let harness = try ConnectHarness(folder: folder)
      defer { harness.close() }
      try body(harness, server, folder)
    }
  }

  func testTheSecretGoesToTheKeyringAndIsLookedUpWhenConnecting() throws {
    try session("keyring") { harness, server, folder in
      var dialog = try Self.fillLDAP(harness, server, password: Self.wrongSecret)
      harness.run(dialog, connecting: true)
      print("error shown: \(dialog.statusText)")
      XCTAssertEqual(harness.opened, 0)
      XCTAssertTrue(harness.connections.remembered.isEmpty, "remembered after a failure")

      dialog.fields.setText(.secret, Self.secret)
      harness.run(dialog, connecting: true)
      XCTAssertEqual(harness.opened, 1, dialog.statusText)
      harness.waitForRows()
      let ldap = try XCTUnwrap(harness.connections.remembered.first)
      XCTAssertEqual(Self.lookup(ldap.id, in: harness), Secret(Self.secret))
      Self.printWhatTheUserSees(harness)

      // Away to a JSON file and back: the password comes from the keyring.
      dialog = try harness.openDialog()
      dialog.kind = .jsonFile
      dialog.fields.setText(.location, try ConnectDialogTests.usersFile(3, in: folder))
      harness.run(dialog, connecting: true)
      harness.waitForRows()
      harness.pick(ldap.id)
      XCTAssertTrue(MainContext.run(until: { harness.opened == 3 }, timeout: .seconds(20)))
      harness.waitForRows()
      XCTAssertEqual(harness.window.subtitle, "12 people · 127.0.0.1")

      var forgotten = false
      let forgetting = harness.connections.forget(ldap.id)
      Task { @MainActor in
        await forgetting.value
        forgotten = true
      }
      XCTAssertTrue(MainContext.run(until: { forgotten }, timeout: .seconds(20)))
      XCTAssertNil(Self.lookup(ldap.id, in: harness), "still in the keyring after Forget")
    }
  }

  func testWithoutASecretServiceTheSecretServesThisSessionOnly() throws {
    try session("none") { harness, server, folder in
      let dialog = try Self.fillLDAP(harness, server, password: Self.secret)
      harness.run(dialog, connecting: true)
      XCTAssertEqual(harness.opened, 0, "opened before the user chose")
      XCTAssertTrue(
        dialog.statusText.hasPrefix(
          "Connected to OpenLDAP: 12 people. No keyring (Secret Service) is available"),
        dialog.statusText)
      XCTAssertTrue(gtk_widget_get_visible(dialog.sessionButton) != 0)
      try ConnectDialogTests.shoot(dialog, "connect-no-keyring.png")
      gtk_widget_activate(dialog.sessionButton)
      XCTAssertTrue(MainContext.run(until: { harness.opened == 1 }, timeout: .seconds(20)))
      harness.waitForRows()
      let ldap = try XCTUnwrap(harness.connections.remembered.first)
      Self.printWhatTheUserSees(harness)

      // Back and forth within the session: the secret is still at hand.
      let json = try harness.openDialog()
      json.kind = .jsonFile
      json.fields.setText(.location, try ConnectDialogTests.usersFile(3, in: folder))
      harness.run(json, connecting: true)
      harness.waitForRows()
      harness.pick(ldap.id)
      XCTAssertEqual(harness.opened, 3)
      harness.waitForRows()
      XCTAssertEqual(harness.window.subtitle, "12 people · 127.0.0.1")

      // A new session has no secret: the dialog asks, saying why.
      let next = DirectoryConnections(settingsFile: harness.settingsFile)
      var asked: String?
      next.onNeedsSecret = { _, message in asked = message }
      next.open(ldap.id)
      XCTAssertTrue(MainContext.run(until: { asked != nil }, timeout: .seconds(20)))
      XCTAssertTrue(asked?.hasPrefix("No keyring (Secret Service) is available") ?? false)
    }
  }

  /// The dialog from the menu, filled for the test slapd with `password`.
  @MainActor private static func fillLDAP(
    _ harness: ConnectHarness, _ server: TestServer, password: String
  ) throws -> ConnectDialog {
    let dialog = try harness.openDialog()
    dialog.kind = .ldap
    dialog.fields.setText(.location, server.server.url)
    dialog.fields.setText(.baseDN, "ou=people,\(TestServer.suffix)")
    dialog.fields.setText(.filter, "(objectClass=inetOrgPerson)")
    dialog.fields.setText(.bindDN, server.rootDN)
    // Set, not typed: xdotool would carry the password on its command line.
    dialog.fields.setText(.secret, password)
    return dialog
  }

  /// The keyring's secret for `id`, read as the app reads it.
  @MainActor private static func lookup(_ id: String, in harness: ConnectHarness) -> Secret? {
    var result: Result<Secret?, SecretStore.Unavailable>?
    Task { @MainActor in
      do throws(SecretStore.Unavailable) {
        result = .success(try await harness.connections.keyring.lookup(id))
      } catch {
        result = .failure(error)
      }
    }
    MainContext.run(until: { result != nil }, timeout: .seconds(20))
    switch result {
    case .success(let secret): return secret
    case .failure(let error):
      XCTFail("\(error)")
      return nil
    case nil:
      XCTFail("the keyring did not answer")
      return nil
    }
  }

  /// Prints what a user or a log could see: the parent greps it for secrets.
  @MainActor private static func printWhatTheUserSees(_ harness: ConnectHarness) {
    let title = gtk_window_get_title(cgtk_window(harness.window.window)).map { String(cString: $0) }
    print("window title: \(title ?? "")")
    print("subtitle: \(harness.window.subtitle)")
    if let directory = harness.window.server?.directory as? LDAPDirectory {
      print("Directory server statistics:\n\(directory.statistics)")
    }
    print("remembered: \(harness.connections.remembered)")
  }
}
