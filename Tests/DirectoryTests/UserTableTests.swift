import Directory
import Foundation
import TestSupport
import XCTest

/// The compact storage a directory loads into: every user reads back as it
/// went in, fields stay bounded, the 32-bit arenas refuse what they cannot
/// address, and a million users build off the main thread.
final class UserTableTests: XCTestCase {
  private static let people = [
    User(id: "u1", username: "maria.garcia", avatar: "avatars/m.jpg", role: .owner),
    User(username: "José Núñez", avatar: "https://example.com/a/very/long/avatar/path.png"),
    User(id: "42", username: "\u{202E}evil", avatar: "avatars/m.jpg", role: .admin),
    User(username: "李小龙", role: .user),
    User(id: "x", username: "x", avatar: "", role: .unknown),
  ]

  func testEveryUserReadsBackAsItWentIn() {
    let table = UserTable(Self.people)
    XCTAssertEqual(table.userCount, Self.people.count)
    XCTAssertEqual(table.users, Self.people)
    XCTAssertEqual(Array(table), Self.people.map(UserViewModel.init(user:)))
    XCTAssertEqual(table.identity(at: 1), "José Núñez", "no id: the username is the identity")
    XCTAssertEqual(table.identity(at: 2), "42")
    XCTAssertEqual(table.avatar(at: 3), "")
    XCTAssertEqual(table.role(at: 2), .admin)
  }

