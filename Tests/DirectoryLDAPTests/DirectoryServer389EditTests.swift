import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Changing people on 389 Directory Server (the tests' instance) as its
/// root DN: 389 does not list the Assertion control, so a change deletes
/// exactly the values seen and adds the new ones, and a change made
/// meanwhile fails it; an account is turned off with `nsAccountLock: TRUE`
/// and on again without it.
final class DirectoryServer389EditTests: XCTestCase {
  /// This class's people, beside the shared server's (whose count other
  /// classes check).
  private static let base = "ou=editing,\(Test389Server.suffix)"
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
        ou: editing

        dn: uid=edit.ken,\(base)
        objectClass: inetOrgPerson
        uid: edit.ken
        cn: Edit Ken
        sn: Ken
        telephoneNumber: +1 908 555 0107

        """, name: "editing")
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

  private func directory() throws -> LDAPDirectory {
    let server = try XCTUnwrap(Self.server)
    var options = DirectoryServer389Tests.rootOptions(server)
    options.changeLog = LDAPChangeLog(
      path: folder.url.appendingPathComponent("roster/changes.ldif").path)
    return try LDAPDirectory(url: server.ldapURL(base: Self.base), options: options)
  }

  func testAChangeDeletesWhatWasSeenAndALaterOneOverItFails() async throws {
    let (first, second) = (try directory(), try directory())
    let controls = try await first.supportedControls()
    XCTAssertFalse(controls.contains(LDAPDirectory.assertionOID), "389 lists no Assertion control")
    let seen = ["+1 908 555 0107"]
    let applied = try await first.change(
      PersonEdit(username: "edit.ken", changes: [.init(field: .phone, seen: seen, new: ["+1 1"])]))
    XCTAssertEqual(applied, .applied(logFailure: nil))
    XCTAssertEqual(first.statistics.valueDeletingChanges, 1)
    let late = try await second.change(
      PersonEdit(username: "edit.ken", changes: [.init(field: .phone, seen: seen, new: ["+1 2"])]))
    XCTAssertEqual(
      late, .conflict([.init(field: .phone, seen: seen, requested: ["+1 2"], current: ["+1 1"])]))
    let back = try await first.change(
      PersonEdit(username: "edit.ken", changes: [.init(field: .phone, seen: ["+1 1"], new: seen)]))
    XCTAssertEqual(back, .applied(logFailure: nil))
  }

  func testAnAccountIsLockedAndUnlockedWithNsAccountLock() async throws {
    let server = try XCTUnwrap(Self.server)
    let directory = try directory()
    func lock() throws -> String {
      try server.search(["(uid=edit.ken)", "nsAccountLock"], base: Self.base)
    }
    let off = try await directory.setActive(false, username: "edit.ken")
    XCTAssertEqual(off, .changed(logFailure: nil))
    let locked = try lock()
    XCTAssertTrue(locked.contains("nsAccountLock: TRUE"), locked)
    let person = try await directory.person(username: "edit.ken")
    XCTAssertEqual(person?.isActive, false)
    let again = try await directory.setActive(false, username: "edit.ken")
    XCTAssertEqual(again, .alreadySo)
    let on = try await directory.setActive(true, username: "edit.ken")
    XCTAssertEqual(on, .changed(logFailure: nil))
    let unlocked = try lock()
    XCTAssertFalse(unlocked.contains("nsAccountLock"), unlocked)
    let reread = try await directory.person(username: "edit.ken")
    XCTAssertEqual(reread?.isActive, true)
  }
}
