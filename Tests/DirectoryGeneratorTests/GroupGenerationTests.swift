import Directory
import DirectoryGenerator
import XCTest

/// The generated groups: as many as asked for, sizes falling off as a power
/// law from a tenth of everyone, distinct members who exist, nesting that
/// never comes round, the same every time, and users.json's object form
/// reading back into the same groups.
final class GroupGenerationTests: XCTestCase {
  private static let users = UserGenerator.users(count: 5_000, avatarFileNames: [], seed: 7)

  func testSizesFallOffFromATenthOfEveryoneAndMembersAreDistinct() {
    let groups = GroupGenerator.groups(for: Self.users, seed: 7)
    XCTAssertEqual(groups.count, 100)
    XCTAssertEqual(groups.first?.members.count, 500)
    XCTAssertEqual(groups[1].members.count, 250)
    XCTAssertEqual(groups[9].members.count, 50)
    XCTAssertEqual(groups.last?.members.count, 5)
    XCTAssertEqual(groups.map(\.members.count), groups.map(\.members.count).sorted(by: >))
    let identities = Set(Self.users.map { $0.id ?? $0.username })
    for group in groups {
      XCTAssertEqual(Set(group.members).count, group.members.count, group.name)
      XCTAssertTrue(Set(group.members).isSubset(of: identities), group.name)
    }
    XCTAssertEqual(Set(groups.map(\.name)).count, groups.count)
    XCTAssertEqual(
      groups.map(\.name).prefix(3), ["Everyone", "Engineering", "Engineering Platform"])
    XCTAssertEqual(GroupGenerator.groups(for: Self.users, seed: 7), groups)
    XCTAssertNotEqual(GroupGenerator.groups(for: Self.users, seed: 8), groups)
  }

  func testSomeGroupsHoldLaterOnesSoNestingNeverComesRound() {
    let groups = GroupGenerator.groups(for: Self.users, seed: 7)
    let ranks = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($1.id, $0) })
    let nesting = groups.filter { !$0.groups.isEmpty }
    XCTAssertGreaterThan(nesting.count, 5)
    XCTAssertLessThan(nesting.count, 40)
    for (rank, group) in groups.enumerated() {
      for inner in group.groups { XCTAssertGreaterThan(ranks[inner]!, rank) }
    }
  }

  func testTheObjectFormReadsBackIntoTheSameGroups() throws {
    let groups = GroupGenerator.groups(for: Self.users, seed: 7)
    let json = UserGenerator.json(for: Self.users, groups: groups)
    let contents = try DirectoryContents(
      parsing: json, from: .file(URL(fileURLWithPath: "/tmp/users.json")))
    XCTAssertEqual(contents.viewModels.count, Self.users.count)
    XCTAssertEqual(contents.warnings, [])
    XCTAssertEqual(contents.groups.map(\.name), groups.map(\.name))
    XCTAssertEqual(contents.groups.map(\.unknownMembers), groups.map { _ in 0 })
    XCTAssertEqual(contents.groups.map(\.members.count), groups.map(\.members.count))
    XCTAssertEqual(
      contents.groups.map { $0.subgroups.map { contents.groups[$0].id } }, groups.map(\.groups))
    XCTAssertEqual(
      contents.groups[3].members.map { Self.users[Int($0)].id }, groups[3].members)
  }

  func testTooFewPeopleMakeNoGroups() {
    XCTAssertEqual(GroupGenerator.groups(for: Array(Self.users.prefix(1)), seed: 7), [])
    XCTAssertEqual(GroupGenerator.groups(for: Array(Self.users.prefix(2)), seed: 7).count, 1)
  }
}
