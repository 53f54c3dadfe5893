import Directory
import Foundation
import TestSupport
import XCTest

/// vCard export: text escaped so that no value starts a property or a
/// card, lines folded at 75 octets without splitting a character, the
/// photo inline from its original bytes up to the limit; a reader written
/// from RFC 6350 gets every hostile person back.
final class VCardExportTests: XCTestCase {
  private func cards(
    _ table: UserTable, columns: [PersonField] = PersonExport.defaultColumns,
    photoLimit: Int? = nil, photo: (@Sendable (String) -> ExportPhoto?)? = nil
  ) async throws -> (bytes: [UInt8], cards: [[VCardReader.Property]]) {
    let folder = TemporaryDirectory()
    var export = PersonExport(format: .vcard, columns: columns)
    if let photoLimit { export.photoLimit = photoLimit }
    let bytes = try await ExportCorpus.export(table, as: export, in: folder, photo: photo)
    return (bytes, try VCardReader.cards(bytes))
  }

  /// A value as vCard text carries it: line breaks as LF, other control
  /// characters (which vCard does not allow) as U+FFFD.
  private static func carried(_ value: String) -> String {
    var out = ""
    for scalar in value.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
      switch scalar {
      case "\r": out += "\n"
      case "\n", "\t": out.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{7F}": out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  func testTheHostileCorpusReadsBackPersonForPerson() async throws {
    let table = ExportCorpus.table()
    let (_, cards) = try await cards(table)
    XCTAssertEqual(cards.count, table.userCount)
    let properties: [PersonField: String] = [
      .username: "X-ROSTER-USERNAME", .email: "EMAIL", .phone: "TEL", .title: "TITLE",
      .department: "ORG", .manager: "X-ROSTER-MANAGER",
      .employeeNumber: "X-ROSTER-EMPLOYEE-NUMBER", .role: "X-ROSTER-ROLE", .city: "X-ROSTER-CITY",
    ]
    let known = Set(properties.values).union(["VERSION", "UID", "FN", "ADR"])
    for (index, card) in cards.enumerated() {
      let names = card.map(\.name)
      XCTAssertEqual(Set(names).count, names.count, "each property once: \(names)")
      XCTAssertTrue(Set(names).isSubset(of: known), "\(names)")
      func value(_ name: String) -> String? { card.first { $0.name == name }?.text }
      XCTAssertEqual(value("VERSION"), "4.0")
      XCTAssertEqual(value("UID"), "id-\(index)")
      let username = table.text(of: .username, at: index)!
      let displayName = table.text(of: .displayName, at: index)
      XCTAssertEqual(value("FN"), Self.carried(displayName ?? username), "person \(index)")
      for (field, name) in properties {
        XCTAssertEqual(
          value(name), table.text(of: field, at: index).map(Self.carried), "\(index) \(field)")
      }
      let address = card.first { $0.name == "ADR" }
      XCTAssertEqual(
        address.map { VCardReader.components($0.raw) },
        table.text(of: .location, at: index).map { ["", "", "", Self.carried($0), "", "", ""] })
    }
  }

  func testSeparatorsAndLineBreaksAreEscaped() async throws {
    let table = UserTable([
      User(username: "u", details: PersonDetails(displayName: "a,b;c\\d\ne\r\nf\rg:h"))
    ])
    let (bytes, _) = try await cards(table, columns: [.displayName])
    let text = String(decoding: bytes, as: UTF8.self)
    XCTAssertTrue(text.contains("\r\nFN:a\\,b\\;c\\\\d\\ne\\nf\\ng:h\r\n"), text)
  }

  func testLongLinesFoldAt75OctetsWithoutSplittingACharacter() async throws {
    let name = String(repeating: "é", count: 100) + String(repeating: "😀", count: 40) + "end"
    let table = UserTable([User(username: "u", details: PersonDetails(displayName: name))])
    let (bytes, cards) = try await cards(table, columns: [.displayName])
    XCTAssertEqual(cards.first?.first { $0.name == "FN" }?.text, name)
    let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    let folded = lines.filter { $0.hasPrefix(" ") }
    XCTAssertGreaterThanOrEqual(folded.count, 4)
    for line in lines { XCTAssertLessThanOrEqual(line.utf8.count, 75, line) }
    XCTAssertTrue(
      lines.contains { $0.utf8.count >= 72 }, "lines are filled, not folded early")
  }

  func testThePhotoIsInlineFromItsBytesUpToTheLimit() async throws {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + (0..<3000).map { UInt8($0 % 251) }
    let table = UserTable([
      User(username: "small", avatar: "small.jpg"), User(username: "large", avatar: "large.jpg"),
      User(username: "web", avatar: "https://example.com/a.png"),
      User(username: "hostile", avatar: "https://example.com/a\r\nEMAIL:evil@example.com"),
    ])
    let (_, cards) = try await cards(table, columns: [.username], photoLimit: 4000) { avatar in
      switch avatar {
      case "small.jpg": .bytes(jpeg)
      case "large.jpg": .bytes(Array(repeating: 1, count: 4001))
      default: .url(avatar)
      }
    }
    let photos = cards.map { $0.first { $0.name == "PHOTO" }?.raw }
    XCTAssertEqual(photos[0], "data:image/jpeg;base64," + Data(jpeg).base64EncodedString())
    XCTAssertNil(photos[1], "a photo past the limit is left out, not cut")
    XCTAssertEqual(photos[2], "https://example.com/a.png")
    XCTAssertNil(photos[3], "a URL that would break the line is left out")
    XCTAssertNil(cards[3].first { $0.name == "EMAIL" })
  }
}
