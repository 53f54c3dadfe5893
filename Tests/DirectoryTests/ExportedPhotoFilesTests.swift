import Directory
import Foundation
import TestSupport
import XCTest

/// Only pictures leave in a vCard: an avatar naming any other file beside
/// users.json (a text file, a key in a hidden folder, a picture inside a
/// hidden folder, text named like a picture) is not embedded as `PHOTO`,
/// while a real PNG next to them is. `roster export`, the built binary,
/// over real files.
final class ExportedPhotoFilesTests: XCTestCase {
  private static let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("data/avatars/avatar-0001.png")

  func testOnlyPicturesBesideUsersJSONAreEmbeddedInVCards() throws {
    let folder = TemporaryDirectory()
    let png = try Data(contentsOf: Self.picture)
    _ = folder.write("secret.txt", Data("the database password is hunter2\n".utf8))
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
    _ = folder.write(".hidden/id_key", Data("-----BEGIN OPENSSH PRIVATE KEY-----\n".utf8))
    _ = folder.write(".hidden/face.png", png)
    _ = folder.write("notes.png", Data("plain text named like a picture\n".utf8))
    _ = folder.write("face.png", png)
    let avatars = [
      "leak1": "secret.txt", "leak2": ".hidden/id_key", "leak3": ".hidden/face.png",
      "leak4": "notes.png", "leak5": "./.hidden/id_key", "ok": "face.png",
    ]
    let people = avatars.sorted { $0.key < $1.key }.map { username, avatar in
      ["id": username, "username": username, "avatar": avatar]
    }
    let users = folder.write(
      "users.json", try JSONSerialization.data(withJSONObject: ["people": people]))
    let output = folder.url.appendingPathComponent("people.vcf").path
    let run = try RosterProcess.run([
      "export", "--source", users, "--format", "vcard", "--output", output,
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    let cards = text.components(separatedBy: "END:VCARD").filter { $0.contains("BEGIN:VCARD") }
    XCTAssertEqual(cards.count, avatars.count)
    var embedded: [String] = []
    for card in cards {
      let username = card.components(separatedBy: "\r\n")
        .first { $0.hasPrefix("X-ROSTER-USERNAME:") }?.dropFirst("X-ROSTER-USERNAME:".count)
      if card.contains("PHOTO") { embedded.append(username.map(String.init) ?? "?") }
    }
    XCTAssertEqual(embedded, ["ok"], "only the picture outside hidden folders")
    XCTAssertFalse(text.contains("data:application/octet-stream"))
    let secret = Data("the database password".utf8).base64EncodedString().prefix(20)
    XCTAssertFalse(text.replacingOccurrences(of: "\r\n ", with: "").contains(secret))
  }
}
