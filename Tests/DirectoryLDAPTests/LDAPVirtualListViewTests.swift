import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// One slapd with server-side sort + virtual list view and 20,002 people,
/// shared by the tests of this class.
final class LDAPVirtualListViewTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  nonisolated(unsafe) static var people: [LDIFPerson] = []
  nonisolated(unsafe) static var photos: [[UInt8]] = []
  /// The usernames in caseIgnoreOrderingMatch order.
  nonisolated(unsafe) static var sorted: [String] = []

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

  var server: TestServer { Self.server! }

  func directory(_ options: LDAPOptions = LDAPOptions(), url: String? = nil) throws
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
    let firstRange = output.components(separatedBy: "# vlvResult")
    let uids = firstRange[0].split(separator: "\n").filter { $0.hasPrefix("uid: ") }
      .map { String($0.dropFirst(5)) }
    let total =
      firstRange.count > 1
      ? firstRange[1].firstMatch(of: /count=(\d+)/).flatMap { Int($0.1) } : nil
    return (uids, total ?? -1)
  }

  func testWindowsMatchLdapsearchAtTheStartMiddleAndEnd() async throws {
    var options = LDAPOptions()
    let calls = LDAPMainThreadCalls()
    options.mainThreadCalls = calls
    let directory = try directory(options)
    let n = Self.people.count
    for offset in [0, n / 2, n - 10] {
      let ours = try await directory.rows(offset..<offset + 10)
      let theirs = try ldapsearchWindow(offset: offset, count: 10)
      XCTAssertEqual(ours.entries.map(\.username), theirs.uids, "at \(offset)")
      XCTAssertEqual(ours.entries.map(\.username), Array(Self.sorted[offset..<offset + 10]))
      XCTAssertEqual(ours.count, theirs.count)
      XCTAssertEqual(ours.count, n)
      XCTAssertEqual(ours.offset, offset)
      XCTAssertTrue(ours.isCountFinal)
    }
    let last = try await directory.rows(n - 1..<n)
    XCTAssertEqual(last.entries.map(\.username), [Self.sorted[n - 1]])
    XCTAssertEqual(calls.count, 0, "no libldap call on the main thread")
  }

  func testWindowsPastTheEndAreShortAndAnEmptySearchIsEmpty() async throws {
    let directory = try directory()
    let n = Self.people.count
    let tail = try await directory.rows(n - 5..<n + 5)
    XCTAssertEqual(tail.entries.map(\.username), Array(Self.sorted[n - 5..<n]))
    let beyond = try await directory.rows(n + 10..<n + 20)
    XCTAssertEqual(beyond.entries, [])
    XCTAssertEqual(beyond.count, n)
    XCTAssertEqual(beyond.offset, n)
    let nobody = try await directory.searching("no-such-person-anywhere").rows(0..<10)
    XCTAssertEqual(nobody.entries, [])
    XCTAssertEqual(nobody.count, 0)
  }

  func testOneSortedListServesManyPages() async throws {
    let directory = try directory()
    for page in 0..<40 {
      let start = page * 497
      let window = try await directory.rows(start..<start + 50)
      XCTAssertEqual(window.entries.map(\.username), Array(Self.sorted[start..<start + 50]))
    }
    let statistics = directory.statistics
    XCTAssertEqual(statistics.rangesRead, 40)
    XCTAssertEqual(statistics.contextsOpened, 1, "the server sorted once: \(statistics)")
    XCTAssertEqual(statistics.connectionsOpened, 1)
  }

  func testSearchTextIsMatchedLiterally() async throws {
    let directory = try directory()
    let injection = try await directory.searching("*)(uid=*").rows(0..<50)
    XCTAssertEqual(injection.entries.map(\.username), [TestPeople.injection.uid])
    XCTAssertEqual(injection.count, 1)
    let backslash = try await directory.searching(#"\"#).rows(0..<50)
    XCTAssertEqual(backslash.entries.map(\.username), [TestPeople.backslash.uid])
    let expected = Self.people.filter {
      $0.uid.lowercased().contains("maria")
        || ($0.displayName?.lowercased().contains("maria") ?? false)
    }.map(\.uid).sorted { $0.lowercased() < $1.lowercased() }
    let maria = try await directory.searching("MARIA").rows(0..<100)
    XCTAssertEqual(maria.count, expected.count)
    XCTAssertEqual(maria.entries.map(\.username), Array(expected.prefix(100)))
  }

  func testEntriesCarryNamesRolesAndPhotoVersions() async throws {
    let directory = try directory()
    let window = try await directory.rows(0..<400)
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
      XCTAssertEqual(
        [entry.details.email, entry.details.title, entry.details.department],
        [person.mail, person.title, person.ou])
      XCTAssertEqual(
        [entry.details.location, entry.details.phone, entry.details.manager],
        [person.l, person.telephoneNumber, person.manager], "the manager as a DN")
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
}
