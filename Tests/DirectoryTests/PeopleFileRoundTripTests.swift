import Directory
import DirectoryFileFormats
import DirectoryGenerator
import Foundation
import TestSupport
import XCTest

/// A file Roster exported opens back with the same people and fields:
/// generated people and the export corpus's hostile ones, written by
/// Roster's own CSV and vCard writers, read by the CSV and vCard formats
/// through the loader, compared field by field.
final class PeopleFileRoundTripTests: XCTestCase {
  /// Generated people (seeded) with http(s) avatars, so that vCard's
  /// photo URL comes back too.
  private static func generated() throws -> UserTable {
    let users = try DirectoryGenerator.users(count: 600, avatars: 0, seed: 77, brokenAvatars: 0)
    return UserTable(
      users.enumerated().map { number, user in
        var user = user
        user.avatar = number % 3 == 0 ? "" : "https://example.org/avatars/\(number).jpg"
        return user
      })
  }

  /// `table` exported as `format` and read back as `reading`.
  private func roundTrip(
    _ table: UserTable, _ format: PersonExportFormat, _ reading: PeopleFileFormat
  )
    async throws -> DirectoryContents
  {
    let folder = TemporaryDirectory()
    _ = try await ExportCorpus.export(
      table, as: PersonExport(format: format), in: folder, photo: { .url($0) })
    let file = folder.url.appendingPathComponent("people.\(format.fileExtension)")
    return try await DirectoryLoader().load(.file(file, format: reading))
  }

  /// Every field of everyone in `table`, as `roster list` prints them.
  private static func fields(_ table: UserTable) -> [[String]] {
    (0..<table.userCount).map { ExportCorpus.values(table, at: $0) }
  }

  func testGeneratedPeopleComeBackFromCSVWithEveryField() async throws {
    let table = try Self.generated()
    let read = try await roundTrip(table, .csv, .csv)
    XCTAssertEqual(read.skippedEntries, 0, "\(read.warnings)")
    XCTAssertEqual(read.viewModels.userCount, 600)
    XCTAssertEqual(Self.fields(read.viewModels), Self.fields(table))
  }

  func testGeneratedPeopleComeBackFromVCardWithEveryFieldTheirIdsAndPhotoURLs() async throws {
    let table = try Self.generated()
    let read = try await roundTrip(table, .vcard, .vCard)
    XCTAssertEqual(read.skippedEntries, 0, "\(read.warnings)")
    XCTAssertEqual(Self.fields(read.viewModels), Self.fields(table))
    let users = read.viewModels.users
    XCTAssertEqual(users.map(\.id), table.users.map(\.id))
    XCTAssertEqual(users.map(\.avatar), table.users.map(\.avatar))
    XCTAssertEqual(users, table.users, "nothing else differs")
  }

  func testHostilePeopleComeBackFromCSVExactly() async throws {
    let table = ExportCorpus.table()
    let read = try await roundTrip(table, .csv, .csv)
    XCTAssertEqual(read.skippedEntries, 0, "\(read.warnings)")
    let expected = Self.fields(table)
    let found = Self.fields(read.viewModels)
    XCTAssertEqual(found.count, expected.count)
    for (number, (person, wanted)) in zip(found, expected).enumerated() where person != wanted {
      XCTFail(
        "person \(number): \(person.map(\.debugDescription)) != \(wanted.map(\.debugDescription))")
    }
  }

  /// vCard has no control characters but tab and writes every line break
  /// as `\n`: a value comes back as the writer's documented change of it.
  func testHostilePeopleComeBackFromVCardAsItsWriterChangesThem() async throws {
    let table = ExportCorpus.table()
    let read = try await roundTrip(table, .vcard, .vCard)
    XCTAssertEqual(read.skippedEntries, 0, "\(read.warnings)")
    let expected = Self.fields(table).map { $0.map(Self.asVCardWrites) }
    let found = Self.fields(read.viewModels)
    XCTAssertEqual(found.count, expected.count)
    for (number, (person, wanted)) in zip(found, expected).enumerated() where person != wanted {
      XCTFail(
        "person \(number): \(person.map(\.debugDescription)) != \(wanted.map(\.debugDescription))")
    }
  }

  /// `value` with CR, LF and CRLF one line break and other control
  /// characters U+FFFD, cut to the field limit.
  private static func asVCardWrites(_ value: String) -> String {
    var out = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in value.unicodeScalars {
      defer { previous = scalar }
      if scalar == "\n", previous == "\r" { continue }
      switch scalar.value {
      case 0x0D, 0x0A: out.append("\n")
      case 0x09: out.append(scalar)
      case ..<0x20, 0x7F: out.append("\u{FFFD}")
      default: out.append(scalar)
      }
    }
    return Array(String(out).utf8).withUnsafeBufferPointer { FieldLimit.string($0).text }
  }
}