  func testAParsedFileHoldsTheSameUsersAsItsText() async throws {
    let json = #"""
      [{"id": 7, "username": "a\"b\u00e9", "avatar": "x.png", "role": "Admin"},
       {"username": "c", "avatar": null, "id": ""}, {"username": ""}]
      """#
    let folder = TemporaryDirectory()
    let file = folder.write("users.json", text: json)
    let contents = try await DirectoryLoader().load(DirectorySource(argument: file.path))
    XCTAssertEqual(
      contents.viewModels.users,
      [
        User(id: "7", username: "a\"bé", avatar: "x.png", role: .admin),
        User(username: "c", role: .unknown),
      ])
    XCTAssertEqual(contents.skippedEntries, 1)
    XCTAssertEqual(contents.rows.map(\.identity), ["7", "c"])
    XCTAssertEqual(contents.rows.map(\.viewModel), Array(contents.viewModels))
  }

  func testANameThatIsNotUTF8IsStoredAsItReadsAndFoundByIt() throws {
    // 1,000 bytes that are not UTF-8 read as 1,000 U+FFFD (3,000 bytes):
    // the table keeps the name as shown, cut to the limit, so a table made
    // from its own users is the same and search finds the name it shows.
    var file = Array(#"[{"username":"b"#.utf8)
    file += [UInt8](repeating: 0xFF, count: 1000)
    file += Array(#""}]"#.utf8)
    let parsed = try DirectoryParser.parse(file)
    let username = try XCTUnwrap(parsed.users.first?.username)
    XCTAssertTrue(username.hasPrefix("b\u{FFFD}"))
    XCTAssertLessThanOrEqual(username.utf8.count, FieldLimit.maxBytes)
    XCTAssertEqual(UserTable(parsed.users).users, parsed.users)
    let index = SearchIndex(parsed.users.map(UserViewModel.init(user:)))
    XCTAssertEqual(index.matches(username, isCancelled: { false }), [0])
  }

  func testNumbersAndLengthsPastOneAndTwoBytesReadBack() throws {
    // Distinct titles past 255 and 65,535 widen their column twice; display
    // names past 255 bytes widen the lengths; managers named but absent
    // stay as the source gave them.
    let count = 70_000
    let people = (0..<count).map { k in
      User(
        username: "p\(k)", avatar: "a\(k % 300).png",
        details: PersonDetails(
          displayName: k % 1_000 == 7 ? String(repeating: "n", count: 300 + k % 5) : "Name \(k)",
          title: "title \(k)", department: "department \(k % 40)", location: "city \(k % 260)",
          manager: k == 0 ? nil : (k % 9 == 0 ? "gone \(k)" : "p\(k / 6)")))
    }
    let table = UserTable(people)
    XCTAssertEqual(table.users, people)
    let filter = try PersonFilter(parsing: #"title eq "title 69999" or title eq "title 3""#)
    XCTAssertEqual(TableFilter(filter, over: table).positions(isCancelled: { false }), [3, 69_999])
  }

  func testRepeatedAvatarsAreStoredOnce() {
    let users = (0..<3_000).map { User(username: "p\($0)", avatar: "avatars/a\($0 % 7).png") }
    let table = UserTable(users)
    XCTAssertEqual(table.avatarCount, 7)
    XCTAssertEqual(Set(table.distinctAvatars), Set((0..<7).map { "avatars/a\($0).png" }))
    XCTAssertEqual(table.users, users)
  }

  func testAvatarsPastTheInternedCapacityStillReadBack() {
    // Unique avatars beyond what the interner remembers are stored anyway.
    let count = 70_000
    var builder = UserTableBuilder()
    for index in 0..<count {
      XCTAssertNoThrow(try builder.append(User(username: "p", avatar: "a/\(index)")))
    }
    try? builder.append(User(username: "q", avatar: "a/3"))
    let table = builder.build()
    XCTAssertEqual(table.avatarCount, count, "a remembered avatar is not stored again")
    XCTAssertEqual(table.avatar(at: count - 1), "a/\(count - 1)")
    XCTAssertEqual(table.avatar(at: count), "a/3")
  }

  func testFieldsLongerThanTheLimitAreCutOrLeftOut() {
    let long = String(repeating: "é", count: FieldLimit.maxBytes)
    let table = UserTable([User(id: long, username: long, avatar: long)])
    XCTAssertEqual(table.username(at: 0).utf8.count, FieldLimit.maxBytes)
    XCTAssertTrue(long.hasPrefix(table.username(at: 0)), "cut on a character boundary")
    XCTAssertEqual(table.identity(at: 0), table.username(at: 0))
    XCTAssertEqual(table.avatar(at: 0), "", "a cut avatar would name another file")
  }

  func testTheArenaTakesUsersUpToItsLastByteAndRefusesOneMore() throws {
    // "u1" + "ab" and "u2" + "cd": 8 bytes fill a limit of 8 exactly.
    var builder = UserTableBuilder(textLimit: 8)
    try builder.append(User(id: "u1", username: "ab"))
    try builder.append(User(id: "u2", username: "cd", avatar: "z"))
    XCTAssertThrowsError(try builder.append(User(username: "e"))) { error in
      XCTAssertEqual(error as? DirectoryError, .tooLarge(limit: 8))
    }
    let table = builder.build()
    XCTAssertEqual(table.userCount, 2, "the refused user left nothing behind")
    XCTAssertEqual(
      table.users, [User(id: "u1", username: "ab"), User(id: "u2", username: "cd", avatar: "z")])
  }

  func testTheAvatarArenaHasTheSameBound() {
    var builder = UserTableBuilder(textLimit: 4)
    XCTAssertNoThrow(try builder.append(User(username: "a", avatar: "1234")))
    XCTAssertThrowsError(try builder.append(User(username: "b", avatar: "5"))) { error in
      XCTAssertEqual(error as? DirectoryError, .tooLarge(limit: 4))
    }
    XCTAssertEqual(builder.build().users, [User(username: "a", avatar: "1234")])
  }

  func testReferencesCompareWhatTheyShowAcrossTables() {
    let first = UserTable(Self.people).references
    var edited = Self.people
    edited[1].avatar = "avatars/new.png"
    let second = UserTable(edited).references
    XCTAssertEqual(first[0], second[0])
    XCTAssertEqual(first[0].hashValue, second[0].hashValue)
    XCTAssertNotEqual(first[1], second[1], "a changed avatar is a changed row")
    XCTAssertEqual(first[1].id, second[1].id, "with the same identity")
  }

  func testAMillionUsersBuildOffTheMainThread() async throws {
    try MillionUsers.skipInSanitizerBuilds()
    let count = MillionUsers.count
    let table = await Task.detached { () -> UserTable in
      XCTAssertFalse(Thread.isMainThread)
      var builder = UserTableBuilder()
      for index in 0..<count {
        try! builder.append(
          User(
            id: "u\(index)", username: "person\(index)", avatar: "avatars/a\(index % 4000).jpg",
            role: index % 10 == 0 ? .admin : .user))
      }
      return builder.build()
    }.value
    XCTAssertEqual(table.userCount, count)
    XCTAssertEqual(table.avatarCount, 4000)
    for index in stride(from: 0, to: count, by: 99_991) {
      XCTAssertEqual(table.user(at: index).username, "person\(index)")
      XCTAssertEqual(table.identity(at: index), "u\(index)")
      XCTAssertEqual(table.avatar(at: index), "avatars/a\(index % 4000).jpg")
    }
    let index = await Task.detached { SearchIndex(table) }.value
    let found = index.rankedMatches("person999999", isCancelled: { false })
    XCTAssertEqual(found?.exact, [999_999])
    // One typo away: a nine fewer (person99999), or one nine another digit.
    XCTAssertEqual(found?.near.contains(99_999), true)
    XCTAssertEqual(found?.near.contains(999_998), true)
  }
}
