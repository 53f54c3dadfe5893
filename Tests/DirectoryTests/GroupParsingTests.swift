import Directory
import XCTest

/// users.json's object form: the people beside their groups, the groups'
/// members and nested groups resolved by identity, and every bad group
/// skipped with a warning while the rest load.
final class GroupParsingTests: XCTestCase {
  private func contents(_ json: String) throws -> DirectoryContents {
    try DirectoryContents(
      parsing: Array(json.utf8), from: .file(URL(fileURLWithPath: "/tmp/users.json")))
  }

  private let people = """
    [{"username": "ada", "id": 1}, {"username": "grace", "id": "g"}, {"username": "linus"}]
    """

  func testGroupsNameTheirMembersByIdOrUsername() throws {
    let loaded = try contents(
      """
      {"people": \(people), "groups": [
        {"id": "eng", "name": "Engineering", "members": [1, "linus", "g"], "groups": ["ops"]},
        {"id": "ops", "name": "Operations", "members": ["g", "g", "ghost"]},
        {"name": "Everyone", "members": [1, "g", "linus"], "groups": ["eng", "Everyone", "nope"]}
      ]}
      """)
    XCTAssertEqual(loaded.viewModels.count, 3)
    XCTAssertEqual(loaded.warnings, [])
    let groups = loaded.groups
    XCTAssertEqual(groups.map(\.name), ["Engineering", "Operations", "Everyone"])
    XCTAssertEqual(groups.map(\.id), ["eng", "ops", "Everyone"])
    // File order, each person once; a member the directory lacks is counted.
    XCTAssertEqual(groups[0].members, [0, 2, 1])
    XCTAssertEqual(groups[1].members, [1])
    XCTAssertEqual(groups[1].unknownMembers, 1)
    // Itself and a group that does not exist are not inside it.
    XCTAssertEqual(groups[2].subgroups, [0])
    XCTAssertEqual(groups[2].unknownGroups, 2)
    XCTAssertEqual(groups.number(named: "Operations"), 1)
    XCTAssertEqual(groups.number(named: "ops"), 1)
    XCTAssertNil(groups.number(named: "Sales"))
    XCTAssertEqual(groups.groups(containing: 1), [0, 1, 2])
    XCTAssertEqual(groups.groups(containing: 2), [0, 2])
    XCTAssertEqual(groups.parents(of: 1), [0])
  }

  func testNestedGroupsGiveEveryMemberOnceAtAllLevelsEvenInACircle() throws {
    let loaded = try contents(
      """
      {"groups": [
        {"id": "a", "members": ["ada"], "groups": ["b"]},
        {"id": "b", "members": ["grace", "ada"], "groups": ["c"]},
        {"id": "c", "members": ["linus"], "groups": ["a"]}
      ], "people": [{"username": "ada"}, {"username": "grace"}, {"username": "linus"}]}
      """)
    let groups = loaded.groups
    XCTAssertEqual(groups.members(of: 0), [0])
    XCTAssertEqual(groups.members(of: 0, allLevels: true), [0, 1, 2])
    XCTAssertEqual(groups.nested(in: 1), [1, 2, 0])
    XCTAssertEqual(groups.members(of: 2, allLevels: true), [2, 0, 1])
  }

  func testABadGroupIsSkippedWithAWarningAndTheRestLoad() throws {
    let loaded = try contents(
      """
      {"people": \(people), "groups": [
        "sales",
        {"name": 7, "members": [1]},
        {"id": "x", "members": "ada"},
        {"members": [1]},
        {"name": "Kept", "members": [1, 2.5, true, "linus"]},
        {"name": "Also kept", "id": null, "members": null}
      ]}
      """)
    XCTAssertEqual(loaded.groups.map(\.name), ["Kept", "Also kept"])
    XCTAssertEqual(loaded.groups[0].members, [0, 2])
    XCTAssertEqual(loaded.groups[1].members, [])
    XCTAssertEqual(loaded.warnings.count, 5)
    XCTAssertTrue(loaded.warnings[0].hasPrefix("group 1 (byte "), loaded.warnings[0])
    XCTAssertTrue(loaded.warnings[0].hasSuffix("a string, not an object"), loaded.warnings[0])
    XCTAssertTrue(loaded.warnings[1].hasSuffix("\"name\" is a number, not a string, skipped"))
    XCTAssertTrue(loaded.warnings[2].hasSuffix("\"members\" is a string, not an array, skipped"))
    XCTAssertTrue(loaded.warnings[3].hasSuffix("neither \"name\" nor \"id\", skipped"))
    XCTAssertTrue(
      loaded.warnings[4].hasSuffix("2 of \"members\" neither strings nor integers, left out"))
  }

  func testGroupsThatAreNotAnArrayLeaveTheDirectoryWithoutGroups() throws {
    let loaded = try contents(#"{"groups": {"a": 1}, "people": \#(people), "other": [1]}"#)
    XCTAssertEqual(loaded.viewModels.count, 3)
    XCTAssertTrue(loaded.groups.isEmpty)
    XCTAssertEqual(loaded.warnings.count, 1)
    XCTAssertTrue(loaded.warnings[0].contains("\"groups\" (byte 11) is an object, not an array"))
  }

  func testTheArrayFormHasNoGroupsAndARepeatedPeopleKeepsTheFirst() throws {
    XCTAssertTrue(try contents(people).groups.isEmpty)
    let loaded = try contents(#"{"people": \#(people), "people": [{"username": "eve"}]}"#)
    XCTAssertEqual(loaded.viewModels.map(\.username), ["ada", "grace", "linus"])
    XCTAssertEqual(loaded.warnings.count, 1)
  }

  func testAGroupNameIsCutToTheFieldLimit() throws {
    let long = String(repeating: "é", count: FieldLimit.maxBytes)
    let loaded = try contents(#"{"people": [], "groups": [{"name": "\#(long)"}]}"#)
    XCTAssertEqual(loaded.groups[0].name.utf8.count, FieldLimit.maxBytes)
  }

  func testMalformedJSONInsideTheGroupsFailsTheFileWithItsOffset() {
    XCTAssertThrowsError(try contents(#"{"people": [], "groups": [{"name": "a",}]}"#)) { error in
      guard case .malformedJSON(let offset, _) = error as? DirectoryError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(offset, 39)
    }
  }

  func testEveryGroupProblemIsCountedThoughOnlyTheFirstFewAreWarnings() throws {
    let bad = Array(repeating: "7", count: 50).joined(separator: ", ")
    let parsed = try DirectoryParser.parse(
      Array(#"{"people": [{"username": "a"}], "groups": [\#(bad)], "groups": 3}"#.utf8))
    XCTAssertEqual(parsed.groupProblems, 51)
    XCTAssertEqual(parsed.warnings.count, DirectoryParser.maxWarnings)
    XCTAssertTrue(parsed.groups.isEmpty)
  }
}
