import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A password hash never leaves the server through Roster, even where the
/// server's ACL lets the reader see it (this slapd lets anyone read
/// everything): the attribute view leaves `userPassword` out, a schema
/// that names it for a field or the photo gets nothing, and an export of
/// every field carries no trace of it.
final class LDAPSecretAttributeTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let hash = "{SSHA}c2VjcmV0LWhhc2gtdmFsdWUtZm9yLXRlc3Q="

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: [
      LDIFPerson(uid: "ada", cn: "Ada", sn: "Lovelace", displayName: "Ada Lovelace"),
      LDIFPerson(uid: "grace", cn: "Grace", sn: "Hopper"),
    ])
    do {
      try server?.server.modify(
        ldif: """
          dn: uid=ada,ou=people,\(TestServer.suffix)
          changetype: modify
          add: userPassword
          userPassword: \(hash)

          """)
    } catch {
      XCTFail("could not give ada a password: \(error)")
    }
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  func testTheServerLetsTheReaderSeeThePasswordHash() throws {
    let server = try XCTUnwrap(Self.server)
    let seen = try server.ldapsearch(["(uid=ada)", "userPassword"])
    XCTAssertTrue(seen.contains("userPassword"), "the ACL under test lets anyone read it: \(seen)")
  }

  func testTheAttributeViewNeverShowsAPasswordHash() async throws {
    let server = try XCTUnwrap(Self.server)
    let directory = try LDAPDirectory(url: server.peopleURL, options: LDAPOptions())
    let entries = try await directory.rows(0..<10).entries
    let ada = try XCTUnwrap(entries.first { $0.username == "ada" })
    let attributes = try await directory.attributes(of: ada.id)
    XCTAssertTrue(attributes.contains { $0.name == "uid" })
    XCTAssertEqual(attributes.filter { $0.name.lowercased().hasPrefix("userpassword") }.count, 0)
    XCTAssertFalse(attributes.flatMap(\.values).contains { $0.contains("SSHA") })
  }

  func testASearchOrFilterCannotProbeThePasswordHashThroughASchema() async throws {
    let server = try XCTUnwrap(Self.server)
    var options = LDAPOptions()
    options.schema.displayNameAttribute = "userPassword"
    let directory = try LDAPDirectory(url: server.peopleURL, options: options)
    let searched = try await directory.searching("SSHA").rows(0..<10)
    XCTAssertEqual(searched.entries.map(\.username), [], "the search box matched the hash")
    let probe = try PersonFilter(parsing: "displayName eq \"\(Self.hash)\"")
    let filtered = try await directory.querying(filter: probe, sort: nil).rows(0..<10)
    XCTAssertEqual(filtered.entries.map(\.username), [], "a filter matched the hash")
    let absent = try PersonFilter(parsing: #"displayName ne "x""#)
    let everyone = try await directory.querying(filter: absent, sort: nil).rows(0..<10)
    XCTAssertEqual(
      Set(everyone.entries.map(\.username)), ["ada", "grace"],
      "ne holds for everyone, as for a field nobody has")
  }

  func testASchemaNamingThePasswordForAFieldOrThePhotoGetsNothing() async throws {
    let server = try XCTUnwrap(Self.server)
    var options = LDAPOptions()
    options.schema.displayNameAttribute = "userPassword"
    options.schema.photoAttribute = "USERPASSWORD"
    let directory = try LDAPDirectory(url: server.peopleURL, options: options)
    let entries = try await directory.rows(0..<10).entries
    let ada = try XCTUnwrap(entries.first { $0.username == "ada" })
    XCTAssertEqual(ada.displayName, "Ada", "the display name falls back to cn")
    let photo = try await directory.photo(of: ada.id, maxBytes: 1 << 20)
    XCTAssertNil(photo)
    let folder = TemporaryDirectory()
    for format in PersonExportFormat.allCases {
      let file = folder.url.appendingPathComponent("people.\(format.fileExtension)")
      _ = try await PersonExporter.export(
        directory, as: PersonExport(format: format), to: file)
      let text = try String(contentsOf: file, encoding: .utf8)
      XCTAssertFalse(text.contains("SSHA"), "\(format)")
      XCTAssertFalse(text.contains("e1NTSEF9"), "\(format): the hash in base64")
    }
  }
}
