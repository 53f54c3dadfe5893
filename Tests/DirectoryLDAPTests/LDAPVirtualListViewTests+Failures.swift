import CLDAP
import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// How the shared server's failures read: busy, gone, refused, no ordering
/// rule, no base, limits.
extension LDAPVirtualListViewTests {
  /// A virtual list view request that makes the server sort afresh on
  /// `session` (no context sent back).
  private static func newSortedList(_ session: LDAPSession, _ flag: CancellationFlag)
    throws(DirectoryError)
  {
    let url = try LDAPURL(Self.server!.peopleURL)
    session.vlvContext = nil
    _ = try session.search(
      LDAPSearchRequest(
        base: url.baseDN, scope: .one, filter: url.filter, attributes: ["uid"],
        sortKey: "uid:caseIgnoreOrderingMatch", virtualListView: .init(afterCount: 1)),
      cancel: flag)
  }

  /// What keeps a process from ending under a close still under way (its
  /// libraries' clean-up at exit then runs into it): a released
  /// connection's socket is gone once `waitForClosedHandles` returns.
  func testAReleasedConnectionsSocketIsClosedOnceTheWaitForClosedHandlesReturns() async throws {
    var connection: LDAPConnection? = LDAPConnection(
      url: try LDAPURL(server.peopleURL), options: LDAPOptions())
    let socket = try await connection!.run { session, flag throws(DirectoryError) -> String in
      _ = try Self.newSortedList(session, flag)
      var descriptor: Int32 = -1
      ldap_get_option(session.handle, LDAP_OPT_DESC, &descriptor)
      return
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
        ?? "none"
    }
    XCTAssertTrue(socket.hasPrefix("socket:["), socket)
    connection = nil
    XCTAssertTrue(LDAPConnection.waitForClosedHandles(timeout: .seconds(10)))
    let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
      try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
    }
    XCTAssertFalse(open.contains(socket), "\(socket) is still open")
  }

  func testTheServerSaysBusyPastItsSortedListsPerConnection() async throws {
    let connection = LDAPConnection(url: try LDAPURL(server.peopleURL), options: LDAPOptions())
    let error = await failure { () async throws(DirectoryError) in
      try await connection.run { session, flag throws(DirectoryError) in
        for _ in 0...8 { try Self.newSortedList(session, flag) }  // sssvlv-maxperconn 8
      }
    }
    XCTAssertEqual(error, .ldap(.serverBusy(server: "127.0.0.1:\(server.server.port)")))
  }

  func testBusyIsRetriedThenAFreshConnectionSortsAgain() async throws {
    let directory = try directory()
    _ = try await directory.rows(0..<10)
    // Fill the connection's sorted lists, as a long session of searches
    // whose contexts the server never released would.
    try await directory.connection.run { session, flag throws(DirectoryError) in
      for _ in 0..<7 { try Self.newSortedList(session, flag) }
      session.vlvContext = nil
    }
    let window = try await directory.rows(100..<120)
    XCTAssertEqual(window.entries.map(\.username), Array(Self.sorted[100..<120]))
    let statistics = directory.statistics
    // Six for the full sorted lists (20 ... 640 ms), maybe more for pages
    // asked back to back.
    XCTAssertGreaterThanOrEqual(statistics.busyRetries, 6, "\(statistics)")
    XCTAssertEqual(statistics.reconnects, 1)
    XCTAssertEqual(statistics.connectionsOpened, 2)
  }

  func testAServerThatGoesAwayMidScrollFailsClearlyThenComesBack() async throws {
    let directory = try directory()
    _ = try await directory.rows(0..<50)
    server.server.stop()
    await assertFails(
      .ldap(.serverGone(server: "127.0.0.1:\(server.server.port)")),
      saying: "The connection to the directory server at 127.0.0.1:\(server.server.port) was lost"
    ) { () async throws(DirectoryError) in try await directory.rows(50..<100) }
    try server.server.start()
    let later = try await directory.rows(1000..<1050)
    XCTAssertEqual(later.entries.map(\.username), Array(Self.sorted[1000..<1050]))
    let statistics = directory.statistics
    XCTAssertEqual(statistics.connectionsOpened, 2)
    XCTAssertEqual(statistics.contextsOpened, 2, "a new connection sorts afresh: \(statistics)")
    XCTAssertGreaterThanOrEqual(statistics.reconnects, 1)
  }

  func testAWrongPasswordIsRefusedClearly() async throws {
    let wrong = try directory(LDAPOptions(bindDN: server.rootDN, password: Secret("not-it")))
    await assertFails(
      .ldap(.credentialsRefused(bindDN: server.rootDN)),
      saying: "The directory server refused the password for “cn=admin,dc=example,dc=org”"
    ) { () async throws(DirectoryError) in try await wrong.rows(0..<10) }
    let right = try directory(
      LDAPOptions(bindDN: server.rootDN, password: Secret(TestServer.password)))
    let window = try await right.rows(0..<10)
    XCTAssertEqual(window.count, Self.people.count)
  }

  func testSortingByAnAttributeWithoutAnOrderingRuleSaysSo() async throws {
    var options = LDAPOptions()
    options.schema.sortAttribute = "cn"
    options.schema.sortOrderingRule = nil
    let directory = try directory(options)
    await assertFails(
      .ldap(.noOrderingRule(attribute: "cn")),
      saying: "The directory server cannot sort by “cn”: the attribute has no ordering rule"
    ) { () async throws(DirectoryError) in try await directory.rows(0..<10) }
  }

  func testAMissingBaseSaysSo() async throws {
    let directory = try directory(url: "\(server.server.url)/ou=nowhere,\(TestServer.suffix)??one")
    let error = await failure { () async throws(DirectoryError) in
      try await directory.rows(0..<10)
    }
    XCTAssertEqual(error, .ldap(.noSuchBase("ou=nowhere,dc=example,dc=org")))
  }

  func testTheServersSizeLimitIsReported() async throws {
    let url = try LDAPURL(server.peopleURL)
    let connection = LDAPConnection(url: url, options: LDAPOptions())
    let request = LDAPSearchRequest(
      base: url.baseDN, scope: .one, filter: "(objectClass=*)", attributes: ["uid"])
    let error = await failure { () async throws(DirectoryError) in
      try await connection.run { session, flag throws(DirectoryError) in
        try session.search(request, cancel: flag).entries.count
      }
    }
    XCTAssertEqual(error, .ldap(.sizeLimitExceeded))
    XCTAssertEqual(error?.errorDescription, "The directory server stopped at its size limit")
  }

  /// A time limit cannot be provoked on 20,000 entries; its result code is
  /// read on a real connection instead.
  func testResultCodesReadAsSentences() async throws {
    let connection = LDAPConnection(url: try LDAPURL(server.peopleURL), options: LDAPOptions())
    let errors = try await connection.run { session, _ in
      [
        session.error(LDAP_TIMELIMIT_EXCEEDED), session.error(LDAP_UNWILLING_TO_PERFORM),
        session.error(LDAP_UNWILLING_TO_PERFORM, message: "no paging today"),
      ]
    }
    XCTAssertEqual(
      errors.map(\.errorDescription),
      [
        "The directory server stopped at its time limit",
        "The directory server answered LDAP error 53: Server is unwilling to perform",
        "The directory server answered LDAP error 53: no paging today",
      ])
  }
}
