import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// Signing in from the Connect dialog without a password: Kerberos against
/// a real KDC and slapd (the ticket from kinit, found by the Kerberos
/// libraries through KRB5_CONFIG and KRB5CCNAME, set for this process while
/// the class runs), and the rows a client certificate needs.
final class ConnectSignInTests: XCTestCase {
  nonisolated(unsafe) private static var realm: TestKerberosServer?
  private static let people =
    [LDIFPerson(uid: "ada", cn: "Ada Lovelace", sn: "Lovelace")]
    + TestPeople.people(count: 24, seed: 3)

  override class func setUp() {
    super.setUp()
    do {
      let realm = try TestKerberosServer(people: people, users: ["ada"])
      self.realm = realm
      for (name, value) in realm.kdc.environment(cache: try realm.ticket("ada")) {
        setenv(name, value, 1)
      }
    } catch {
      XCTFail("could not start the KDC and slapd: \(error)")
    }
  }

  override class func tearDown() {
    unsetenv("KRB5_CONFIG")
    unsetenv("KRB5CCNAME")
    realm?.shutDown()
    realm = nil
    super.tearDown()
  }

  private func withDialog(_ body: @MainActor (ConnectHarness, ConnectDialog) throws -> Void)
    throws
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-connect-sign-in-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try MainActor.assumeIsolated {
      let harness = try ConnectHarness(folder: folder)
      defer { harness.close() }
      let dialog = try harness.openDialog()
      dialog.kind = .ldap
      try body(harness, dialog)
    }
  }

  /// Whether `field`'s entry shows.
  @MainActor private static func shows(_ dialog: ConnectDialog, _ field: RememberedDirectory.Field)
    -> Bool
  {
    gtk_widget_get_visible(dialog.fields.entries[field]!) != 0
  }

  func testKerberosConnectsWithTheTicketAndRemembersTheWayNotASecret() throws {
    let realm = try XCTUnwrap(Self.realm)
    try withDialog { harness, dialog in
      dialog.fields.signIn = LDAPSignIn.kerberos.rawValue
      XCTAssertFalse(Self.shows(dialog, .bindDN))
      XCTAssertFalse(Self.shows(dialog, .secret))
      XCTAssertFalse(Self.shows(dialog, .certificate))
      dialog.fields.setText(.location, "ldap://localhost:\(realm.server.server.port)")
      dialog.fields.setText(.baseDN, "ou=people,\(TestServer.suffix)")
      dialog.fields.setText(.filter, "(objectClass=inetOrgPerson)")
      harness.run(dialog, connecting: false)
      // The 25 people and the two entries every test server holds.
      XCTAssertEqual(
        dialog.statusText,
        "Connected to OpenLDAP as uid=ada,ou=people,\(TestServer.suffix): 27 people")
      try ConnectDialogTests.shoot(dialog, "connect-kerberos.png")
      harness.run(dialog, connecting: true)
      XCTAssertEqual(harness.opened, 1, dialog.statusText)
      harness.waitForRows()
      XCTAssertEqual(harness.window.subtitle, "27 people · localhost")
      let remembered = try XCTUnwrap(harness.connections.remembered.first)
      XCTAssertEqual(remembered.signIn, .kerberos)
      XCTAssertFalse(remembered.keepsSecret)
      let settings = try String(contentsOf: harness.settingsFile, encoding: .utf8)
      XCTAssertTrue(settings.contains(#""signIn" : "kerberos""#), settings)
    }
  }

  func testAWrongTicketCacheShowsTheKerberosSentenceInPlace() throws {
    let realm = try XCTUnwrap(Self.realm)
    let missing = realm.kdc.folder.appendingPathComponent("no-cache").path
    let cache = try XCTUnwrap(ProcessInfo.processInfo.environment["KRB5CCNAME"])
    setenv("KRB5CCNAME", "FILE:\(missing)", 1)
    defer { setenv("KRB5CCNAME", cache, 1) }
    try withDialog { harness, dialog in
      dialog.fields.signIn = LDAPSignIn.kerberos.rawValue
      dialog.fields.setText(.location, "ldap://localhost:\(realm.server.server.port)")
      harness.run(dialog, connecting: true)
      XCTAssertEqual(harness.opened, 0)
      XCTAssertEqual(dialog.statusText, "No Kerberos ticket: run kinit or sign in to the domain")
      XCTAssertTrue(harness.connections.remembered.isEmpty)
    }
  }

  func testACertificateAsksForItsFilesAndTLS() throws {
    try withDialog { harness, dialog in
      dialog.fields.signIn = LDAPSignIn.certificate.rawValue
      XCTAssertTrue(Self.shows(dialog, .certificate))
      XCTAssertTrue(Self.shows(dialog, .key))
      XCTAssertTrue(Self.shows(dialog, .secret))
      XCTAssertFalse(Self.shows(dialog, .bindDN))
      dialog.fields.setText(.location, "ldap://localhost:389")
      harness.run(dialog, connecting: false)
      XCTAssertEqual(
        dialog.fields.problem(.certificate), "Choose the client certificate (a PEM file)")
      XCTAssertEqual(dialog.fields.problem(.key), "Choose its private key (a PEM file)")
      XCTAssertEqual(
        dialog.fields.problem(.location),
        "A client certificate is sent only over TLS: use an ldaps:// URL")
      // Back to a password: the certificate's rows go, the bind DN's come.
      dialog.fields.signIn = LDAPSignIn.password.rawValue
      XCTAssertFalse(Self.shows(dialog, .certificate))
      XCTAssertTrue(Self.shows(dialog, .bindDN))
    }
  }
}
