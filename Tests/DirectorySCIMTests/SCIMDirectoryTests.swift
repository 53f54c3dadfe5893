import Directory
import DirectorySCIM
import TestSupport
import XCTest

/// A real scim2-server on 127.0.0.1 with 300 users loaded in a scrambled
/// order: counts, sorted windows at any offset, search, roles and a wrong
/// token. One server serves the whole class (starting Python takes seconds).
final class SCIMDirectoryTests: XCTestCase {
  static let count = 300
  nonisolated(unsafe) private static var shared: TestSCIMServer?

  private var server: TestSCIMServer!

  override func setUp() async throws {
    if Self.shared == nil {
      Self.shared = try await TestSCIMServer(people: TestSCIMServer.people(Self.count))
    }
    server = Self.shared
  }

  override class func tearDown() {
    shared?.kill()
    shared = nil
  }

  private func directory(token: String = TestSCIMServer.token) throws -> SCIMDirectory {
    try SCIMDirectory(url: server.url, token: Secret(token))
  }

  private static func name(_ index: Int) -> String { "user" + String(index + 10000).dropFirst() }

  func testTheCountAndTheFirstRangeComeSortedByUsername() async throws {
    let directory = try directory()
    let window = try await directory.rows(0..<50)
    XCTAssertEqual(window.count, Self.count)
    XCTAssertTrue(window.isCountFinal)
    XCTAssertEqual(window.entries.map(\.username), (0..<50).map(Self.name))
    XCTAssertEqual(directory.statistics.pagesFetched, 1)
    XCTAssertEqual(directory.location, "127.0.0.1")
  }

  func testWindowsAtTheFirstTheMiddleAndTheLastOffset() async throws {
    let directory = try directory()
    for offset in [0, Self.count / 2, Self.count - 1] {
      let window = try await directory.rows(offset..<(offset + 1))
      XCTAssertEqual(window.offset, offset)
      XCTAssertEqual(window.entries.map(\.username), [Self.name(offset)])
    }
    let past = try await directory.rows(Self.count..<(Self.count + 10))
    XCTAssertEqual(past.entries, [])
    XCTAssertEqual(past.offset, Self.count)
    XCTAssertEqual(past.count, Self.count)
  }

  func testAWindowLargerThanAPageIsReadInSeveralPages() async throws {
    var options = SCIMOptions()
    options.pageSize = 40
    let directory = try SCIMDirectory(
      url: server.url, token: Secret(TestSCIMServer.token), options: options)
    let window = try await directory.rows(10..<110)
    XCTAssertEqual(window.entries.map(\.username), (10..<110).map(Self.name))
    XCTAssertEqual(directory.statistics.pagesFetched, 3)
  }

