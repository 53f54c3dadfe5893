import Directory
import DirectoryGenerator
import XCTest

/// Each person's managers up to the top and each manager's reports, over
/// a local table: six levels, a manager the directory does not hold, a
/// cycle, and a generated organisation.
final class OrgChartTests: XCTestCase {
  /// `username` reporting to `manager` (by identity; nil: nobody).
  private func person(_ username: String, _ manager: String?) -> User {
    User(username: username, details: PersonDetails(manager: manager))
  }

  func testAChainSixLevelsDeepEndsAtTheTop() {
    let names = ["ceo", "vp", "director", "manager", "lead", "engineer", "intern"]
    let table = UserTable(names.indices.map { person(names[$0], $0 == 0 ? nil : names[$0 - 1]) })
    let chain = table.managerChain(of: 6)
    XCTAssertEqual(chain.managers, [5, 4, 3, 2, 1, 0])
    XCTAssertEqual(chain.end, .top)
    XCTAssertEqual(table.managerChain(of: 0), ManagerChain(managers: [], end: .top))
    XCTAssertEqual(table.directReports(of: 0), [1])
    XCTAssertEqual(table.allReports(of: 0), [1, 2, 3, 4, 5, 6])
    XCTAssertEqual(table.allReports(of: 5), [6])
    XCTAssertEqual(table.allReports(of: 6), [])
  }

  func testAManagerTheDirectoryDoesNotHoldEndsTheChainByName() {
    let table = UserTable([person("ada", "ghost"), person("grace", "ada")])
    XCTAssertEqual(
      table.managerChain(of: 1), ManagerChain(managers: [0], end: .unknownManager("ghost")))
    XCTAssertEqual(table.directReports(of: 0), [1])
  }

  func testACycleStopsTheChainWhereItComesRound() {
    let table = UserTable([person("a", "b"), person("b", "a"), person("c", "a")])
    XCTAssertEqual(table.managerChain(of: 2), ManagerChain(managers: [0, 1], end: .cycle(0)))
    XCTAssertEqual(table.managerChain(of: 0), ManagerChain(managers: [1], end: .cycle(0)))
    // Everyone under a, each once, though the links come round to a.
    XCTAssertEqual(table.allReports(of: 0), [1, 2])
    // Their own manager: a cycle of one, not an unknown manager.
    let own = UserTable([person("loop", "loop")])
    XCTAssertEqual(own.managerChain(of: 0), ManagerChain(managers: [], end: .cycle(0)))
  }

  func testAGeneratedOrganisationHasOneTopAndReportsMatchTheLinks() {
    let users = UserGenerator.users(count: 3_000, avatarFileNames: [], seed: 7)
    let table = UserTable(users)
    var depths: [Int] = []
    for index in 0..<table.userCount {
      let chain = table.managerChain(of: index)
      XCTAssertEqual(chain.end, .top, "\(table.username(at: index))'s chain does not reach the top")
      depths.append(chain.managers.count)
      if let manager = chain.managers.first {
        XCTAssertTrue(table.directReports(of: manager).contains(index))
      }
    }
    XCTAssertEqual(depths.filter { $0 == 0 }.count, 1, "one person at the top")
    XCTAssertGreaterThanOrEqual(depths.max() ?? 0, 5, "about six levels deep")
    let top = depths.firstIndex(of: 0)!
    XCTAssertEqual(table.allReports(of: top).count, table.userCount - 1)
    XCTAssertEqual(table.position(ofUsername: table.username(at: 1234)), 1234)
    XCTAssertNil(table.position(ofUsername: "nobody here"))
  }

  func testTheOrganisationStartsAtTheTopAndAtEveryCircle() {
    let table = UserTable([
      person("ceo", nil), person("vp", "ceo"), person("lost", "ghost"), person("a", "b"),
      person("b", "a"), person("c", "a"), person("self", "self"),
    ])
    // The top, a manager the directory lacks, a circle of two, one of one.
    XCTAssertEqual(table.organisationRoots(), [0, 2, 6, 3])
    XCTAssertEqual(table.reportCount(of: 0), 1)
    XCTAssertEqual(table.reportCount(of: 3), 2)
    XCTAssertEqual(table.reportCount(of: 6), 0)
  }
}
