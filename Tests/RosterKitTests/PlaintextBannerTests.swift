import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// "Not encrypted: anyone on the network can read or change what you see"
/// above the list while a server is read in clear text over the network.
/// The decision is made from the URL alone (nothing is resolved); the
/// window is shown on a loopback slapd, with the decision put in as
/// "remote" for it, so no packet leaves this machine.
final class PlaintextBannerTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer?

  override class func setUp() {
    super.setUp()
    server = try? TestServer(people: TestPeople.people(count: 20, seed: 3))
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  private func warns(_ url: String, _ change: (inout LDAPOptions) -> Void = { _ in }) throws -> Bool
  {
    var options = LDAPOptions()
    change(&options)
    return LDAPDirectory.readsInClearText(servers: try LDAPURL.list(url), options: options)
  }

  func testOnlyPlainLDAPToAnotherMachineIsCalledUnencrypted() throws {
    XCTAssertTrue(try warns("ldap://directory.example/dc=example,dc=org"))
    XCTAssertTrue(try warns("ldap://192.0.2.7:389"))
    XCTAssertTrue(try warns("ldap://127.0.0.1 ldap://directory.example"), "one server of two")
    XCTAssertTrue(try warns("ldap://localhost.directory.example"), "a name, not loopback")
    XCTAssertFalse(try warns("ldaps://directory.example"))
    XCTAssertFalse(try warns("ldap://directory.example") { $0.startTLS = true })
    XCTAssertFalse(try warns("ldap://directory.example") { $0.signIn = .kerberos })
    XCTAssertFalse(try warns("ldap://127.0.0.1:3890"))
    XCTAssertFalse(try warns("ldap://localhost"))
    XCTAssertFalse(try warns("ldap://[::1]:3890"))
  }

  func testAPlainServerOnAnotherMachineShowsTheBannerAndItsButtonSwitchesToStartTLS() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let server = try XCTUnwrap(Self.server, "no slapd")
      let directory = try LDAPDirectory(url: server.peopleURL)
      // A loopback server, and its own decision: not encrypted.
      XCTAssertFalse(MainWindow.plaintextCheck(directory))
      let real = MainWindow.plaintextCheck
      MainWindow.plaintextCheck = { ($0 as? LDAPDirectory)?.options.startTLS == false }
      defer { MainWindow.plaintextCheck = real }

      let window = MainWindow(application: nil, content: .server(directory), pipeline: nil)
      defer { window.close() }
      window.present()
      window.refresh()
      XCTAssertTrue(
        MainContext.run(
          until: { !window.isLoading && window.hasVisibleRows }, timeout: .seconds(20)))
      XCTAssertTrue(window.plaintextBanner.isShown)
      XCTAssertEqual(
        PlaintextBanner.message,
        "Not encrypted: anyone on the network can read or change what you see")
      XCTAssertTrue(
        MainContext.run(until: { gtk_widget_get_mapped(window.plaintextBanner.button) != 0 }))

      // Activated as a keyboard press would: GTK clicks once the press shows.
      gtk_widget_activate(window.plaintextBanner.button)
      XCTAssertTrue(
        MainContext.run(until: {
          (window.server?.directory as? LDAPDirectory)?.options.startTLS == true
        }), "the page reads the server over StartTLS")
      XCTAssertFalse(window.plaintextBanner.isShown)
    }
  }

  func testALoopbackServerShowsNoBanner() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let server = try XCTUnwrap(Self.server, "no slapd")
      let window = MainWindow(
        application: nil, content: .server(try LDAPDirectory(url: server.peopleURL)), pipeline: nil)
      defer { window.close() }
      window.present()
      window.refresh()
      XCTAssertTrue(
        MainContext.run(
          until: { !window.isLoading && window.hasVisibleRows }, timeout: .seconds(20)))
      XCTAssertFalse(window.plaintextBanner.isShown)
    }
  }
}
