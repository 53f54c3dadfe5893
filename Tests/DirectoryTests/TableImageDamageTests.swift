import Foundation
import XCTest

@testable import Directory

/// A table's image (an offline copy's people) that is damaged or of an
/// older layout does not open, whatever was changed: its frame, a
/// checksum of every byte, and every value that places another are
/// checked first, so no row read later reaches a trap.
final class TableImageDamageTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// People with every kind of value: titles, cities, avatars, managers
  /// here and a manager nobody here has.
  static let users: [User] = (0..<12).map { k in
    var details = PersonDetails()
    details.displayName = "Person \(k)"
    details.title = ["Engineer", "Manager", nil][k % 3]
    details.city = ["Berlin", nil, "Oslo", "Lisbon"][k % 4]
    details.manager = k == 0 ? "someone.elsewhere" : "user\(k / 3)"
    details.email = "user\(k)@example.org"
    return User(
      id: "id-\(k)", username: "user\(k)", avatar: k % 4 == 0 ? "" : "avatar-\(k % 4).jpg",
      role: .user, details: details)
  }

  /// The image of ``users`` as the writer makes it.
  static func image() throws -> Data {
    var bytes = Data()
    UserTable(users).writeImage { bytes.append(contentsOf: $0) }
    return bytes
  }

  private func opens(_ bytes: Data) throws -> Bool {
    let path = folder.appendingPathComponent("people-\(UUID().uuidString)")
    try bytes.write(to: path)
    guard let table = UserTable(image: path.path) else { return false }
    for index in 0..<table.userCount { _ = (table.user(at: index), table.managerIndex(at: index)) }
    return true
  }

  /// Where each column's values start, its count and width, in order.
  private static func columns(of bytes: Data) -> [(start: Int, count: Int, width: Int)] {
    func number(_ at: Int) -> Int {
      Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt64.self) })
    }
    var offset = 16
    var found: [(Int, Int, Int)] = []
    while found.count < 16 {
      let (count, width) = (number(offset), number(offset + 8))
      found.append((offset + 16, count, width))
      offset += 16 + (count * width + 7) / 8 * 8
    }
    return found
  }

  /// `bytes` with the checksum made right again, as if written so.
  private static func sealed(_ bytes: Data) -> Data {
    var out = bytes
    let end = bytes.count - 16
    let checksum = bytes.withUnsafeBytes {
      Checksum64.of(UnsafeRawBufferPointer(rebasing: $0[..<end]))
    }
    withUnsafeBytes(of: checksum.littleEndian) { out.replaceSubrange(end..<(end + 8), with: $0) }
    return out
  }

  private static func setValue(_ value: UInt32, in bytes: inout Data, column: Int, at index: Int) {
    let (start, _, width) = columns(of: bytes)[column]
    for k in 0..<width {
      bytes[start + index * width + k] = UInt8(truncatingIfNeeded: value >> (8 * k))
    }
  }

  func testTheWritersImageOpensWithEveryone() throws {
    let path = folder.appendingPathComponent("people")
    try Self.image().write(to: path)
    let table = try XCTUnwrap(UserTable(image: path.path))
    XCTAssertEqual(table.users, UserTable(Self.users).users)
    XCTAssertEqual(try Self.image().count, UserTable(Self.users).imageSize)
  }

  func testAHugeCountIsRefusedNotATrap() throws {
    for count in [UInt64.max, UInt64(Int.max), 1 << 40] {
      var bytes = try Self.image()
      withUnsafeBytes(of: count.littleEndian) { bytes.replaceSubrange(8..<16, with: $0) }
      XCTAssertFalse(try opens(bytes), "\(count)")
      XCTAssertFalse(try opens(Self.sealed(bytes)), "\(count), checksum made right")
    }
  }

  func testAFlippedByteAnywhereIsRefused() throws {
    let image = try Self.image()
    for offset in stride(from: 0, to: image.count, by: 7) {
      var bytes = image
      bytes[offset] ^= 0x10
      XCTAssertFalse(try opens(bytes), "byte \(offset) of \(image.count)")
    }
  }

  func testAnImageOfTheOlderLayoutIsRefused() throws {
    var bytes = try Self.image()
    bytes.replaceSubrange(0..<8, with: Array("RTRSTTB1".utf8.reversed()).reversed())
    XCTAssertEqual(String(decoding: bytes.prefix(8), as: UTF8.self), "RTRSTTB1")
    XCTAssertFalse(try opens(bytes))
  }

  /// Values out of place behind a checksum that matches (an image written
  /// by hand, or damage the checksum misses) are refused all the same.
  func testValuesThatPlaceOutsideTheTableAreRefusedEvenWithAGoodChecksum() throws {
    let image = try Self.image()
    XCTAssertTrue(try opens(Self.sealed(image)))
    // Columns: 0 text, 1 starts, 2 lengths, 3 avatar numbers, 4 roles,
    // 5-6 avatars, 7-8 values, 9 titles, 10 departments, 11 locations,
    // 12 cities, 13 managers, 14-15 manager references.
    let damages: [(String, column: Int, index: Int, value: UInt32)] = [
      ("an offset past the text", 1, 1, 60_000),
      ("offsets going back", 1, 2, 1),
      ("own fields longer than their text", 2, 0, 200),
      ("an avatar past its pool", 3, 1, 200),
      ("a pool's offsets going back", 6, 1, 0xFFFF),
      ("a title past its pool", 9, 0, 200),
      ("a city past its pool", 12, 0, 200),
      ("a manager past the table", 13, 3, 1_000),
      ("a manager's reference past its pool", 13, 0, (1 << 31) | 50),
    ]
    for (damage, column, index, value) in damages {
      var bytes = image
      Self.setValue(value, in: &bytes, column: column, at: index)
      XCTAssertFalse(try opens(Self.sealed(bytes)), damage)
    }
  }

  /// Writes the fuzz target's seeds (Tests/Fuzz/Corpus/replica-files) when
  /// `ROSTER_WRITE_FUZZ_SEEDS` names a folder: images and their orders as
  /// the real writers make them.
  func testWriteFuzzSeedsWhenAsked() throws {
    guard let out = ProcessInfo.processInfo.environment["ROSTER_WRITE_FUZZ_SEEDS"] else {
      throw XCTSkip("writes the replica fuzz target's seeds when ROSTER_WRITE_FUZZ_SEEDS is set")
    }
    let tables = [
      ("twelve-people", UserTable(Self.users)),
      ("one-person", UserTable(Array(Self.users.prefix(1)))),
      ("nobody", UserTable([User]())),
    ]
    for (name, table) in tables {
      var image: [UInt8] = []
      table.writeImage { image.append(contentsOf: $0) }
      let orderPath = folder.appendingPathComponent("order-\(name)").path
      try ReplicaOrderFile.write(table, to: orderPath)
      let order = try Data(contentsOf: URL(fileURLWithPath: orderPath))
      var seed = Data()
      withUnsafeBytes(of: UInt32(image.count).littleEndian) { seed.append(contentsOf: $0) }
      seed.append(contentsOf: image)
      seed.append(order)
      try seed.write(to: URL(fileURLWithPath: out).appendingPathComponent("\(name).bin"))
    }
  }
}
