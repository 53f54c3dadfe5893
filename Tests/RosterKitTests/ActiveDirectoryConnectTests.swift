import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A remembered directory of only a host, opened from the directory menu
/// on a real Samba AD domain controller (``TestSambaDC``): the server's
/// root DSE says it is Active Directory and where its domain is, and both
/// are remembered, so a later start asks nothing; a server that cannot
/// answer is opened as remembered, so its window says why. Anonymously
/// over ldap://: Samba shows its root DSE to anyone. (The main loop runs
/// the main actor's tasks: a display is needed.)
final class ActiveDirectoryConnectTests: XCTestCase {
  private var temporary: TemporaryDirectory!
  private var folder: URL { temporary.folder }

  override func setUpWithError() throws { temporary = try TemporaryDirectory() }

  override func tearDown() { temporary = nil }

  /// Remembers `directory` in a settings file of the test's own, shows it
  /// as the menu would, and waits for what was opened.
  @MainActor private static func open(_ directory: RememberedDirectory, in folder: URL) throws
    -> (OpenedDirectory, DirectoryConnections)
  {
    // The main loop runs the main actor's tasks.
    try WindowTestSupport.setUp()
    let settings = folder.appendingPathComponent("settings.json")
    let connections = DirectoryConnections(settingsFile: settings)
    Task { @MainActor in try await connections.remember(directory, secret: nil) }
    XCTAssertTrue(
      MainContext.run(until: { !connections.remembered.isEmpty }, timeout: .seconds(20)))
    var opened: OpenedDirectory?
    connections.onOpen = { directory, _ in opened = directory }
    connections.onNeedsSecret = { _, message in XCTFail("asked for a secret: \(message)") }
    connections.show(directory, secret: nil)
    XCTAssertTrue(MainContext.run(until: { opened != nil }, timeout: .seconds(20)))
    return (try XCTUnwrap(opened), connections)
  }

  func testAHostAloneIsFoundToBeActiveDirectoryAndItsDomainRemembered() throws {
    _ = try TestSambaDC.shared()
    let folder: URL = folder
    try MainActor.assumeIsolated {
      let directory = RememberedDirectory(kind: .ldap, location: "ldap://127.0.0.1")
      XCTAssertTrue(directory.asksTheServer)
      let (opened, connections) = try Self.open(directory, in: folder)
      guard case .server(let server) = opened, let ldap = server as? LDAPDirectory else {
        return XCTFail("not an LDAP server: \(opened)")
      }
      XCTAssertEqual(ldap.options.schema, .activeDirectory)
      XCTAssertEqual(ldap.url.baseDN, TestSambaDC.baseDN)
      let remembered = try XCTUnwrap(connections.remembered.first)
      XCTAssertEqual(remembered.activeDirectory, true)
      XCTAssertEqual(remembered.baseDN, TestSambaDC.baseDN)
      XCTAssertFalse(remembered.asksTheServer)
      // Read back as a later start reads it: opened with the same names,
      // without asking the server.
      let later = try XCTUnwrap(
        DirectoryConnections(settingsFile: folder.appendingPathComponent("settings.json"))
          .remembered.first)
      XCTAssertEqual(later, remembered)
      guard case .server(let again) = try OpenedDirectory(later, secret: nil),
        let again = again as? LDAPDirectory
      else { return XCTFail("not an LDAP server") }
      XCTAssertEqual(again.options.schema, .activeDirectory)
      XCTAssertEqual(again.url.baseDN, TestSambaDC.baseDN)
    }
  }

  func testAServerThatCannotAnswerIsOpenedAsRememberedAndStaysUnknown() throws {
    let folder: URL = folder
    try MainActor.assumeIsolated {
      let port = try RefusingPort()
      let directory = RememberedDirectory(
        kind: .ldap, location: "ldap://127.0.0.1:\(port.port)")
      let (opened, connections) = try Self.open(directory, in: folder)
      guard case .server(let server) = opened, let ldap = server as? LDAPDirectory else {
        return XCTFail("not an LDAP server: \(opened)")
      }
      XCTAssertEqual(ldap.options.schema, .openLDAP)
      XCTAssertEqual(connections.remembered, [directory])
      XCTAssertTrue(try XCTUnwrap(connections.remembered.first).asksTheServer)
    }
  }
}
