import Directory
import DirectoryLDAP
import LDAPDemo
import TestSupport
import XCTest

/// A person read forward is made straight from libldap's buffer; it is the
/// person a window makes of the same entry (but for the photo's version):
/// `cn` for a missing display name, a long value cut where a window cuts
/// it, a role Roster does not know, every detail, non-ASCII text.
final class LDAPForwardEntryTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let manager = LDIFPerson(
    uid: "boss", cn: "Björk Boss", sn: "Boss", displayName: "Björk Boss", employeeType: "Owner",
    employeeNumber: "E1", mail: "boss@example.org", title: "Chief", ou: "Board", l: "Reykjavík",
    telephoneNumber: "+354 555 0100")
  static let managerDN = "employeeNumber=E1,ou=people,\(TestServer.suffix)"
  static let people = [
    manager,
    LDIFPerson(
      uid: "nodisplay", cn: "Nadia Nodisplay", sn: "Nodisplay", employeeType: "Guest",
      employeeNumber: "E2", ou: "Sales", manager: managerDN),
    LDIFPerson(
      uid: "LongTitle", cn: "Zoë Ñandú", sn: "Ñandú", displayName: "Zoë Ñandú",
      employeeType: "Admin", employeeNumber: "E3",
      title: String(repeating: "ø", count: 700) + "end", l: "Málaga"),
    LDIFPerson(
      uid: "plain", cn: "Pat Plain", sn: "Plain", employeeType: "User", employeeNumber: "E4"),
  ]

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: people)
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  func testAPersonReadForwardIsThePersonAWindowReads() async throws {
    let server = try XCTUnwrap(Self.server)
    let directory = try LDAPDirectory(url: server.peopleURL)
    let windows = try await OrgFixture.everyone(directory, size: 3)
    let forward = try XCTUnwrap(directory as any RangedDirectory as? any ForwardReadableDirectory)
    var read: [DirectoryEntry] = []
    let wasRead = try await forward.readForward(pageSize: 2) { read += $0 }
    XCTAssertTrue(wasRead)
    XCTAssertEqual(read.count, Self.people.count)
    XCTAssertEqual(
      read,
      windows.map { entry in
        var entry = entry
        entry.photoVersion = nil
        return entry
      })
    let long = try XCTUnwrap(read.first { $0.username == "LongTitle" })
    XCTAssertEqual(long.details.title?.utf8.count, FieldLimit.maxBytes)
    let fallback = try XCTUnwrap(read.first { $0.username == "nodisplay" })
    XCTAssertEqual(fallback.details.displayName, "Nadia Nodisplay")
    XCTAssertEqual(fallback.role, .unknown)
    XCTAssertEqual(fallback.details.manager, Self.managerDN)
  }
}
