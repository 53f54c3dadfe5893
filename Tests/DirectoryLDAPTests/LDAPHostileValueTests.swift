import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A server's values are as untrusted as a file's: one entry whose
/// username, display name, role and details are far over `FieldLimit.maxBytes`
/// comes out of a real slapd cut to it, in windows and in its attributes.
final class LDAPHostileValueTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let longUID = "long" + String(repeating: "x", count: 100_000)

  override class func setUp() {
    super.setUp()
    let huge = String(repeating: "y", count: 1 << 20)
    server = TestServer.started(people: [
      LDIFPerson(uid: "ada", cn: "Ada", sn: "Lovelace", employeeType: "User"),
      // Named by employeeNumber: a DN does not need to carry the long uid.
      LDIFPerson(
        uid: longUID, cn: "Long", sn: "Value", displayName: huge, employeeType: huge,
        employeeNumber: "1", mail: huge, title: huge, ou: huge, l: huge),
      LDIFPerson(uid: "grace", cn: "Grace", sn: "Hopper", employeeType: "Admin"),
    ])
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  func testLongValuesArriveCutInWindowsAndAttributes() async throws {
    let server = try XCTUnwrap(Self.server)
    let directory = try LDAPDirectory(url: server.peopleURL, options: LDAPOptions())
    let window = try await directory.rows(0..<10)
    XCTAssertEqual(window.entries.map { String($0.username.prefix(5)) }, ["ada", "grace", "longx"])
    let long = window.entries[2]
    XCTAssertEqual(long.username, String(Self.longUID.prefix(FieldLimit.maxBytes)))
    XCTAssertEqual(long.displayName.utf8.count, FieldLimit.maxBytes)
    XCTAssertEqual(long.role, .unknown)
    for field in [DetailField.email, .title, .department, .location] {
      XCTAssertEqual(long.details[field]?.utf8.count, FieldLimit.maxBytes, "\(field)")
    }
    XCTAssertEqual(long.details.employeeNumber, "1")
    XCTAssertEqual(window.entries[1].role, .admin, "short values are untouched")
    // The row shows the display name, cut again for the screen.
    XCTAssertEqual(
      UserViewModel(entry: long).displayName,
      String(repeating: "y", count: DisplayText.maxCharacters - 1) + "…")

    let attributes = try await directory.attributes(of: long.id)
    let values = Dictionary(uniqueKeysWithValues: attributes.map { ($0.name, $0.values) })
    XCTAssertEqual(values["uid"], [long.username])
    XCTAssertEqual(values["displayName"]?.first?.utf8.count, FieldLimit.maxBytes)
    XCTAssertEqual(values["employeeType"]?.first?.utf8.count, FieldLimit.maxBytes)
    XCTAssertEqual(values["cn"], ["Long"])
  }
}
