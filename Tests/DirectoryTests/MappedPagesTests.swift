import Directory
import Foundation
import SharedSupport
import XCTest

/// A table read from a mapped image lets go of the pages its scans read:
/// after a sort, a search, a filter or rows read one at a time, little of
/// the image stays in the process's resident memory, and what the scans
/// found is what the same table in memory finds.
final class MappedPagesTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-mapped-pages-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// 100,000 people (more than a scan reads between two releases), their
  /// display names repeating so that sorts find ties.
  private static let people = (0..<100_000).map { k in
    User(
      id: "00000000-0000-4000-8000-\(String(format: "%012d", k))", username: "person\(k)",
      avatar: "https://example.org/photos/\(k).jpg?version=\(k % 7)",
      details: PersonDetails(
        displayName: "Name \(k % 5_000)", email: "person\(k)@example.org",
        title: "title \(k % 90)", department: "department \(k % 40)",
        manager: k == 0 ? nil : "person\(k / 6)"))
  }

  private static let inMemory = UserTable(people)

  /// The image of ``people``, mapped, and its path.
  private func mapped() throws -> (table: UserTable, path: String) {
    let path = folder.appendingPathComponent("people").path
    var bytes: [UInt8] = []
    Self.inMemory.writeImage { bytes.append(contentsOf: $0) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let table = try XCTUnwrap(UserTable(image: path))
    XCTAssertTrue(table.isMapped)
    XCTAssertFalse(Self.inMemory.isMapped)
    return (table, path)
  }

  /// The resident bytes of this process's mappings of the file at `path`.
  private func resident(_ path: String) -> Int { ResidentMappings.bytes { $0 == path } }

  private func size(_ path: String) throws -> Int {
    try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
  }

  func testReadingEveryoneKeepsTheImageResidentUntilItsPagesAreLetGo() throws {
    let (table, path) = try mapped()
    XCTAssertEqual(table.users, Self.people)
    // The measure counts: reading everyone made most of the image resident.
    XCTAssertGreaterThan(resident(path), try size(path) / 2)
    table.releaseMappedPages()
    XCTAssertEqual(resident(path), 0)
    // The pages come back as they are read: the people are the same.
    XCTAssertEqual(table.user(at: 99_999), Self.people[99_999])
    XCTAssertGreaterThan(resident(path), 0)
  }

  func testSortsSearchesAndFiltersLetGoOfThePagesTheyRead() throws {
    let (table, path) = try mapped()
    let bound = try size(path) / 10
    let order = PersonSort([.init(.department), .init(.displayName)])
    XCTAssertEqual(table.sortedPositions(by: order), Self.inMemory.sortedPositions(by: order))
    XCTAssertLessThan(resident(path), bound, "the sort")
    // A sort of some (a search's matches: spread, in the order of positions).
    let some = Array(stride(from: 3, to: Self.people.count, by: 17))
    let byName = PersonSort([.init(.displayName)])
    XCTAssertEqual(
      table.sortedPositions(by: byName, within: some),
      Self.inMemory.sortedPositions(by: byName, within: some))
    XCTAssertLessThan(resident(path), bound, "the sort of some")
    let index = SearchIndex(table)
    XCTAssertLessThan(resident(path), bound, "the search index")
    let matches = try XCTUnwrap(index.matches("name 12"))
    XCTAssertEqual(matches, SearchIndex(Self.inMemory).matches("name 12"))
    XCTAssertFalse(matches.isEmpty)
    XCTAssertLessThan(resident(path), bound, "the search")
    let refined = try XCTUnwrap(index.matches("name 123", within: matches))
    XCTAssertFalse(refined.isEmpty)
    XCTAssertLessThan(resident(path), bound, "the refined search")
    let filter = try PersonFilter(parsing: #"email co "9@""#)
    let found = try XCTUnwrap(TableFilter(filter, over: table).positions())
    XCTAssertEqual(found, TableFilter(filter, over: Self.inMemory).positions())
    XCTAssertLessThan(resident(path), bound, "the filter")
    // The index of identities reads everyone; the lookup then reads one
    // person again (a few pages, or a few of the page cache's larger
    // folios: the kernel maps a folio whole).
    XCTAssertEqual(table.position(ofIdentity: try XCTUnwrap(Self.people[77_777].id)), 77_777)
    XCTAssertLessThan(resident(path), try size(path) / 2, "the index of identities")
  }

  func testRowsReadOneAtATimeLetGoOfTheirPagesEveryFewDozen() throws {
    let (table, path) = try mapped()
    // Rows far apart, as a list sorted otherwise than the image binds them.
    var position = 0
    func readRow() {
      position = (position + 7_919) % Self.people.count
      XCTAssertEqual(table[position].username, Self.people[position].username)
    }
    for _ in 0..<31 { readRow() }
    let before = resident(path)
    XCTAssertGreaterThan(before, 31 * 4_096, "each row read its own pages")
    // The 32nd read lets go of the others' pages before it reads its own.
    readRow()
    XCTAssertLessThan(resident(path), before)
  }
}
