import Directory
import DirectoryGenerator
import XCTest

final class UserGeneratorTests: XCTestCase {
  private let files = (0..<50).map { "avatar-\($0).jpg" }

  func testTheSameSeedGivesTheSameDirectory() {
    let first = UserGenerator.users(count: 3000, avatarFileNames: files, seed: 7)
    XCTAssertEqual(first, UserGenerator.users(count: 3000, avatarFileNames: files, seed: 7))
    XCTAssertNotEqual(first, UserGenerator.users(count: 3000, avatarFileNames: files, seed: 8))
    XCTAssertEqual(UserGenerator.json(for: first), UserGenerator.json(for: first))
  }

  func testGeneratedUsersLookLikeARealDirectory() {
    let users = UserGenerator.users(count: 20_000, avatarFileNames: files, seed: 2026)
    XCTAssertEqual(Set(users.map(\.username)).count, users.count, "usernames are unique")
    XCTAssertEqual(users.first?.id, "u0000001")
    XCTAssertEqual(users.last?.id, "u0020000")

    let withoutAvatar = users.filter { $0.avatar.isEmpty }.count
    XCTAssertEqual(Double(withoutAvatar) / Double(users.count), 0.05, accuracy: 0.01)
    let referenced = Set(users.map(\.avatar).filter { !$0.isEmpty })
    XCTAssertEqual(referenced, Set(files.map { "avatars/" + $0 }), "every avatar file is used")

    let roles = Dictionary(grouping: users, by: \.role).mapValues(\.count)
    XCTAssertGreaterThan(roles[.user, default: 0], users.count * 85 / 100)
    XCTAssertGreaterThan(roles[.owner, default: 0], 0)
    XCTAssertGreaterThan(roles[.admin, default: 0], 0)
    XCTAssertGreaterThan(roles[.unknown, default: 0], 0)
    XCTAssertTrue(users.contains { $0.username.contains(".") })
    XCTAssertTrue(users.contains { $0.username.contains("_") })
    XCTAssertTrue(users.contains { $0.username.unicodeScalars.contains { !$0.isASCII } })
  }

  func testGeneratedJSONReadsBackAsTheSameUsers() throws {
    var users = UserGenerator.users(count: 2000, avatarFileNames: files, seed: 1)
    users.append(
      User(id: nil, username: "quote\"back\\slash\u{1}ctl\ttab", avatar: "", role: .owner))
    let parsed = try DirectoryParser.parse(UserGenerator.json(for: users))
    XCTAssertEqual(parsed.skipped, 0)
    XCTAssertEqual(parsed.users, users)
  }

  func testAnEmptyAvatarListMeansNoAvatars() {
    let users = UserGenerator.users(count: 100, avatarFileNames: [], seed: 1)
    XCTAssertTrue(users.allSatisfy { $0.avatar.isEmpty })
  }
}
