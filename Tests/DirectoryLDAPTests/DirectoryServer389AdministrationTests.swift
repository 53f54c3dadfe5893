import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// An administrator's changes on 389 Directory Server (the tests' instance)
/// as its root DN: a password reset with the Password Modify operation,
/// which 389 lists but refuses over plain LDAP in its own words, a delete (389 lists no Assertion control: the entry is
/// deleted as read just before) whose kept entry ldapadd brings back, a new
/// person checked against 389's inetOrgPerson.
final class DirectoryServer389AdministrationTests: XCTestCase {
  /// This class's people, beside the shared server's (whose count other
  /// classes check).
  private static let base = "ou=administration,\(Test389Server.suffix)"
  nonisolated(unsafe) private static var server: Test389Server?
  private var folder: TemporaryDirectory!

  override class func setUp() {
    super.setUp()
    do {
      let server = try Test389Server.shared()
      try server.add(
        """
        dn: \(base)
        objectClass: organizationalUnit
        ou: administration

        dn: uid=adm.ken,\(base)
        objectClass: inetOrgPerson
        uid: adm.ken
        cn: Adm Ken
        sn: Ken
        userPassword: adm.ken-Old-Password-1

        dn: uid=adm.dennis,\(base)
        objectClass: inetOrgPerson
        uid: adm.dennis
        cn: Adm Dennis
        sn: Dennis
        telephoneNumber: +1 908 555 0108
        title: Engineer

        """, name: "administration")
      Self.server = server
    } catch {
      XCTFail("could not start 389 Directory Server or add the people: \(error)")
    }
  }

  override func setUp() {
    super.setUp()
    folder = TemporaryDirectory()
  }

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  private var logFile: String { folder.url.appendingPathComponent("roster/changes.ldif").path }

  private func directory(
    bindDN: String = Test389Server.rootDN, password: String = Test389Server.password
  ) throws -> LDAPDirectory {
    let server = try XCTUnwrap(Self.server)
    var options = LDAPOptions(bindDN: bindDN, password: Secret(password))
    options.changeLog = LDAPChangeLog(path: logFile)
    return try LDAPDirectory(url: server.ldapURL(base: Self.base), options: options)
  }

  func testPasswordModifyOverPlainLDAPIsRefusedInTheServersWords() async throws {
    // 389 lists Password Modify but takes it only over TLS (or LDAPI); this
    // instance has no certificate (DirectoryServer389PasswordTests: with one).
    let root = try directory()
    let dse = try await root.rootDSE()
    XCTAssertTrue(dse.supportedExtensions.contains(LDAPDirectory.passwordModifyOID))
    let new = "Adm-Ken-New-Password-2"
    let outcome = try await root.resetPassword(username: "adm.ken", to: Secret(new))
    XCTAssertEqual(
      outcome,
      .refused(reason: "Confidentiality required (13): Operation requires a secure connection."))
    let ken = try directory(
      bindDN: "uid=adm.ken,\(Self.base)", password: "adm.ken-Old-Password-1")
    // The old password still signs in (a refused one throws).
    _ = try await ken.rootDSE()
    XCTAssertFalse(FileManager.default.fileExists(atPath: logFile), "nothing logged")
  }

  func testADeleteKeepsTheEntryAndLdapaddBringsItBack() async throws {
    let server = try XCTUnwrap(Self.server)
    let root = try directory()
    let controls = try await root.supportedControls()
    XCTAssertFalse(controls.contains(LDAPDirectory.assertionOID))
    let outcome = try await root.delete(username: "adm.dennis")
    XCTAssertEqual(outcome, .done(dn: "uid=adm.dennis,\(Self.base)", logFailure: nil))
    XCTAssertEqual(try server.search(["(uid=adm.dennis)", "cn"], base: Self.base), "")
    let log = try String(contentsOfFile: logFile, encoding: .utf8)
    let kept = log.split(separator: "\n").filter { $0.hasPrefix("# entry: ") }
      .map { $0.dropFirst("# entry: ".count) }.joined(separator: "\n")
    try server.add(kept + "\n", name: "restore")
    let restored = try server.search(
      ["(uid=adm.dennis)", "telephoneNumber", "title"], base: Self.base)
    XCTAssertTrue(restored.contains("telephoneNumber: +1 908 555 0108"), restored)
    XCTAssertTrue(restored.contains("title: Engineer"), restored)
  }

  func testANewPersonNeedsWhatTheSchemaRequires() async throws {
    let server = try XCTUnwrap(Self.server)
    let root = try directory()
    let form = try await root.newPersonForm()
    XCTAssertEqual(form.personClass.lowercased(), "inetorgperson")
    XCTAssertEqual(Set(form.required.map { $0.lowercased() }), ["cn", "sn", "uid"])
    let missing = try await root.create(
      NewPerson(attributes: [.init(name: "uid", values: ["adm.hedy"])]))
    guard case .missing(let names) = missing else { return XCTFail("got \(missing)") }
    XCTAssertEqual(Set(names.map { $0.lowercased() }), ["cn", "sn"])
    let outcome = try await root.create(
      NewPerson(attributes: [
        .init(name: "uid", values: ["adm.hedy"]), .init(name: "cn", values: ["Adm Hedy"]),
        .init(name: "sn", values: ["Hedy"]), .init(name: "title", values: ["Inventor"]),
      ]))
    XCTAssertEqual(outcome, .done(dn: "uid=adm.hedy,\(Self.base)", logFailure: nil))
    let added = try server.search(["(uid=adm.hedy)", "title"], base: Self.base)
    XCTAssertTrue(added.contains("title: Inventor"), added)
  }
}
