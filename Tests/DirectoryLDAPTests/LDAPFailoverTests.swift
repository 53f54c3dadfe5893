import Directory
import Foundation
import LDAPDemo
import SharedSupport
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Two slapd processes with the same people, named by one URL list: when
/// the first dies between two windows, the next window comes from the
/// second, with the same entries, on a sorted list of its own.
final class LDAPFailoverTests: XCTestCase {
  nonisolated(unsafe) static var first: TestServer?
  nonisolated(unsafe) static var second: TestServer?
  /// The usernames in caseIgnoreOrderingMatch order.
  nonisolated(unsafe) static var sorted: [String] = []

  override class func setUp() {
    super.setUp()
    let people = TestPeople.people(count: 2_000, seed: 0xFA11)
    sorted = people.map(\.uid).sorted { $0.lowercased() < $1.lowercased() }
    first = TestServer.started(people: people)
    second = TestServer.started(people: people)
  }

  override class func tearDown() {
    first?.shutDown()
    second?.shutDown()
    super.tearDown()
  }

  override func tearDown() async throws {
    // A test that ended a server leaves it running again for the next.
    for server in [Self.first, Self.second] where server?.server.isRunning == false {
      try server?.server.start()
    }
    try await super.tearDown()
  }

  private var first: TestServer { Self.first! }
  private var second: TestServer { Self.second! }

  /// Both servers, the search written once on the last.
  private var bothURL: String { "\(first.server.url) \(second.peopleURL)" }

  func testTheNextWindowAfterTheFirstServerDiesComesFromTheSecondWithTheSameEntries() async throws {
    let directory = try LDAPDirectory(url: bothURL)
    let heard = Heard()
    directory.observeFailovers { heard.append($0) }
    let before = try await directory.rows(0..<50)
    XCTAssertEqual(before.entries.map(\.username), Array(Self.sorted[0..<50]))
    XCTAssertEqual(directory.currentServer.port, first.server.port)

    first.server.crash()
    let after = try await directory.rows(50..<100)

    let direct = try await LDAPDirectory(url: second.peopleURL).rows(50..<100)
    XCTAssertEqual(after, direct, "the second server's own window")
    XCTAssertEqual(after.entries.map(\.username), Array(Self.sorted[50..<100]))
    XCTAssertEqual(after.count, Self.sorted.count)
    XCTAssertEqual(directory.currentServer.port, second.server.port)
    XCTAssertEqual(
      heard.all,
      [DirectoryFailover(lost: first.server.url, continuing: second.server.url)])
    let statistics = directory.statistics
    XCTAssertEqual(statistics.failovers, 1, "\(statistics)")
    XCTAssertEqual(statistics.connectionsOpened, 2, "\(statistics)")
    XCTAssertEqual(statistics.contextsOpened, 2, "the second server sorts afresh: \(statistics)")

    // A search made now starts on the server in use: no second switch.
    let found = try await directory.searching("maria").rows(0..<5)
    XCTAssertFalse(found.entries.isEmpty)
    XCTAssertTrue(found.entries.allSatisfy { $0.username.lowercased().contains("maria") })
    XCTAssertEqual(heard.all.count, 1)
  }

  func testAFirstServerDownFromTheStartIsPassedOver() async throws {
    first.server.stop()
    let directory = try LDAPDirectory(url: bothURL)
    let window = try await directory.rows(0..<20)
    XCTAssertEqual(window.entries.map(\.username), Array(Self.sorted[0..<20]))
    XCTAssertEqual(directory.statistics.failovers, 1)
    XCTAssertEqual(directory.location, "127.0.0.1")
  }

  func testWithEveryServerGoneTheFirstOneIsNamed() async throws {
    let directory = try LDAPDirectory(url: bothURL)
    _ = try await directory.rows(0..<10)
    first.server.crash()
    second.server.crash()
    await assertFails(
      .ldap(.serverGone(server: "127.0.0.1:\(first.server.port)")),
      saying: "The connection to the directory server at 127.0.0.1:\(first.server.port) was lost"
    ) { () async throws(DirectoryError) in try await directory.rows(10..<20) }
    XCTAssertEqual(directory.statistics.failovers, 0, "there was nowhere to go")
    // The second comes back first: the next window is read there.
    try second.server.start()
    let window = try await directory.rows(10..<20)
    XCTAssertEqual(window.entries.map(\.username), Array(Self.sorted[10..<20]))
    XCTAssertEqual(directory.statistics.failovers, 1)
  }

  func testOneServerNeverCountsAFailover() async throws {
    let directory = try LDAPDirectory(url: first.peopleURL)
    _ = try await directory.rows(0..<10)
    first.server.crash()
    try first.server.start()
    let window = try await directory.rows(10..<20)
    XCTAssertEqual(window.entries.map(\.username), Array(Self.sorted[10..<20]))
    XCTAssertEqual(directory.statistics.failovers, 0)
    XCTAssertEqual(directory.statistics.reconnects, 1)
  }
}

/// The switches a handler heard, from the connection's queue.
///
/// Threading: `Sendable`; one lock.
private final class Heard: Sendable {
  private let list = Locked<[DirectoryFailover]>([])

  var all: [DirectoryFailover] { list.withLock { $0 } }

  func append(_ failover: DirectoryFailover) {
    list.withLock { $0.append(failover) }
  }
}
