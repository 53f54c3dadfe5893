import Foundation
import TestSupport
import XCTest

@testable import Directory

/// The city, a field of its own beside the location (the office, where a
/// directory keeps both): read from users.json, filtered, sorted, kept in
/// a table's image and a copy's records, and exported.
final class CityFieldTests: XCTestCase {
  private static let json = Data(
    #"""
    [
      {"username": "ana", "location": "B-101", "city": "Berlin"},
      {"username": "bo", "location": "L-2", "city": "Lisbon"},
      {"username": "cy", "location": "B-102", "city": "Berlin"},
      {"username": "di", "location": "Oslo"}
    ]
    """#.utf8)

  private func table() throws -> UserTable {
    UserTable(try DirectoryParser.parse(Self.json).users)
  }

  func testTheCityIsReadBesideTheLocation() throws {
    let table = try table()
    XCTAssertEqual(table.details(at: 0).location, "B-101")
    XCTAssertEqual(table.details(at: 0).city, "Berlin")
    XCTAssertEqual(table.value(.city, at: 1), "Lisbon")
    XCTAssertNil(table.details(at: 3).city)
    XCTAssertEqual(table.details(at: 3).location, "Oslo")
  }

  func testAFilterAndASortReadTheCity() throws {
    let table = try table()
    func matches(_ text: String) throws -> [String] {
      TableFilter(try PersonFilter(parsing: text), over: table).positions()!.map {
        table.username(at: $0)
      }
    }
    XCTAssertEqual(try matches(#"city eq "berlin""#), ["ana", "cy"])
    XCTAssertEqual(try matches(#"city pr"#), ["ana", "bo", "cy"])
    XCTAssertEqual(try matches(#"location eq "berlin""#), [])
    let sorted = try XCTUnwrap(table.sortedPositions(by: try PersonSort(parsing: "city, username")))
    // No city sorts last, as every absent value does.
    XCTAssertEqual(sorted.map(table.username(at:)), ["ana", "cy", "bo", "di"])
  }

  func testTheTablesImageKeepsTheCity() throws {
    let table = try table()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-city-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: path) }
    var bytes = Data()
    table.writeImage { bytes.append(contentsOf: $0) }
    try bytes.write(to: path)
    let opened = try XCTUnwrap(UserTable(image: path.path))
    XCTAssertEqual(opened.users, table.users)
    XCTAssertEqual(opened.details(at: 1).city, "Lisbon")
  }

  func testARecordWrittenBeforeTheCityReadsBackWithoutOne() throws {
    var entry = DirectoryEntry(
      id: "1", username: "ana", details: PersonDetails(location: "B-101", city: "Berlin"),
      role: .user, isActive: true, photoVersion: nil)
    let bytes = ReplicaRecord.person(entry).bytes
    XCTAssertEqual(ReplicaRecord(bytes[...]), .person(entry))
    // A record of the layout before the city: the same fields without the
    // last (its length, 4 bytes, and "Berlin").
    let earlier = bytes.dropLast(4 + "Berlin".utf8.count)
    entry.details.city = nil
    XCTAssertEqual(ReplicaRecord(earlier), .person(entry))
    // Cut anywhere else, a record is no record.
    XCTAssertNil(ReplicaRecord(bytes.dropLast(3)))
  }

  func testEachExportCarriesTheCity() async throws {
    let folder = TemporaryDirectory()
    let table = try table()
    let csv = try await text(
      table, as: PersonExport(format: .csv, columns: [.username, .location, .city]), in: folder)
    XCTAssertTrue(csv.hasPrefix("username,location,city\r\nana,B-101,Berlin\r\n"), csv)
    let json = try await text(
      table, as: PersonExport(format: .json, columns: [.username, .city]), in: folder)
    let reread = try DirectoryParser.parse(Data(json.utf8)).users
    XCTAssertEqual(reread.map(\.details.city), ["Berlin", "Lisbon", "Berlin", nil])
    let cards = try await text(
      table, as: PersonExport(format: .vcard, columns: [.username, .city]), in: folder)
    XCTAssertTrue(cards.contains("X-ROSTER-CITY:Lisbon\r\n"), cards)
  }

  private func text(_ table: UserTable, as export: PersonExport, in folder: TemporaryDirectory)
    async throws -> String
  {
    String(decoding: try await ExportCorpus.export(table, as: export, in: folder), as: UTF8.self)
  }
}
