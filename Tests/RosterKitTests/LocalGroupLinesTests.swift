import Directory
import XCTest

@testable import RosterKit

/// A directory's own groups as the sidebar's lines: a group chosen stays
/// chosen in the next directory's groups when it is there (by identity,
/// whatever its number now), a server's group chosen does not carry over,
/// and choosing the same line again changes nothing.
final class LocalGroupLinesTests: XCTestCase {
  private static func groups(_ ids: [String]) -> DirectoryGroups {
    DirectoryGroups(ids.map { DirectoryGroup(id: $0, name: $0.capitalized) })
  }

  func testAChosenGroupIsFoundAgainByIdentity() {
    MainActor.assumeIsolated {
      let before = LocalGroupLines(Self.groups(["res", "cs"]))
      XCTAssertEqual(before.keys, ["0", "1"])
      XCTAssertTrue(before.choose(key: "1"))
      XCTAssertFalse(before.choose(key: "1"), "the same line chose again")
      XCTAssertEqual(before.choice, GroupChoice(number: 1, id: "cs", name: "Cs"))
      let after = LocalGroupLines(Self.groups(["cs", "unix"]), keeping: before.choice)
      XCTAssertEqual(after.choice, GroupChoice(number: 0, id: "cs", name: "Cs"))
      XCTAssertEqual(after.chosenKey, "0")
      let gone = LocalGroupLines(Self.groups(["unix"]), keeping: before.choice)
      XCTAssertNil(gone.choice)
      XCTAssertTrue(after.choose(key: nil))
      XCTAssertNil(after.choice, "everyone")
    }
  }

  func testAServersGroupIsNotCarriedOver() {
    MainActor.assumeIsolated {
      let server = GroupChoice(number: nil, id: "cs", name: "Cs")
      let lines = LocalGroupLines(Self.groups(["cs"]), keeping: server)
      XCTAssertNil(lines.choice)
      XCTAssertEqual(lines.line(forKey: "0")?.name, "Cs")
      XCTAssertNil(lines.line(forKey: "7"), "no group 7")
    }
  }
}
