import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A person's details from a real slapd: inetOrgPerson's attributes, the
/// manager as the DN the server holds, `cn` for a missing display name;
/// and Active Directory's names for the same fields.
final class LDAPPersonDetailsTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let boss = LDIFPerson(
    uid: "ada", cn: "Ada Lovelace", sn: "Lovelace", displayName: "Ada Lovelace",
    employeeType: "Admin", employeeNumber: "100001", mail: "ada.lovelace@example.org",
    title: "Chief Executive Officer", ou: "Executive Office", l: "London",
    telephoneNumber: "+44 20 7946 0001")
  static var bossDN: String { "employeeNumber=100001,ou=people,\(TestServer.suffix)" }
  static let report = LDIFPerson(
    uid: "grace", cn: "Grace Hopper", sn: "Hopper", employeeType: "User",
    employeeNumber: "100002", mail: "grace.hopper@example.org", title: "Software Engineer",
    ou: "Platform", l: "São Paulo", telephoneNumber: "+55 11 5555 0002", manager: bossDN)

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: [boss, report])
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  func testDetailsArriveWithTheManagersDN() async throws {
    let server = try XCTUnwrap(Self.server)
    let window = try await LDAPDirectory(url: server.peopleURL).rows(0..<10)
    XCTAssertEqual(window.entries.map(\.username), ["ada", "grace"])
    let (ada, grace) = (window.entries[0], window.entries[1])
    XCTAssertEqual(ada.id, Self.bossDN)
    XCTAssertEqual(
      ada.details,
      PersonDetails(
        displayName: "Ada Lovelace", email: "ada.lovelace@example.org",
        title: "Chief Executive Officer", department: "Executive Office", location: "London",
        phone: "+44 20 7946 0001", employeeNumber: "100001"))
    XCTAssertEqual(
      grace.details,
      PersonDetails(
        displayName: "Grace Hopper", email: "grace.hopper@example.org", title: "Software Engineer",
        department: "Platform", location: "São Paulo", phone: "+55 11 5555 0002",
        manager: Self.bossDN, employeeNumber: "100002"),
      "cn stands in for the missing displayName")
    XCTAssertEqual(grace.details.manager, ada.id, "the manager names the entry's id")
  }

  func testAWindowAsksForEveryDetailAndActiveDirectoryHasItsDepartment() {
    let openLDAP = LDAPEntryMapper(schema: .openLDAP, identity: .distinguishedName)
    for name in ["displayName", "cn", "mail", "title", "ou", "l", "telephoneNumber", "manager"] {
      XCTAssertTrue(openLDAP.windowAttributes.contains(name), name)
    }
    XCTAssertFalse(openLDAP.windowAttributes.contains("jpegPhoto"))
    let activeDirectory = LDAPEntryMapper(schema: .activeDirectory, identity: .distinguishedName)
    XCTAssertTrue(activeDirectory.windowAttributes.contains("department"))
    XCTAssertFalse(activeDirectory.windowAttributes.contains("ou"))
    let raw = LDAPRawEntry(
      dn: "CN=Grace,OU=Staff,DC=corp",
      attributes: [
        .init(name: "sAMAccountName", values: [Array("grace".utf8)]),
        .init(name: "department", values: [Array("Platform".utf8)]),
        .init(name: "ou", values: [Array("Staff".utf8)]),
        .init(name: "manager", values: [Array("CN=Ada,OU=Staff,DC=corp".utf8)]),
      ])
    let entry = activeDirectory.entry(raw)
    XCTAssertEqual(entry.details.department, "Platform")
    XCTAssertEqual(entry.details.manager, "CN=Ada,OU=Staff,DC=corp")
  }
}
