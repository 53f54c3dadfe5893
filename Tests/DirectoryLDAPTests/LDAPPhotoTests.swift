import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Changing photos on a real slapd, whose `jpegPhoto` has no equality
/// matching rule: the condition is the entry's `entryCSN` in the Assertion
/// control. A person sets their own photo and removes it; a photo someone
/// changed since it was read is not overwritten; a change of another
/// attribute meanwhile is no conflict; someone else's photo is refused; the
/// change log carries the photos in base64 and replays with `ldapmodify`
/// on a second slapd.
final class LDAPPhotoTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  nonisolated(unsafe) static var replica: TestServer?
  private var folder: TemporaryDirectory!
  private var log: LDAPChangeLog!

  override class func setUp() {
    super.setUp()
    server = EditServer.started()
    replica = EditServer.started()
  }

  override class func tearDown() {
    server?.shutDown()
    replica?.shutDown()
    server = nil
    replica = nil
    super.tearDown()
  }

  override func setUp() {
    super.setUp()
    folder = TemporaryDirectory()
    log = LDAPChangeLog(path: folder.url.appendingPathComponent("roster/changes.ldif").path)
  }

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  private func directory(as uid: String?) throws -> LDAPDirectory {
    let server = try XCTUnwrap(Self.server)
    return try LDAPDirectory(url: server.peopleURL, options: EditServer.options(as: uid, log: log))
  }

  /// What `directory` reads of `uid`'s photo; fails when no one has it.
  private func readPhoto(_ directory: LDAPDirectory, _ uid: String) async throws -> SeenPhoto {
    let photo = try await directory.photo(of: uid)
    return try XCTUnwrap(photo)
  }

  /// A JPEG's bytes as far as the server cares: start and end markers, and
  /// `count` bytes of every value between (NUL, newlines, high bytes).
  static func photo(_ seed: UInt8, count: Int = 40_000) -> [UInt8] {
    [0xFF, 0xD8, 0xFF, 0xE0] + (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + Int(seed)) }
      + [0xFF, 0xD9]
  }

  func testAPersonSetsReplacesAndRemovesTheirOwnPhoto() async throws {
    let server = try XCTUnwrap(Self.server)
    let ada = try directory(as: "ada")
    XCTAssertEqual(
      ada.photoFormat, PhotoFormat(attribute: "jpegPhoto", side: 256, maxBytes: 102_400))
    let none = try await readPhoto(ada, "ada")
    XCTAssertEqual(none.values, [])
    XCTAssertNotNil(none.stamp, "slapd's entryCSN is read with the photo")
    let first = Self.photo(1)
    let set = try await ada.changePhoto(of: "ada", seen: none, to: first)
    XCTAssertEqual(set, .changed(logFailure: nil))
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "ada", on: server), [first])
    XCTAssertEqual(ada.statistics.assertedChanges, 1)
    XCTAssertEqual(ada.statistics.valueDeletingChanges, 0)

    let seen = try await readPhoto(ada, "ada")
    XCTAssertEqual(seen.values, [first])
    XCTAssertNotEqual(seen.stamp, none.stamp, "the stamp moved with the change")
    let second = Self.photo(2)
    let replaced = try await ada.changePhoto(of: "ada", seen: seen, to: second)
    XCTAssertEqual(replaced, .changed(logFailure: nil))
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "ada", on: server), [second])
    let again = try await ada.changePhoto(
      of: "ada", seen: try await readPhoto(ada, "ada"), to: second)
    XCTAssertEqual(again, .alreadySo)

    let removed = try await ada.changePhoto(
      of: "ada", seen: try await readPhoto(ada, "ada"), to: nil)
    XCTAssertEqual(removed, .changed(logFailure: nil))
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "ada", on: server), [])
    XCTAssertEqual(ada.options.mainThreadCalls?.count, 0)

    let records = try log.records()
    XCTAssertEqual(records.unreadable, 0)
    XCTAssertEqual(
      records.records.map(\.changes),
      [
        [LDAPModification(attribute: "jpegPhoto", seen: [], new: [first])],
        [LDAPModification(attribute: "jpegPhoto", seen: [first], new: [second])],
        [LDAPModification(attribute: "jpegPhoto", seen: [second], new: [])],
      ])
    let text = try String(contentsOfFile: try XCTUnwrap(log.file), encoding: .utf8)
    XCTAssertTrue(text.contains("\njpegPhoto:: /9j/4"), "base64, folded")
    XCTAssertFalse(text.contains("\u{0}"))
  }

  func testAPhotoChangedSinceItWasReadIsNotOverwritten() async throws {
    let server = try XCTUnwrap(Self.server)
    let grace = try directory(as: "grace")
    let admin = try directory(as: nil)
    let seen = try await readPhoto(grace, "grace")
    let theirs = Self.photo(3)
    let meanwhile = try await admin.changePhoto(
      of: "grace", seen: try await readPhoto(admin, "grace"), to: theirs)
    XCTAssertEqual(meanwhile, .changed(logFailure: nil))
    let recordsBefore = try log.records().records.count

    let late = try await grace.changePhoto(of: "grace", seen: seen, to: Self.photo(4))
    XCTAssertEqual(late, .changedMeanwhile)
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "grace", on: server), [theirs])
    XCTAssertEqual(try log.records().records.count, recordsBefore, "nothing logged")
    // Removing a photo seen that is no longer there is refused the same way.
    let staleRemoval = try await grace.changePhoto(
      of: "grace", seen: SeenPhoto(values: [Self.photo(9)], stamp: seen.stamp), to: nil)
    XCTAssertEqual(staleRemoval, .changedMeanwhile)
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "grace", on: server), [theirs])
  }

  func testAnotherAttributeChangedMeanwhileIsNoConflict() async throws {
    let server = try XCTUnwrap(Self.server)
    let alan = try directory(as: "alan")
    let seen = try await readPhoto(alan, "alan")
    try server.server.modify(
      ldif: """
        dn: \(EditServer.dn("alan"))
        changetype: modify
        replace: title
        title: Codebreaker
        -

        """)
    let photo = Self.photo(5)
    let outcome = try await alan.changePhoto(of: "alan", seen: seen, to: photo)
    XCTAssertEqual(outcome, .changed(logFailure: nil))
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "alan", on: server), [photo])
    XCTAssertEqual(try EditServer.texts("title", of: "alan", on: server), ["Codebreaker"])
    XCTAssertEqual(alan.statistics.assertedChanges, 2, "the first failed on the moved entryCSN")
  }

  func testSomeoneElsesPhotoIsRefusedWithTheServersReason() async throws {
    let server = try XCTUnwrap(Self.server)
    let frances = try directory(as: "frances")
    let seen = try await readPhoto(frances, "barbara")
    let outcome = try await frances.changePhoto(of: "barbara", seen: seen, to: Self.photo(6))
    guard case .refused(let reason) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertTrue(reason.localizedCaseInsensitiveContains("insufficient access"), reason)
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "barbara", on: server), [])
    let nobody = try await frances.photo(of: "nobody")
    XCTAssertNil(nobody)
  }

  func testTheLogReplaysWithLDAPModify() async throws {
    let server = try XCTUnwrap(Self.server)
    let replica = try XCTUnwrap(Self.replica)
    let ken = try directory(as: "ken")
    let photos = [Self.photo(7, count: 90_000), Self.photo(8)]
    for photo in photos {
      let seen = try await readPhoto(ken, "ken")
      let outcome = try await ken.changePhoto(of: "ken", seen: seen, to: photo)
      XCTAssertEqual(outcome, .changed(logFailure: nil))
    }
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "ken", on: server), [photos[1]])
    let text = try String(contentsOfFile: try XCTUnwrap(log.file), encoding: .utf8)
    try replica.server.modify(ldif: text)
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "ken", on: replica), [photos[1]])
  }
}
