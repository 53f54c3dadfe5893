import Directory
import Foundation
import XCTest

/// A table's image: written, then opened mapped, it holds the same people
/// (every column, at every width); a file that is not a whole image is
/// refused rather than read.
final class UserTableImageTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-table-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// 70,000 people whose titles widen their column twice, whose long names
  /// widen the lengths, with shared avatars, roles and managers, one in
  /// eleven disabled.
  private static let people = (0..<70_000).map { k in
    User(
      id: "id-\(k)", username: "p\(k)", avatar: k % 3 == 0 ? "" : "a\(k % 300).png",
      role: [Role.user, .admin, .owner][k % 3], isActive: k % 11 != 5,
      details: PersonDetails(
        displayName: k % 1_000 == 7 ? String(repeating: "n", count: 300 + k % 5) : "Name \(k)",
        email: "p\(k)@example.org", title: "title \(k)", department: "department \(k % 40)",
        location: "city \(k % 260)",
        manager: k == 0 ? nil : (k % 9 == 0 ? "gone \(k)" : "p\(k / 6)")
      ))
  }

  private func write(_ table: UserTable, to name: String) throws -> String {
    var bytes: [UInt8] = []
    table.writeImage { bytes.append(contentsOf: $0) }
    XCTAssertEqual(bytes.count, table.imageSize)
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func testAnImageOpensMappedWithTheSamePeople() throws {
    let table = UserTable(Self.people)
    let path = try write(table, to: "people")
    let opened = try XCTUnwrap(UserTable(image: path))
    XCTAssertEqual(opened.userCount, Self.people.count)
    XCTAssertEqual(opened.users, Self.people)
    XCTAssertEqual(opened.avatarCount, table.avatarCount)
    // What reads across columns reads the same: the managers' links.
    XCTAssertEqual(opened.managerIndex(at: 12), table.managerIndex(at: 12))
    let empty = try XCTUnwrap(UserTable(image: try write(UserTable([User]()), to: "empty")))
    XCTAssertEqual(empty.userCount, 0)
  }

  func testAPatchOfAMappedTableWritesAnImageWithTheSamePeople() throws {
    let mapped = try XCTUnwrap(UserTable(image: try write(UserTable(Self.people), to: "people")))
    var changed = Self.people[5]
    changed.avatar = "a new photo.png"
    changed.details.title = "a title nobody had"
    let added = User(
      id: "id-new", username: "newcomer", avatar: "another new photo.png", role: .user,
      details: PersonDetails(manager: "id-5"))
    var patch = try mapped.patched([("id-5", changed), ("id-7", nil), ("id-new", added)])
    // Patched again, from the patched table's layered pools.
    var again = changed
    again.avatar = "a third photo.png"
    patch = try patch.table.patched([("id-5", again)])
    let opened = try XCTUnwrap(UserTable(image: try write(patch.table, to: "patched")))
    var expected = Self.people
    expected[5] = again
    expected.remove(at: 7)
    expected.append(added)
    XCTAssertEqual(opened.users, expected)
    XCTAssertEqual(opened.avatarCount, patch.table.avatarCount)
    XCTAssertEqual(opened.managerIndex(at: expected.count - 1), 5)
    XCTAssertEqual(mapped.users, Self.people, "the mapped table is as it was")
  }

  func testAFileThatIsNotAWholeImageIsRefused() throws {
    let path = try write(UserTable(Array(Self.people.prefix(100))), to: "people")
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertNotNil(UserTable(image: path))
    // Cut short: the trailing magic number is missing.
    try bytes.prefix(bytes.count - 8).write(to: URL(fileURLWithPath: path))
    XCTAssertNil(UserTable(image: path))
    // A column's count past the end of the file.
    bytes[16] = 0xFF
    bytes[17] = 0xFF
    try bytes.write(to: URL(fileURLWithPath: path))
    XCTAssertNil(UserTable(image: path))
    // Not an image at all, and no file.
    try Data("[]".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertNil(UserTable(image: path))
    XCTAssertNil(UserTable(image: folder.appendingPathComponent("missing").path))
  }
}