  func testSearchSendsQuotesAndBackslashesAsText() async throws {
    let directory = try directory()
    let quoted = try await directory.searching(#""Q0007" O\Brien"#).rows(0..<10)
    XCTAssertEqual(quoted.entries.map(\.username), ["user0007"])
    XCTAssertEqual(quoted.entries.first?.displayName, #"Ann "Q0007" O\Brien"#)
    let prefix = try await directory.searching("user001").rows(0..<20)
    XCTAssertEqual(prefix.count, 10)
    XCTAssertEqual(prefix.entries.map(\.username), (10..<20).map(Self.name))
    let nothing = try await directory.searching(#"" or userName pr or ""#).rows(0..<10)
    XCTAssertEqual(nothing.count, 0)
  }

  func testThePositionOfAUsernameCountsTheUsersBeforeIt() async throws {
    let window = try await directory().position(ofFirstAtOrAfter: "user0120")
    XCTAssertEqual(window.offset, 120)
    XCTAssertEqual(window.entries.map(\.username), ["user0120"])
  }

  func testTheRoleIsThePrimaryRoleElseTheUserType() async throws {
    let entries = try await directory().rows(0..<6).entries
    // 0: role Admin (and userType Owner); 1: User; 5: userType Owner only.
    XCTAssertEqual(entries.map(\.role), [.admin, .user, .user, .admin, .user, .owner])
  }

  func testAPersonsDetailsArriveWithTheirManagersID() async throws {
    let entries = try await directory().rows(0..<9).entries
    XCTAssertEqual(
      entries[5].details,
      PersonDetails(
        displayName: "Person 0005", email: "user0005@example.org", title: "Accountant",
        department: "Design", location: "São Paulo", phone: "+1 555 010005",
        manager: entries[1].id, employeeNumber: "E0005"),
      "the primary email, phone number and address; the enterprise extension")
    XCTAssertNil(entries[0].details.manager)
    for (index, entry) in entries.enumerated().dropFirst() {
      XCTAssertEqual(entry.details.manager, entries[(index - 1) / 4].id, entry.username)
    }
  }

  func testTheDetailsListTheResourcesAttributes() async throws {
    let directory = try directory()
    let id = try await directory.rows(0..<1).entries[0].id
    let attributes = try await directory.attributes(of: id)
    XCTAssertEqual(attributes.first { $0.name == "userName" }?.values, ["user0000"])
    XCTAssertEqual(attributes.first { $0.name == "roles.value" }?.values, ["Admin"])
  }

  func testAWrongTokenIsAClearErrorThatDoesNotShowTheToken() async throws {
    let directory = try directory(token: "not-the-token")
    do {
      _ = try await directory.rows(0..<10)
      XCTFail("a wrong token was accepted")
    } catch {
      XCTAssertEqual(error, .scim(.tokenRefused(server: "http://127.0.0.1:\(server.port)")))
      let message = error.errorDescription ?? ""
      XCTAssertTrue(message.contains("refused the token"), message)
      XCTAssertFalse(message.contains("not-the-token"), message)
    }
  }

  /// A refusal is the error, not a wait: the request's timeout is ten
  /// minutes, so an answer within the minute the test allows did not wait
  /// for it, on any machine.
  func testARefusedConnectionFailsAtOnceNotAfterTheTimeout() async throws {
    let refusing = try RefusingPort()
    var options = SCIMOptions()
    options.timeout = .seconds(600)
    let directory = try SCIMDirectory(
      url: "scim+http://127.0.0.1:\(refusing.port)/v2", token: Secret("t"), options: options)
    let started = ContinuousClock.now
    do {
      _ = try await directory.rows(0..<10)
      XCTFail("a refused connection answered")
    } catch {
      XCTAssertEqual(error, .network("the server refused the connection"))
    }
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(60), "the refusal waited")
  }

  func testPlainHTTPIsOnlyForThisMachine() {
    XCTAssertThrowsError(try SCIMDirectory(url: "scim+http://example.org/v2", token: Secret("t"))) {
      guard case .invalidURL? = ($0 as? DirectoryError)?.scim else {
        return XCTFail("unexpected \($0)")
      }
    }
    XCTAssertNoThrow(try SCIMDirectory(url: "scim+https://example.org/v2", token: Secret("t")))
    XCTAssertNoThrow(try SCIMDirectory(url: "scim+http://localhost:8080", token: Secret("t")))
  }

  func testAnInactiveAccountIsReadAndFilteredOnTheServer() async throws {
    let directory = try directory()
    let entries = try await directory.rows(0..<30).entries
    XCTAssertEqual(
      entries.filter { !$0.isActive }.map(\.username), [7, 17, 27].map(Self.name))
    // `active eq false`, sent as a boolean: the server filters.
    let inactive = directory.querying(filter: .compare(.active, .eq, "false"), sort: nil)
    let window = try await inactive.rows(0..<100)
    XCTAssertEqual(window.count, Self.count / 10)
    XCTAssertEqual(
      window.entries.map(\.username),
      stride(from: 7, to: Self.count, by: 10).map(Self.name))
    XCTAssertTrue(window.entries.allSatisfy { !$0.isActive })
    // The others, those said active and those not saying.
    let active = directory.querying(filter: .compare(.active, .ne, "false"), sort: nil)
    let others = try await active.rows(0..<1)
    XCTAssertEqual(others.count, Self.count - Self.count / 10)
  }
}
