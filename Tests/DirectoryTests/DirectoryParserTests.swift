import Directory
import XCTest

final class DirectoryParserTests: XCTestCase {
  private func parse(_ json: String) throws -> (
    users: [User], skipped: Int, warnings: [String], cut: Int
  ) {
    let parsed = try DirectoryParser.parse(Array(json.utf8))
    return (parsed.users, parsed.skipped, parsed.warnings, parsed.cut)
  }

  private func parseError(_ json: String) -> DirectoryError? {
    do {
      _ = try DirectoryParser.parse(Array(json.utf8))
      return nil
    } catch {
      return error
    }
  }

  func testAWellFormedDirectoryLoadsEveryUserInOrder() throws {
    let result = try parse(
      """
      [
        {"id": "u1", "username": "maria.garcia", "avatar": "avatars/maria.jpg", "role": "Owner"},
        {"id": "u2", "username": "jchen", "avatar": "https://example.com/j.png", "role": "Admin"},
        {"id": "u3", "username": "olivia_k92", "avatar": "", "role": "User"}
      ]
      """)
    XCTAssertEqual(
      result.users,
      [
        User(id: "u1", username: "maria.garcia", avatar: "avatars/maria.jpg", role: .owner),
        User(id: "u2", username: "jchen", avatar: "https://example.com/j.png", role: .admin),
        User(id: "u3", username: "olivia_k92", avatar: "", role: .user),
      ])
    XCTAssertEqual(result.skipped, 0)
    XCTAssertEqual(result.warnings, [])
  }

  func testMissingOptionalFieldsAndExtraKeysStillLoad() throws {
    let result = try parse(
      """
      [{"username": "alice"},
       {"username": "bob", "avatar": null, "role": null, "id": null},
       {"username": "carol", "e-mail": "c@example.com", "age": 41, "tags": ["a", {"b": [1, 2.5e3, true]}],
        "profile": {"bio": "hi \\"there\\"", "links": [], "meta": {}}, "active": false, "role": "User"}]
      """)
    XCTAssertEqual(
      result.users,
      [
        User(username: "alice", avatar: "", role: .unknown),
        User(username: "bob", avatar: "", role: .unknown),
        User(username: "carol", avatar: "", role: .user, isActive: false),
      ])
    XCTAssertEqual(result.users.map(\.identity), ["alice", "bob", "carol"])
    XCTAssertEqual(result.skipped, 0)
  }

  func testAnUnknownRoleShowsAsUnknown() throws {
    let result = try parse(
      #"[{"username": "a", "role": "Guest"}, {"username": "b", "role": "admin"}, {"username": "c", "role": ""}]"#
    )
    XCTAssertEqual(result.users.map(\.role), [.unknown, .unknown, .unknown])
    XCTAssertEqual(result.users.map(\.role.displayText), ["Unknown", "Unknown", "Unknown"])
    XCTAssertEqual(result.skipped, 0)
  }

