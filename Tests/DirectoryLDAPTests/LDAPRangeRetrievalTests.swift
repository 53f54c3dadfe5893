import Directory
import DirectoryLDAP
import TestSupport
import XCTest

/// A group of 3,000 members whose server hands out its member values 1,500
/// at a time by range retrieval (`member;range=0-1499`, …, then
/// `member;range=3000-*`), as Active Directory does. The server is the
/// tests' own responder (``RangedLDAPResponder``), standing in for Active
/// Directory because slapd lacks range retrieval. Members it does not
/// serve are skipped.
final class LDAPRangeRetrievalTests: XCTestCase {
  static let base = "ou=people,dc=example,dc=org"
  static let groupDN = "cn=big,ou=groups,dc=example,dc=org"
  static let uids = (0..<3000).map { "m" + String($0 + 10000).dropFirst() }
  /// Every 500th member names nobody.
  static let missing = Set(stride(from: 250, to: 3000, by: 500).map { uids[$0] })
  static let served = uids.filter { !missing.contains($0) }

  private var responder: RangedLDAPResponder?

  override func setUpWithError() throws {
    var people: [String: String] = [:]
    for uid in Self.served { people["uid=\(uid),\(Self.base)"] = uid }
    responder = try RangedLDAPResponder(
      groupDN: Self.groupDN, members: Self.uids.map { "uid=\($0),\(Self.base)" }, people: people)
  }

  override func tearDown() {
    responder?.stop()
    responder = nil
  }

  private func members() throws -> (any RangedDirectory, RangedLDAPResponder) {
    let responder = try XCTUnwrap(responder)
    let directory = try LDAPDirectory(url: "\(responder.url)/\(Self.base)??one")
    return (directory.members(of: DirectoryGroupEntry(id: Self.groupDN, name: "big")), responder)
  }

  func testAThreeThousandMemberGroupIsReadInFullRangeByRange() async throws {
    let (members, responder) = try members()
    let people = try await OrgFixture.everyone(members, size: 200)
    XCTAssertEqual(people.map(\.username), Self.served, "the group's order, the missing skipped")
    XCTAssertEqual(
      responder.groupAttributesAsked,
      [["member", "uniqueMember"], ["member;range=1500-*"], ["member;range=3000-*"]])
    XCTAssertEqual(people.first?.details.email, "m0000@example.org")
  }

  func testAWindowReadsOnlyTheRangesBeforeIt() async throws {
    let (members, responder) = try members()
    let early = try await members.rows(100..<150)
    XCTAssertEqual(early.entries.map(\.username), Array(Self.served[100..<150]))
    XCTAssertFalse(early.isCountFinal, "the members after it are not read yet")
    XCTAssertEqual(responder.groupAttributesAsked.count, 1)

    let later = try await members.rows(1600..<1650)
    XCTAssertEqual(later.offset, 1600)
    XCTAssertEqual(later.entries.map(\.username), Array(Self.served[1600..<1650]))
    XCTAssertEqual(responder.groupAttributesAsked.count, 2)

    // Back to the top: answered from what was read, no values read again.
    let top = try await members.rows(0..<10)
    XCTAssertEqual(top.entries.map(\.username), Array(Self.served[0..<10]))
    XCTAssertEqual(responder.groupAttributesAsked.count, 2)

    let end = try await members.rows(2990..<3100)
    XCTAssertEqual(end.entries.map(\.username), Array(Self.served[2990...]))
    XCTAssertTrue(end.isCountFinal)
    XCTAssertEqual(end.count, Self.served.count)
    XCTAssertEqual(responder.groupAttributesAsked.count, 3)
  }
}
