import CLDAP
import Directory
import Foundation
import LDAPDemo
import XCTest

@testable import DirectoryLDAP

/// One slapd with server-side sort + virtual list view and 20,002 people,
/// shared by the tests of this class.
final class LDAPVirtualListViewTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer?
  nonisolated(unsafe) private static var people: [LDIFPerson] = []
  nonisolated(unsafe) private static var photos: [[UInt8]] = []
  /// The usernames in caseIgnoreOrderingMatch order.
  nonisolated(unsafe) private static var sorted: [String] = []

  override class func setUp() {
    super.setUp()
    do {
      photos = try TestPeople.jpegPhotos(3)
    } catch {
      XCTFail("no JPEG avatars in data/avatars: \(error)")
    }
    people = TestPeople.people(count: 20_000, seed: 0x5EED, photos: photos)
    sorted = people.map(\.uid).sorted { $0.lowercased() < $1.lowercased() }
    server = TestServer.started(people: people)
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  private var server: TestServer { Self.server! }

  private func directory(_ options: LDAPOptions = LDAPOptions(), url: String? = nil) throws
    -> LDAPDirectory
  {
    try LDAPDirectory(url: url ?? server.peopleURL, options: options)
  }

  /// ldapsearch's answer for the same sort and window: usernames and count.
  private func ldapsearchWindow(offset: Int, count: Int) throws -> (uids: [String], count: Int) {
    let output = try server.ldapsearch([
      "-s", "one", "-E", "!sss=uid:caseIgnoreOrderingMatch", "-E",
      "!vlv=0/\(count - 1)/\(offset + 1)/0", "uid",
    ])
    let firstWindow = output.components(separatedBy: "# vlvResult")
    let uids = firstWindow[0].split(separator: "\n").filter { $0.hasPrefix("uid: ") }
      .map { String($0.dropFirst(5)) }
    let total =
      firstWindow.count > 1
      ? firstWindow[1].firstMatch(of: /count=(\d+)/).flatMap { Int($0.1) } : nil
    return (uids, total ?? -1)
  }

  func testWindowsMatchLdapsearchAtTheStartMiddleAndEnd() async throws {
    let mainThreadCalls = LDAPDiagnostics.mainThreadCalls
    let directory = try directory()
    let n = Self.people.count
    for offset in [0, n / 2, n - 10] {
      let ours = try await directory.window(offset..<offset + 10)
      let theirs = try ldapsearchWindow(offset: offset, count: 10)
      XCTAssertEqual(ours.entries.map(\.username), theirs.uids, "at \(offset)")
      XCTAssertEqual(ours.entries.map(\.username), Array(Self.sorted[offset..<offset + 10]))
      XCTAssertEqual(ours.count, theirs.count)
      XCTAssertEqual(ours.count, n)
      XCTAssertEqual(ours.offset, offset)
      XCTAssertTrue(ours.isCountFinal)
    }
    let last = try await directory.window(n - 1..<n)
    XCTAssertEqual(last.entries.map(\.username), [Self.sorted[n - 1]])
    XCTAssertEqual(
      LDAPDiagnostics.mainThreadCalls, mainThreadCalls, "no libldap call on the main thread")
  }

  func testWindowsPastTheEndAreShortAndAnEmptySearchIsEmpty() async throws {
    let directory = try directory()
    let n = Self.people.count
    let tail = try await directory.window(n - 5..<n + 5)
    XCTAssertEqual(tail.entries.map(\.username), Array(Self.sorted[n - 5..<n]))
    let beyond = try await directory.window(n + 10..<n + 20)
    XCTAssertEqual(beyond.entries, [])
    XCTAssertEqual(beyond.count, n)
    XCTAssertEqual(beyond.offset, n)
    let nobody = try await directory.searching("no-such-person-anywhere").window(0..<10)
    XCTAssertEqual(nobody.entries, [])
    XCTAssertEqual(nobody.count, 0)
  }

  func testOneSortedListServesManyPages() async throws {
    let directory = try directory()
    for page in 0..<40 {
      let start = page * 497
      let window = try await directory.window(start..<start + 50)
      XCTAssertEqual(window.entries.map(\.username), Array(Self.sorted[start..<start + 50]))
    }
    let statistics = directory.statistics
    XCTAssertEqual(statistics.windowsFetched, 40)
    XCTAssertEqual(statistics.contextsOpened, 1, "the server sorted once: \(statistics)")
    XCTAssertEqual(statistics.connectionsOpened, 1)
  }

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

  func testTheServerSaysBusyPastItsSortedListsPerConnection() async throws {
    let connection = LDAPConnection(url: try LDAPURL(server.peopleURL), options: LDAPOptions())
    let error = await failure { () async throws(DirectoryError) in
      try await connection.run { session, flag throws(DirectoryError) in
        for _ in 0...8 { try Self.newSortedList(session, flag) }  // sssvlv-maxperconn 8
      }
    }
    XCTAssertEqual(error, .serverBusy(server: "127.0.0.1:\(server.server.port)"))
  }

  func testBusyIsRetriedThenAFreshConnectionSortsAgain() async throws {
    let directory = try directory()
    _ = try await directory.window(0..<10)
    // Fill the connection's sorted lists, as a long session of searches
    // whose contexts the server never released would.
    try await directory.connection.run { session, flag throws(DirectoryError) in
      for _ in 0..<7 { try Self.newSortedList(session, flag) }
      session.vlvContext = nil
    }
    let window = try await directory.window(100..<120)
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
    _ = try await directory.window(0..<50)
    server.server.stop()
    await assertFails(
      .serverGone(server: "127.0.0.1:\(server.server.port)"),
      saying: "The connection to the directory server at 127.0.0.1:\(server.server.port) was lost"
    ) { () async throws(DirectoryError) in try await directory.window(50..<100) }
    try server.server.start()
    let later = try await directory.window(1000..<1050)
    XCTAssertEqual(later.entries.map(\.username), Array(Self.sorted[1000..<1050]))
    let statistics = directory.statistics
    XCTAssertEqual(statistics.connectionsOpened, 2)
    XCTAssertEqual(statistics.contextsOpened, 2, "a new connection sorts afresh: \(statistics)")
    XCTAssertGreaterThanOrEqual(statistics.reconnects, 1)
  }

  func testAWrongPasswordIsRefusedClearly() async throws {
    let wrong = try directory(LDAPOptions(bindDN: server.rootDN, password: Secret("not-it")))
    await assertFails(
      .credentialsRefused(bindDN: server.rootDN),
      saying: "The directory server refused the password for “cn=admin,dc=example,dc=org”"
    ) { () async throws(DirectoryError) in try await wrong.window(0..<10) }
    let right = try directory(
      LDAPOptions(bindDN: server.rootDN, password: Secret(TestServer.password)))
    let window = try await right.window(0..<10)
    XCTAssertEqual(window.count, Self.people.count)
  }

  func testSearchTextIsMatchedLiterally() async throws {
    let directory = try directory()
    let injection = try await directory.searching("*)(uid=*").window(0..<50)
    XCTAssertEqual(injection.entries.map(\.username), [TestPeople.injection.uid])
    XCTAssertEqual(injection.count, 1)
    let backslash = try await directory.searching(#"\"#).window(0..<50)
    XCTAssertEqual(backslash.entries.map(\.username), [TestPeople.backslash.uid])
    let expected = Self.people.filter {
      $0.uid.lowercased().contains("maria")
        || ($0.displayName?.lowercased().contains("maria") ?? false)
    }.map(\.uid).sorted { $0.lowercased() < $1.lowercased() }
    let maria = try await directory.searching("MARIA").window(0..<100)
    XCTAssertEqual(maria.count, expected.count)
    XCTAssertEqual(maria.entries.map(\.username), Array(expected.prefix(100)))
  }

  func testEntriesCarryNamesRolesAndPhotoVersions() async throws {
    let directory = try directory()
    let window = try await directory.window(0..<400)
    XCTAssertEqual(window.entries.count, 400)
    XCTAssertTrue(
      Self.people.prefix(Self.photos.count).allSatisfy {
        !window.entries.map(\.username).contains($0.uid)
      })
    let byUsername = Dictionary(uniqueKeysWithValues: Self.people.map { ($0.uid, $0) })
    for entry in window.entries {
      let person = try XCTUnwrap(byUsername[entry.username])
      XCTAssertEqual(entry.id, TestServer.dn(person))
      XCTAssertEqual(entry.displayName, person.displayName ?? person.cn)
      XCTAssertEqual(entry.role, Role(jsonValue: person.employeeType ?? ""))
      XCTAssertNil(entry.photoVersion, "no photo")
    }
    for person in Self.people.prefix(Self.photos.count) {
      let found = try await directory.position(ofFirstAtOrAfter: person.uid)
      XCTAssertEqual(found.entries.first?.username, person.uid)
      XCTAssertNotNil(found.entries.first?.photoVersion, "a photo, with a version")
    }
    XCTAssertTrue(window.entries.contains { $0.role == .unknown })
    XCTAssertTrue(window.entries.contains { $0.role == .admin })
  }

  func testAPhotoIsFetchedByIdentityAndBounded() async throws {
    let directory = try directory()
    let withPhoto = Self.people[0]
    let bytes = try await directory.photo(of: TestServer.dn(withPhoto), maxBytes: 1 << 20)
    XCTAssertEqual(bytes, Self.photos[0])
    XCTAssertEqual(bytes?.prefix(3), [0xFF, 0xD8, 0xFF], "JPEG")
    let tooSmall = await failure { () async throws(DirectoryError) in
      try await directory.photo(of: TestServer.dn(withPhoto), maxBytes: 100)
    }
    XCTAssertEqual(tooSmall, .tooLarge(limit: 100))
    let none = try await directory.photo(of: TestServer.dn(Self.people[10]), maxBytes: 1 << 20)
    XCTAssertNil(none)
    let nobody = try await directory.photo(
      of: "uid=nobody,ou=people,\(TestServer.suffix)", maxBytes: 1 << 20)
    XCTAssertNil(nobody)
  }

  func testAttributesLeaveOutThePhoto() async throws {
    let directory = try directory()
    let attributes = try await directory.attributes(of: TestServer.dn(Self.people[0]))
    let names = attributes.map(\.name)
    XCTAssertTrue(names.contains("uid"))
    XCTAssertTrue(names.contains("cn"))
    XCTAssertFalse(names.contains("jpegPhoto"))
    XCTAssertEqual(attributes.first { $0.name == "uid" }?.values, [Self.people[0].uid])
  }

  func testPositionOfAUsernameUsesTheServersOrder() async throws {
    let directory = try directory()
    let n = Self.people.count
    let middle = try await directory.position(ofFirstAtOrAfter: Self.sorted[n / 2])
    XCTAssertEqual(middle.offset, n / 2)
    XCTAssertEqual(middle.entries.map(\.username), [Self.sorted[n / 2]])
    XCTAssertEqual(middle.count, n)
    let between = try await directory.position(ofFirstAtOrAfter: Self.sorted[100] + "\u{1}")
    XCTAssertEqual(between.offset, 101)
    let top = try await directory.position(ofFirstAtOrAfter: "")
    XCTAssertEqual(top.offset, 0)
  }

  func testSortingByAnAttributeWithoutAnOrderingRuleSaysSo() async throws {
    var options = LDAPOptions()
    options.schema.sortAttribute = "cn"
    options.schema.sortOrderingRule = nil
    let directory = try directory(options)
    await assertFails(
      .noOrderingRule(attribute: "cn"),
      saying: "The directory server cannot sort by “cn”: the attribute has no ordering rule"
    ) { () async throws(DirectoryError) in try await directory.window(0..<10) }
  }

  func testAMissingBaseSaysSo() async throws {
    let directory = try directory(url: "\(server.server.url)/ou=nowhere,\(TestServer.suffix)??one")
    let error = await failure { () async throws(DirectoryError) in
      try await directory.window(0..<10)
    }
    XCTAssertEqual(error, .noSuchBase("ou=nowhere,dc=example,dc=org"))
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
    XCTAssertEqual(error, .sizeLimitExceeded)
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