  func testEachEntryWithAWrongTypeIsSkippedAndCountedWhileTheOthersLoad() throws {
    let result = try parse(
      """
      [
        {"username": "keep1"},
        {"username": 42},
        {"username": "bad_avatar", "avatar": 7},
        {"username": "bad_role", "role": ["Admin"]},
        {"username": "bad_id", "id": true},
        {"username": "fractional_id", "id": 1.5},
        {"username": ""},
        {"avatar": "x.png"},
        "just a string",
        17,
        null,
        [{"username": "nested"}],
        {"username": "keep2", "role": "Admin"}
      ]
      """)
    XCTAssertEqual(result.users.map(\.username), ["keep1", "keep2"])
    XCTAssertEqual(result.skipped, 11)
    XCTAssertEqual(result.warnings.count, 11)
    XCTAssertTrue(result.warnings[0].hasPrefix("entry 2 (byte "), result.warnings[0])
    XCTAssertTrue(
      result.warnings[0].hasSuffix(#""username" is a number, not a string"#), result.warnings[0])
    XCTAssertTrue(
      result.warnings[2].hasSuffix(#""role" is an array, not a string"#), result.warnings[2])
    XCTAssertTrue(result.warnings[6].hasSuffix(#"no "username""#), result.warnings[6])
    XCTAssertTrue(result.warnings[7].hasSuffix("a string, not an object"), result.warnings[7])
  }

  func testOnlyTheFirstWarningsAreKeptButEverySkipIsCounted() throws {
    let entries = Array(repeating: #"{"username": 1}"#, count: 100) + [#"{"username": "ok"}"#]
    let result = try parse("[" + entries.joined(separator: ",") + "]")
    XCTAssertEqual(result.users.count, 1)
    XCTAssertEqual(result.skipped, 100)
    XCTAssertEqual(result.warnings.count, DirectoryParser.maxWarnings)
  }

  func testAnEmptyArrayIsAnEmptyDirectory() throws {
    let result = try parse(" [ \n ] \n")
    XCTAssertEqual(result.users, [])
    XCTAssertEqual(result.skipped, 0)
  }

  func testTextThatIsNotJSONIsReportedAsMalformed() {
    XCTAssertEqual(
      parseError("username,avatar,role\nalice,,User\n"),
      .malformedJSON(offset: 0, reason: "unexpected character 'u'"))
    XCTAssertEqual(parseError(""), .malformedJSON(offset: 0, reason: "the file is empty"))
    XCTAssertEqual(
      parseError(#"[{"username": "a",}]"#),
      .malformedJSON(offset: 18, reason: "unexpected character '}', expected a string"))
    XCTAssertEqual(
      parseError(#"[{"username": "a"}] trailing"#),
      .malformedJSON(
        offset: 20, reason: "unexpected character 't', expected nothing after the top-level value"))
  }

  func testAJSONObjectWithoutPeopleIsNotADirectory() {
    let error = parseError(#"{"users": [{"username": "a"}]}"#)
    XCTAssertEqual(error, .notAJSONArray)
    XCTAssertEqual(
      error?.errorDescription, "The directory is neither a JSON array nor an object with “people”")
    XCTAssertEqual(parseError(#"{"people": {"username": "a"}}"#), .notAJSONArray)
    XCTAssertEqual(parseError("{}"), .notAJSONArray)
    XCTAssertEqual(parseError(#""users""#), .notAJSONArray)
  }

  func testATruncatedFileSaysWhereItEnds() {
    let json = #"[{"username": "alice", "role": "User"}, {"username": "bo"#
    let error = parseError(json)
    XCTAssertEqual(
      error, .malformedJSON(offset: json.utf8.count, reason: "unexpected end of input"))
    XCTAssertEqual(
      error?.errorDescription, "Malformed JSON at byte \(json.utf8.count): unexpected end of input")
    XCTAssertEqual(
      parseError("[{\"username\": \"alice\"}"),
      .malformedJSON(offset: 22, reason: "unexpected end of input"))
  }

  func testEscapesAndUnicodeAreDecoded() throws {
    let result = try parse(
      #"""
      [
        {"username": "zo\u00eb.m\u00fcller", "avatar": "avatars\/z\u00F6e.png"},
        {"username": "quote\"back\\slash\ttab\nline"},
        {"username": "emoji\ud83d\ude00", "role": "Us\u0065r"},
        {"username": "lone\udc00surrogate"},
        {"username": "李小龙", "avatar": "avatars/äöü.jpg"},
        {"us\u0065rname": "escaped key"}
      ]
      """#)
    XCTAssertEqual(
      result.users.map(\.username),
      [
        "zoë.müller", "quote\"back\\slash\ttab\nline", "emoji😀", "lone\u{FFFD}surrogate", "李小龙",
        "escaped key",
      ])
    XCTAssertEqual(result.users[0].avatar, "avatars/zöe.png")
    XCTAssertEqual(result.users[2].role, .user)
    XCTAssertEqual(result.users[4].avatar, "avatars/äöü.jpg")
    XCTAssertEqual(
      parseError(#"["\x"]"#), .malformedJSON(offset: 2, reason: "invalid escape sequence in string")
    )
    XCTAssertEqual(
      parseError("[\"a\nb\"]"), .malformedJSON(offset: 3, reason: "control character in string"))
  }

  func testIntegerIdsBecomeTheirDecimalTextAndAreTheIdentity() throws {
    let result = try parse(
      #"[{"id": 17, "username": "a"}, {"id": -3, "username": "b"}, {"id": "", "username": "c"}, {"id": "x9", "username": "d"}]"#
    )
    XCTAssertEqual(result.users.map(\.id), ["17", "-3", nil, "x9"])
    XCTAssertEqual(result.users.map(\.identity), ["17", "-3", "c", "x9"])
  }

  func testAByteOrderMarkIsTolerated() throws {
    let result = try DirectoryParser.parse(
      [0xEF, 0xBB, 0xBF] + Array(#"[{"username": "a"}]"#.utf8))
    XCTAssertEqual(result.users.map(\.username), ["a"])
  }

  func testHostileNestingIsRefusedInsteadOfCrashing() {
    let deep = "[{\"username\": \"a\", \"x\": " + String(repeating: "[", count: 100_000)
    guard case .malformedJSON(_, let reason) = parseError(deep) else {
      return XCTFail("expected a malformed-JSON error")
    }
    XCTAssertTrue(reason.hasPrefix("nesting deeper than"), reason)
  }
}
