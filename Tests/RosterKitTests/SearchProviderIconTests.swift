import Foundation
import TestSupport
import XCTest

@testable import RosterKit

/// What gnome-shell gets as a result's picture, asked over a private D-Bus
/// session (``SearchProviderSession``): only a small PNG Roster decoded and
/// encoded itself, never a file to open or bytes it did not decode.
final class SearchProviderIconTests: XCTestCase {
  func testTheShellGetsOnlyPicturesRosterDecodedAsSmallPNGs() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-search-icons-\(UUID())")
    let avatars = data.appendingPathComponent("avatars")
    try FileManager.default.createDirectory(at: avatars, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: data) }
    let root = RosterProcess.url.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("data/avatars/avatar-0002.jpg"),
      to: avatars.appendingPathComponent("jpeg.jpg"))
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle r="30"/></svg>"#
        .utf8
    ).write(to: avatars.appendingPathComponent("vector.svg"))
    try Data(
      """
      /* XPM */
      static char *x[] = {"2 2 1 1", "a c #FF0000", "aa", "aa"};
      """.utf8
    ).write(to: avatars.appendingPathComponent("pixmap.xpm"))
    // A name that says PNG over bytes that are text.
    try Data("not a picture at all\n".utf8).write(to: avatars.appendingPathComponent("text.png"))
    let users = data.appendingPathComponent("users.json")
    try Data(
      #"""
      {"people": [
        {"id": "p-jpeg", "username": "tesjpeg", "displayName": "Tess Jpeg", "avatar": "avatars/jpeg.jpg"},
        {"id": "p-svg", "username": "tessvg", "displayName": "Tess Svg", "avatar": "avatars/vector.svg"},
        {"id": "p-xpm", "username": "tesxpm", "displayName": "Tess Xpm", "avatar": "avatars/pixmap.xpm"},
        {"id": "p-text", "username": "testext", "displayName": "Tess Text", "avatar": "avatars/text.png"}
      ]}
      """#.utf8
    ).write(to: users)
    let directory = RememberedDirectory(kind: .jsonFile, location: users.path)
    let session = try SearchProviderSession(remembering: directory)
    defer { session.stop() }

    let ids = try session.results(["tess"])
    XCTAssertEqual(ids.count, 4, "\(ids)")
    let (reply, _) = try session.callProvider("GetResultMetas", [SearchProviderSession.array(ids)])
    let metas = Self.metasByID(reply)
    XCTAssertEqual(metas.count, 4, reply)
    XCTAssertFalse(reply.contains("'file'"), "a file went to the shell: \(reply)")
    for person in ["p-svg", "p-xpm", "p-text"] {
      let meta = try XCTUnwrap(metas["\(directory.id)/\(person)"], reply)
      XCTAssertTrue(meta.contains("'avatar-default'"), "\(person): \(meta)")
      XCTAssertFalse(meta.contains("'bytes'"), "\(person): \(meta)")
    }
    let jpeg = try XCTUnwrap(metas["\(directory.id)/p-jpeg"], reply)
    let png = try XCTUnwrap(Self.iconBytes(in: jpeg), jpeg)
    print("the JPEG avatar went as \(png.count) bytes of PNG")
    XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    XCTAssertLessThanOrEqual(png.count, ShellIcon.maxPNGBytes)
    // IHDR: 64 x 64.
    XCTAssertEqual(Array(png[16..<24]), [0, 0, 0, 64, 0, 0, 0, 64])
  }

  /// Each meta's printed text by its id, from a gdbus GetResultMetas answer.
  static func metasByID(_ reply: String) -> [String: String] {
    var metas: [String: String] = [:]
    for part in reply.components(separatedBy: "{'id': <'").dropFirst() {
      guard let end = part.range(of: "'>") else { continue }
      metas[String(part[..<end.lowerBound])] = part
    }
    return metas
  }

  /// The bytes of a GBytesIcon in a printed meta: `('bytes', <[byte 0x89, …]>)`.
  static func iconBytes(in meta: String) -> [UInt8]? {
    guard let start = meta.range(of: "('bytes', <[byte "),
      let end = meta[start.upperBound...].firstIndex(of: "]")
    else { return nil }
    return meta[start.upperBound..<end].split(separator: ",").compactMap {
      UInt8($0.trimmingCharacters(in: .whitespaces).dropFirst(2), radix: 16)
    }
  }
}
