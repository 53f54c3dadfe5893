import Foundation
import SharedSupport
import TestSupport
import XCTest

@testable import Directory

/// A table whose people's own text went to a file as it was built (a full
/// refresh of an offline copy) is the table built in memory: the same
/// people, fields and manager links, its text read from the file, mapped.
final class SpooledTextTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-spool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// `count` people (seeded), each but the first with a manager among them
  /// (by identity), a few naming someone who is not there.
  private static func people(_ count: Int) -> [User] {
    var random = SplitMix64(seed: 41)
    return (0..<count).map { index in
      var details = PersonDetails()
      details.displayName = "Person \(random.next() % 100_000)"
      details.title = ["Engineer", "Designer", "Accountant"][index % 3]
      details.department = ["Platform", "Finance"][index % 2]
      details.email = "p\(index)@example.org"
      if index > 0 {
        details.manager = index % 97 == 0 ? "nobody-\(index)" : "id-\((index - 1) / 4)"
      }
      return User(
        id: "id-\(index)", username: "person.\(index)", avatar: "v\(index % 7)", role: .user,
        details: details)
    }
  }

  /// `people` built with their text spooled to a file every `every`
  /// people (and once more at the end).
  private func spooled(_ people: [User], every: Int) throws -> UserTable {
    let path = folder.appendingPathComponent("text").path
    let file = try OutputFile(create: path)
    var builder = UserTableBuilder()
    for (index, user) in people.enumerated() {
      try builder.append(user)
      if index % every == every - 1 { try builder.spoolText(file.write) }
    }
    try builder.spoolText(file.write)
    XCTAssertEqual(builder.unspooledTextBytes, 0)
    let mapping = try file.mapped()
    unlink(path)
    return UserTable(builder.finish(spooledText: mapping))
  }

  func testASpooledTableHoldsThePeopleAndLinksOfOneBuiltInMemory() throws {
    let people = Self.people(3_000)
    let inMemory = UserTable(people)
    for every in [1, 7, 1_000, 5_000] {
      let table = try spooled(people, every: every)
      XCTAssertTrue(table.isMapped, "the text is read from the file")
      XCTAssertEqual(table.users, inMemory.users, "spooled every \(every)")
      for position in [0, 1, 5, 97, 2_999] {
        XCTAssertEqual(table.managerIndex(at: position), inMemory.managerIndex(at: position))
        XCTAssertEqual(table.details(at: position), inMemory.details(at: position))
      }
      XCTAssertNotNil(table.managerIndex(at: 5), "managers are linked")
      XCTAssertEqual(table.managerIdentity(at: 97), "nobody-97")
      // Its image is the in-memory table's, byte for byte.
      XCTAssertEqual(Self.image(of: table), Self.image(of: inMemory))
    }
  }

  func testNothingSpooledIsAnEmptyTable() throws {
    let table = try spooled([], every: 1)
    XCTAssertEqual(table.userCount, 0)
    XCTAssertFalse(table.isMapped)
  }

  func testTheArenasLimitCountsTheTextSpooled() throws {
    // "u1" + "ab" and "u2" + "cd": 8 bytes fill a limit of 8 exactly, the
    // first 4 of them in the file.
    let file = try OutputFile(create: folder.appendingPathComponent("text").path)
    var builder = UserTableBuilder(textLimit: 8)
    try builder.append(User(id: "u1", username: "ab"))
    try builder.spoolText(file.write)
    try builder.append(User(id: "u2", username: "cd"))
    XCTAssertThrowsError(try builder.append(User(username: "e"))) { error in
      XCTAssertEqual(error as? DirectoryError, .tooLarge(limit: 8))
    }
    try builder.spoolText(file.write)
    let table = UserTable(builder.finish(spooledText: try file.mapped()))
    XCTAssertEqual(table.users, [User(id: "u1", username: "ab"), User(id: "u2", username: "cd")])
  }

  private static func image(of table: UserTable) -> [UInt8] {
    var bytes: [UInt8] = []
    table.writeImage { bytes.append(contentsOf: $0) }
    return bytes
  }
}
