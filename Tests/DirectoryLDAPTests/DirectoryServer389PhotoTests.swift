import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Changing photos on 389 Directory Server (the tests' instance) as its
/// root DN: `jpegPhoto`, with no Assertion control listed, so the photo
/// seen is deleted by its value (389 compares octet strings byte for byte)
/// and the new one added in one modify; a photo changed meanwhile fails it
/// and stays.
final class DirectoryServer389PhotoTests: XCTestCase {
  /// This class's people, beside the shared server's.
  private static let base = "ou=photos,\(Test389Server.suffix)"
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
        ou: photos

        dn: uid=photo.ken,\(base)
        objectClass: inetOrgPerson
        uid: photo.ken
        cn: Photo Ken
        sn: Ken

        """, name: "photos")
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

  private func readPhoto(_ directory: LDAPDirectory) async throws -> SeenPhoto {
    let photo = try await directory.photo(of: "photo.ken")
    return try XCTUnwrap(photo)
  }

  private static func photo(_ seed: UInt8) -> [UInt8] {
    [0xFF, 0xD8, 0xFF, 0xE0] + (0..<20_000).map { UInt8(truncatingIfNeeded: $0 * 5 + Int(seed)) }
      + [0xFF, 0xD9]
  }

  func testAPhotoReplacesTheOneSeenAndALaterChangeOverItFails() async throws {
    let (first, second) = (try directory(), try directory())
    XCTAssertEqual(first.photoFormat.attribute, "jpegPhoto")
    let none = try await readPhoto(first)
    XCTAssertEqual(none.values, [])
    let set = try await first.changePhoto(of: "photo.ken", seen: none, to: Self.photo(1))
    XCTAssertEqual(set, .changed(logFailure: nil))
    let seen = try await readPhoto(first)
    XCTAssertEqual(seen.values, [Self.photo(1)])
    let replaced = try await first.changePhoto(of: "photo.ken", seen: seen, to: Self.photo(2))
    XCTAssertEqual(replaced, .changed(logFailure: nil))
    let late = try await second.changePhoto(of: "photo.ken", seen: seen, to: Self.photo(3))
    XCTAssertEqual(late, .changedMeanwhile)
    let now = try await readPhoto(second)
    XCTAssertEqual(now.values, [Self.photo(2)])
    XCTAssertEqual(first.statistics.valueDeletingChanges, 2)
    XCTAssertEqual(first.statistics.assertedChanges, 0)
    let removed = try await second.changePhoto(of: "photo.ken", seen: now, to: nil)
    XCTAssertEqual(removed, .changed(logFailure: nil))
    let gone = try await readPhoto(first)
    XCTAssertEqual(gone.values, [])
  }
}
