import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// `roster photo` as a process against slapd: a person sets their own
/// photo from a PNG (its middle square, a 256-pixel JPEG within 100 KB),
/// `--size` and `--remove`; a 20 MB file, a 20,000×20,000 PNG and a broken
/// one are refused with a sentence and nothing written; a photo changed
/// since (`--if-photo`) ends with 3 and writes nothing; someone else's
/// photo is refused with the server's reason.
final class RosterPhotoServerTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  private var data: TemporaryDirectory!

  override class func setUp() {
    super.setUp()
    server = EditServer.started()
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  override func setUp() {
    super.setUp()
    data = TemporaryDirectory()
  }

  override func tearDown() {
    data = nil
    super.tearDown()
  }

  /// Runs `roster photo` bound as `uid`, with the change log under the
  /// test's own data folder.
  private func photo(_ arguments: [String], as uid: String) throws -> RosterProcess.Run {
    let server = try XCTUnwrap(Self.server)
    return try RosterProcess.run(
      ["photo", "--source", server.peopleURL, "--bind-dn", EditServer.dn(uid)] + arguments,
      environment: [
        "XDG_DATA_HOME": data.path, "ROSTER_BIND_PASSWORD": EditServer.password(of: uid),
      ])
  }

  private var log: String {
    (try? String(
      contentsOfFile: data.url.appendingPathComponent("roster/changes.ldif").path, encoding: .utf8))
      ?? ""
  }

  /// An avatar of the demo directory (a 384-pixel PNG).
  private var avatar: String {
    TestPreferences.packageRoot.appendingPathComponent("data/avatars/avatar-0001.png").path
  }

  /// A JPEG's width and height, from its first frame header.
  static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    var offset = 2
    while offset + 9 < bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      if (0xC0...0xC2).contains(marker) {
        return (
          Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8]),
          Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
        )
      }
      offset += 2 + length
    }
    return nil
  }

  private func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let url = data.url.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  func testAPersonSetsResizesAndRemovesTheirOwnPhoto() throws {
    let server = try XCTUnwrap(Self.server)
    let set = try photo(["ken", avatar], as: "ken")
    XCTAssertEqual(set.status, 0, set.errors)
    XCTAssertEqual(set.errors, "")
    let written = try EditServer.values("jpegPhoto", of: "ken", on: server)
    XCTAssertEqual(written.count, 1)
    let jpeg = try XCTUnwrap(written.first)
    XCTAssertLessThanOrEqual(jpeg.count, 102_400)
    let size = try XCTUnwrap(Self.jpegSize(jpeg))
    XCTAssertEqual([size.width, size.height], [256, 256])
    XCTAssertTrue(log.contains("replace: jpegPhoto\njpegPhoto:: /9j/"), log)
    XCTAssertTrue(log.contains("# before: jpegPhoto (none)"), log)

    let small = try photo(["--size", "96", "ken", avatar], as: "ken")
    XCTAssertEqual(small.status, 0, small.errors)
    let smaller = try XCTUnwrap(try EditServer.values("jpegPhoto", of: "ken", on: server).first)
    XCTAssertEqual(Self.jpegSize(smaller).map { [$0.width, $0.height] }, [96, 96])
    XCTAssertTrue(
      log.contains("# before: jpegPhoto:: \(Data(jpeg).base64EncodedString())\n"),
      "the photo before, whole, for undoing")

    print("avatar-0001.png (384 px): \(jpeg.count) bytes at 256 px, \(smaller.count) at 96 px")
    let removed = try photo(["--remove", "ken"], as: "ken")
    XCTAssertEqual(removed.status, 0, removed.errors)
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "ken", on: server), [])
    let again = try photo(["--remove", "ken"], as: "ken")
    XCTAssertEqual(again.status, 0, again.errors)
    XCTAssertEqual(again.errors, "roster photo: ken has no photo\n")
  }

  func testFilesOverTheLimitsOrBrokenAreRefusedAndNothingIsWritten() throws {
    let server = try XCTUnwrap(Self.server)
    let large = data.url.appendingPathComponent("large.png")
    XCTAssertTrue(FileManager.default.createFile(atPath: large.path, contents: Data([0x89])))
    let handle = try FileHandle(forWritingTo: large)
    try handle.truncate(atOffset: 20 << 20)
    try handle.close()
    // A PNG signature and IHDR declaring 20,000×20,000 (its CRC right).
    var ihdr: [UInt8] = Array("IHDR".utf8)
    for value in [UInt32(20_000), UInt32(20_000)] {
      ihdr += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
    ihdr += [8, 6, 0, 0, 0]
    let huge = try write(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr + [0, 0, 0, 0],
      "huge.png")
    let original = try Data(contentsOf: URL(fileURLWithPath: avatar))
    let broken = try write(Array(original.prefix(original.count / 2)), "broken.png")
    let text = try write(Array("hello".utf8), "text.png")
    let cases = [
      (large.path, "The photo is larger than 10 MB"),
      (huge, "The photo is 20000×20000 pixels, more than 8192 a side or 40 megapixels"),
      (broken, "The photo is damaged or cut short and could not be decoded"),
      (text, "The photo is not a PNG, JPEG or GIF image"),
    ]
    for (file, sentence) in cases {
      let run = try photo(["dennis", file], as: "dennis")
      XCTAssertEqual(run.status, 1, run.errors)
      XCTAssertEqual(run.errors, "roster photo: \(file): \(sentence)\n")
    }
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "dennis", on: server), [])
    XCTAssertEqual(log, "")
  }

  func testAPhotoChangedSinceEndsWithThreeAndWritesNothing() throws {
    let server = try XCTUnwrap(Self.server)
    let first = try photo(["frances", avatar], as: "frances")
    XCTAssertEqual(first.status, 0, first.errors)
    let theirs = try EditServer.values("jpegPhoto", of: "frances", on: server)
    let logged = log
    let late = try photo(["--if-photo", "none", "frances", avatar], as: "frances")
    XCTAssertEqual(late.status, 3, late.errors)
    XCTAssertEqual(
      late.errors,
      "roster photo: someone changed the photo of frances since it was read: nothing was written\n"
    )
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "frances", on: server), theirs)
    XCTAssertEqual(log, logged, "nothing logged")
    // The photo seen, given: the change is made.
    let seen = try write(try XCTUnwrap(theirs.first), "seen.jpg")
    let known = try photo(["--if-photo", seen, "--remove", "frances"], as: "frances")
    XCTAssertEqual(known.status, 0, known.errors)
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "frances", on: server), [])
  }

  func testSomeoneElsesPhotoIsRefusedWithTheServersReason() throws {
    let server = try XCTUnwrap(Self.server)
    let run = try photo(["grace", avatar], as: "margaret")
    XCTAssertEqual(run.status, 1, run.errors)
    XCTAssertTrue(
      run.errors.hasPrefix("roster photo: the directory server refused the change: "), run.errors)
    XCTAssertTrue(run.errors.localizedCaseInsensitiveContains("insufficient access"), run.errors)
    XCTAssertEqual(try EditServer.values("jpegPhoto", of: "grace", on: server), [])
    let nobody = try photo(["nobody", avatar], as: "margaret")
    XCTAssertEqual(nobody.status, 1)
    XCTAssertEqual(
      nobody.errors, "roster photo: no one in the directory has the username “nobody”\n")
  }
}
