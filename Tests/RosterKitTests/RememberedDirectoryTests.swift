import DirectoryLDAP
import Foundation
import XCTest

@testable import RosterKit

/// Remembered directories as settings.json keeps them, and the LDAP URL the
/// dialog's fields make.
final class RememberedDirectoryTests: XCTestCase {
  func testTheLDAPFieldsMakeOneURLWithTheBaseAndFilterEncoded() throws {
    var directory = RememberedDirectory(kind: .ldap, location: "ldap://127.0.0.1:3890/dc=old??one")
    directory.baseDN = "ou=people?,dc=example,dc=org"
    directory.filter = "(&(objectClass=person)(cn=50%))"
    let url = try LDAPURL(directory.sourceArgument)
    XCTAssertEqual(url.host, "127.0.0.1")
    XCTAssertEqual(url.port, 3890)
    XCTAssertEqual(url.baseDN, directory.baseDN)
    XCTAssertEqual(url.filter, directory.filter)
    XCTAssertEqual(url.scope, .sub)
    // Without a base DN or filter, the URL is used as typed.
    directory.baseDN = ""
    directory.filter = ""
    XCTAssertEqual(directory.sourceArgument, "ldap://127.0.0.1:3890/dc=old??one")
  }

  func testAHostAloneIsReadOverTLS() throws {
    var directory = RememberedDirectory(kind: .ldap, location: " dc1.example.org ")
    XCTAssertEqual(directory.sourceArgument, "ldaps://dc1.example.org")
    XCTAssertEqual(directory.problems(secret: ""), [:])
    directory.location = "ipa.example.org:636"
    directory.baseDN = "cn=users,cn=accounts,dc=example,dc=org"
    let url = try LDAPURL(directory.sourceArgument)
    XCTAssertEqual(url.serverURI, "ldaps://ipa.example.org:636")
    XCTAssertEqual(url.baseDN, directory.baseDN)
    directory.location = "[2001:db8::1]"
    directory.baseDN = ""
    XCTAssertEqual(directory.sourceArgument, "ldaps://[2001:db8::1]")
    // A certificate goes over TLS: a host alone is.
    directory.signIn = .certificate
    directory.certificate = "/c.pem"
    directory.key = "/k.pem"
    XCTAssertEqual(directory.problems(secret: ""), [:])
    // Not a host: a path, a URL of another kind.
    for text in ["/srv/users.json", "http://ldap.example.org", "dc1 example"] {
      directory.location = text
      XCTAssertNotNil(directory.problems(secret: "")[.location], text)
    }
  }

  func testSettingsKeepTheirOlderKeysAndOlderFilesStillLoad() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-settings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("settings.json")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A file written before directories were remembered.
    try Data(#"{"width": 700, "height": 600, "grid": true, "maxFlingVelocity": 5000}"#.utf8)
      .write(to: file)
    var settings = WindowSettings.load(from: file)
    XCTAssertEqual(settings.directories, [])
    XCTAssertNil(settings.lastDirectory)
    settings.directories = [
      RememberedDirectory(kind: .jsonURL, location: "https://example.org/u.json")
    ]
    settings.lastDirectory = settings.directories[0].id
    try settings.save(to: file)
    let again = WindowSettings.load(from: file)
    XCTAssertEqual(again, settings)
    XCTAssertEqual([again.width, again.height], [700, 600])
    XCTAssertTrue(again.grid)
    XCTAssertEqual(again.maxFlingVelocity, 5000)
  }

  func testAnLDAPDirectoryIsOneFlatObjectItsKindsOptionsBesideItsId() throws {
    // As settings.json has held an LDAP directory since sign-in methods came.
    let written = """
      {"id": "A1", "kind": "ldap", "location": "ldaps://dc1.example.org",
       "baseDN": "ou=people,dc=example,dc=org", "filter": "(objectClass=person)",
       "bindDN": "", "signIn": "certificate", "certificate": "/c.pem", "key": "/k.pem",
       "offlineCopy": false, "activeDirectory": true}
      """
    let directory = try JSONDecoder().decode(RememberedDirectory.self, from: Data(written.utf8))
    XCTAssertEqual(directory.id, "A1")
    XCTAssertEqual(directory.kind, .ldap)
    XCTAssertEqual(directory.baseDN, "ou=people,dc=example,dc=org")
    XCTAssertEqual(directory.filter, "(objectClass=person)")
    XCTAssertEqual(directory.signIn, .certificate)
    XCTAssertEqual(directory.clientCertificate?.keyFile, "/k.pem")
    XCTAssertEqual(directory.activeDirectory, true)
    XCTAssertFalse(directory.keepsOfflineCopy)
    XCTAssertFalse(directory.asksTheServer, "the server said what it is")
    XCTAssertEqual(directory.secretNeed, .optional, "an encrypted key's passphrase, if any")

    // Written back, the same keys at the same level (an empty one left
    // out), a flag still a flag.
    let again = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(directory)) as? [String: Any])
    XCTAssertEqual(
      Set(again.keys),
      [
        "id", "kind", "location", "baseDN", "filter", "signIn", "certificate", "key",
        "offlineCopy", "activeDirectory",
      ])
    XCTAssertEqual(again["activeDirectory"] as? Bool, true)
    XCTAssertEqual(again["signIn"] as? String, "certificate")
    XCTAssertEqual(
      try JSONDecoder().decode(RememberedDirectory.self, from: JSONEncoder().encode(directory)),
      directory)

    // A file's directory keeps nothing besides its place.
    let file = RememberedDirectory(kind: .jsonFile, location: "/srv/users.json")
    let fileKeys = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(file)) as? [String: Any])
    XCTAssertEqual(Set(fileKeys.keys), ["id", "kind", "location"])
  }

  func testOnlyABindDNOrSCIMNeedsASecret() {
    var ldap = RememberedDirectory(kind: .ldap, location: "ldap://127.0.0.1")
    XCTAssertFalse(ldap.needsSecret)
    XCTAssertEqual(ldap.problems(secret: ""), [:])
    ldap.bindDN = "cn=admin,dc=example,dc=org"
    XCTAssertEqual(ldap.problems(secret: ""), [.secret: "Enter the password"])
    XCTAssertEqual(ldap.problems(secret: "x"), [:])
    XCTAssertTrue(RememberedDirectory(kind: .scim, location: "scim+https://h/scim/v2").needsSecret)
    XCTAssertFalse(RememberedDirectory(kind: .jsonURL, location: "https://h/u.json").needsSecret)
  }

  func testADirectoryThatCannotBeReadIsSkippedAndTheRestLoads() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-settings-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(
      #"""
      {"width": 900, "directories": [
        {"id": "a", "kind": "gopher", "location": "gopher://x"},
        {"id": "b", "kind": "jsonURL", "location": "https://h/u.json", "baseDN": "", "filter": "",
         "bindDN": ""}]}
      """#.utf8
    ).write(to: file)
    let settings = WindowSettings.load(from: file)
    XCTAssertEqual(settings.width, 900)
    XCTAssertEqual(settings.directories.map(\.id), ["b"])
  }
}
