import Directory
import DirectoryLDAP
import LDAPDemo
import TestSupport
import XCTest

/// One person and their managers read from slapd: the chain up to the top
/// six levels deep, a manager whose DN no longer exists, two people
/// managing each other; and a manager's reports, narrowed on the server by
/// `(manager=<DN>)`.
final class LDAPManagerChainTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: OrgFixture.people)
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  private func directory() throws -> LDAPDirectory {
    try OrgFixture.directory(try XCTUnwrap(Self.server))
  }

  private func person(_ username: String, in directory: LDAPDirectory) async throws
    -> DirectoryEntry
  {
    let found = try await directory.person(username: username)
    return try XCTUnwrap(found, username)
  }

  func testTheChainOfAPersonSixLevelsDeepReachesTheTop() async throws {
    let directory = try directory()
    let person = try await person("chain6", in: directory)
    XCTAssertEqual(person.id, "uid=chain6,ou=people,\(TestServer.suffix)")
    let chain = try await directory.managerChain(of: person)
    XCTAssertEqual(chain.managers.map(\.username), (0..<6).reversed().map { "chain\($0)" })
    XCTAssertEqual(chain.end, .top)
    let capped = try await directory.managerChain(of: person, maxDepth: 4)
    XCTAssertEqual(capped.managers.count, 4)
    XCTAssertEqual(capped.end, .tooLong)
  }

  func testAManagerWhoseEntryIsGoneEndsTheChainAsUnknown() async throws {
    let directory = try directory()
    let orphan = try await person("orphan", in: directory)
    let chain = try await directory.managerChain(of: orphan)
    XCTAssertEqual(chain.managers, [])
    XCTAssertEqual(chain.end, .unknownManager(OrgFixture.ghostDN))
    let ghost = try await directory.person(identity: OrgFixture.ghostDN)
    XCTAssertNil(ghost)
    let notADN = try await directory.person(identity: "not a DN")
    XCTAssertNil(notADN)
  }

  func testTwoPeopleManagingEachOtherStopTheChainWhereItComesRound() async throws {
    let directory = try directory()
    let a = try await person("cycle.a", in: directory)
    let chain = try await directory.managerChain(of: a)
    XCTAssertEqual(chain.managers.map(\.username), ["cycle.b"])
    guard case .cycle(let repeated) = chain.end else {
      return XCTFail("the chain ends \(chain.end), not in a cycle")
    }
    XCTAssertEqual(repeated.username, "cycle.a")
  }

  func testAManagersReportsAreThoseLdapsearchFindsByManager() async throws {
    let server = try XCTUnwrap(Self.server)
    let directory = try directory()
    for index in [0, 1, 3] {
      let manager = OrgFixture.dns(index..<(index + 1))[0]
      let reports = try await OrgFixture.everyone(directory.reports(to: manager))
      let found = OrgFixture.dns(
        inLDIF: try server.ldapsearch([
          "-E", "!sss=uid:caseIgnoreOrderingMatch", "(manager=\(manager))", "1.1",
        ]))
      XCTAssertEqual(found.count, 4, manager)
      XCTAssertEqual(reports.map { $0.id.lowercased() }, found, "by username: \(manager)")
    }
    let chainReports = try await OrgFixture.everyone(
      directory.reports(to: "uid=chain2,ou=people,\(TestServer.suffix)"))
    XCTAssertEqual(chainReports.map(\.username), ["chain3"])
    let ghostReports = try await OrgFixture.everyone(directory.reports(to: OrgFixture.ghostDN))
    XCTAssertEqual(ghostReports.map(\.username), ["orphan"], "a gone manager's reports remain")
    let nobody = try await OrgFixture.everyone(
      directory.reports(to: "uid=chain6,ou=people,\(TestServer.suffix)"))
    XCTAssertEqual(nobody, [])
  }

  func testAManagersReportsAreReadWithTheirManagerFilterAndTheSortKeys() async throws {
    let directory = try directory()
    let manager = OrgFixture.dns(0..<1)[0]
    let same = try await LDAPDirectory.reading(directory)
    XCTAssertTrue(same === directory, "everyone is read from the directory itself")
    let reports = try await LDAPDirectory.reading(directory.reports(to: manager))
    let read = try XCTUnwrap(reports)
    XCTAssertTrue(read.filter.hasSuffix("(manager=\(manager)))"), read.filter)
    XCTAssertEqual(read.sortKeys, directory.sortKeys)
  }

  func testAManagersReportsAreFilteredSortedAndSearchedLikeEveryone() async throws {
    let directory = try directory()
    let manager = OrgFixture.dns(0..<1)[0]
    let all = try await OrgFixture.everyone(directory.reports(to: manager))
    let sorted = try await OrgFixture.everyone(
      directory.reports(to: manager).querying(
        filter: try PersonFilter(parsing: #"title ne "Designer""#),
        sort: try PersonSort(parsing: "username:desc")))
    let expected = all.filter { $0.details.title != "Designer" }.map(\.username)
    XCTAssertLessThan(expected.count, all.count, "the filter left some out")
    XCTAssertEqual(sorted.map(\.username), expected.reversed())
    let searched = try await OrgFixture.everyone(
      directory.reports(to: manager).searching(all[0].username))
    XCTAssertEqual(searched.map(\.username), [all[0].username])
  }
}
