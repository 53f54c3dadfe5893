import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Changing photos on Active Directory (the tests' Samba DC): the photo is
/// `thumbnailPhoto`, 96 pixels within 100 KB; AD has no Assertion control,
/// so the photo seen is deleted by its value (an octet string, compared
/// byte for byte) and the new one added in one modify. A person sets and
/// replaces their own photo, a photo changed meanwhile is not overwritten
/// (nor one added meanwhile to a person seen without), and someone else's
/// photo is refused in the server's words.
final class ActiveDirectoryPhotoTests: XCTestCase {
  /// The OU of this class's people, beside the shared DC's people.
  private static let base = "OU=Photos,\(TestSambaDC.baseDN)"
  private static let people = [
    "photo.ada": "Photo Ada", "photo.grace": "Photo Grace", "photo.alan": "Photo Alan",
  ]

  private static func password(of username: String) -> String { "\(username)-Passw0rd!" }

  private static func dn(_ username: String) -> String { "CN=\(people[username]!),\(base)" }

  nonisolated(unsafe) private static var dc: TestSambaDC?
  private var folder: TemporaryDirectory!

  override class func setUp() {
    super.setUp()
    do {
      let dc = try TestSambaDC.shared()
      var ldif = "dn: \(base)\nchangetype: add\nobjectClass: organizationalUnit\nou: Photos\n\n"
      for (username, name) in people.sorted(by: { $0.key < $1.key }) {
        // unicodePwd: the quoted password in UTF-16LE, set over LDAPS.
        let password = Data(
          ("\"" + password(of: username) + "\"").utf16.flatMap {
            [UInt8($0 & 0xFF), UInt8($0 >> 8)]
          })
        ldif += """
          dn: \(dn(username))
          changetype: add
          objectClass: user
          sAMAccountName: \(username)
          displayName: \(name)
          unicodePwd:: \(password.base64EncodedString())
          userAccountControl: 512


          """
      }
      try dc.modify(ldif)
      Self.dc = dc
    } catch {
      XCTFail("could not start the DC or add the people: \(error)")
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

  /// The people of the OU, signed in as `username` (nil: the
  /// administrator) over LDAPS.
  private func directory(as username: String?) throws -> LDAPDirectory {
    let dc = try XCTUnwrap(Self.dc)
    var options = LDAPOptions(
      bindDN: username.map(Self.dn) ?? TestSambaDC.administratorDN,
      password: Secret(username.map(Self.password(of:)) ?? TestSambaDC.password),
      caFile: dc.certificateAuthority.path)
    options.schema = .activeDirectory
    options.changeLog = LDAPChangeLog(
      path: folder.url.appendingPathComponent("roster/changes.ldif").path)
    return try LDAPDirectory(
      url: dc.ldapsURL(base: Self.base) + "??one?(&(objectCategory=person)(objectClass=user))",
      options: options)
  }

  private func readPhoto(_ directory: LDAPDirectory, _ username: String) async throws
    -> SeenPhoto
  {
    let photo = try await directory.photo(of: username)
    return try XCTUnwrap(photo)
  }

  /// A JPEG's bytes as far as the server cares.
  private static func photo(_ seed: UInt8, count: Int = 30_000) -> [UInt8] {
    [0xFF, 0xD8, 0xFF, 0xE0] + (0..<count).map { UInt8(truncatingIfNeeded: $0 * 13 + Int(seed)) }
      + [0xFF, 0xD9]
  }

  func testAPersonSetsAndReplacesTheirOwnPhotoByDeletingTheOneSeen() async throws {
    let ada = try directory(as: "photo.ada")
    XCTAssertEqual(
      ada.photoFormat, PhotoFormat(attribute: "thumbnailPhoto", side: 96, maxBytes: 102_400))
    let none = try await readPhoto(ada, "photo.ada")
    XCTAssertEqual(none, SeenPhoto(values: [], stamp: nil), "AD keeps no entryCSN")
    let first = Self.photo(1)
    let set = try await ada.changePhoto(of: "photo.ada", seen: none, to: first)
    XCTAssertEqual(set, .changed(logFailure: nil))
    let seen = try await readPhoto(ada, "photo.ada")
    XCTAssertEqual(seen.values, [first])
    let second = Self.photo(2)
    let replaced = try await ada.changePhoto(of: "photo.ada", seen: seen, to: second)
    XCTAssertEqual(replaced, .changed(logFailure: nil))
    let now = try await readPhoto(ada, "photo.ada")
    XCTAssertEqual(now.values, [second])
    XCTAssertEqual(ada.statistics.valueDeletingChanges, 2)
    XCTAssertEqual(ada.statistics.assertedChanges, 0)
    let records = try XCTUnwrap(ada.options.changeLog).records()
    XCTAssertEqual(
      records.records.map(\.changes),
      [
        [LDAPModification(attribute: "thumbnailPhoto", seen: [], new: [first])],
        [LDAPModification(attribute: "thumbnailPhoto", seen: [first], new: [second])],
      ])
  }

  func testAPhotoChangedOrAddedMeanwhileIsNotOverwritten() async throws {
    let grace = try directory(as: "photo.grace")
    let admin = try directory(as: nil)
    let seenEmpty = try await readPhoto(grace, "photo.grace")
    let theirs = Self.photo(3)
    let added = try await admin.changePhoto(
      of: "photo.grace", seen: try await readPhoto(admin, "photo.grace"), to: theirs)
    XCTAssertEqual(added, .changed(logFailure: nil))
    // Seen without a photo: the add meets theirs.
    let late = try await grace.changePhoto(of: "photo.grace", seen: seenEmpty, to: Self.photo(4))
    XCTAssertEqual(late, .changedMeanwhile)
    let seenTheirs = try await readPhoto(grace, "photo.grace")
    XCTAssertEqual(seenTheirs.values, [theirs])
    let again = Self.photo(5)
    let changed = try await admin.changePhoto(of: "photo.grace", seen: seenTheirs, to: again)
    XCTAssertEqual(changed, .changed(logFailure: nil))
    // Seen with theirs: the delete misses it.
    let stale = try await grace.changePhoto(of: "photo.grace", seen: seenTheirs, to: Self.photo(6))
    XCTAssertEqual(stale, .changedMeanwhile)
    let removal = try await grace.changePhoto(of: "photo.grace", seen: seenTheirs, to: nil)
    XCTAssertEqual(removal, .changedMeanwhile)
    let now = try await readPhoto(grace, "photo.grace")
    XCTAssertEqual(now.values, [again])
    let authors = try XCTUnwrap(grace.options.changeLog).records().records.map(\.author)
    XCTAssertEqual(authors, [TestSambaDC.administratorDN, TestSambaDC.administratorDN])
  }

  func testSomeoneElsesPhotoIsRefusedWithTheServersReason() async throws {
    let ada = try directory(as: "photo.ada")
    let seen = try await readPhoto(ada, "photo.alan")
    let outcome = try await ada.changePhoto(of: "photo.alan", seen: seen, to: Self.photo(7))
    guard case .refused(let reason) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertTrue(reason.localizedCaseInsensitiveContains("insufficient access"), reason)
    let now = try await readPhoto(ada, "photo.alan")
    XCTAssertEqual(now.values, [])
  }
}
