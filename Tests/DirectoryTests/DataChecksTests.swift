import Directory
import SharedSupport
import XCTest

/// The data checks over generated people with planted problems: every
/// planted problem is found, at the person it is about, and nothing else.
final class DataChecksTests: XCTestCase {
  /// A generated organisation of `count` people (everyone under someone
  /// earlier, so no loop), each with an email, a phone and an id.
  private static func organisation(count: Int, seed: UInt64) -> [User] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { index in
      let manager = index == 0 ? nil : "id-\(Int.random(in: 0..<index, using: &random))"
      return User(
        id: "id-\(index)", username: "person\(index)",
        details: PersonDetails(
          displayName: "Person \(index)", email: "person\(index)@example.com",
          phone: "+49 30 \(1_000_000 + index)", manager: manager))
    }
  }

  /// What `checks` find in `users`, each with its detail as scripts read it.
  private static func findings(_ users: [User], _ checks: Set<DataCheck> = Set(DataCheck.allCases))
    -> [(check: DataCheck, position: Int, detail: String)]
  {
    let table = UserTable(users)
    return table.dataFindings(checks: checks).map { ($0.check, $0.position, $0.detail(in: table)) }
  }

  func testAWellKeptDirectoryHasNothingToFix() {
    XCTAssertTrue(Self.findings(Self.organisation(count: 2_000, seed: 11)).isEmpty)
  }

  func testPlantedProblemsAreFoundWhereTheyAre() {
    var users = Self.organisation(count: 2_000, seed: 12)
    // Managers nobody is: a leaver, and a DN of another tree.
    users[40].details.manager = "id-left-in-2019"
    users[41].details.manager = "uid=x,ou=elsewhere"
    // A loop of three (100 → 101 → 102 → 100) and someone their own manager.
    users[100].details.manager = "id-101"
    users[101].details.manager = "id-102"
    users[102].details.manager = "id-100"
    users[200].details.manager = "id-200"
    // A disabled manager (2000, added: nobody generated reports to them)
    // with two active reports and a disabled one.
    let manager = User(
      id: "id-2000", username: "person2000", isActive: false,
      details: PersonDetails(email: "person2000@example.com", phone: "+49 30 2000"))
    users.append(manager)
    for report in [301, 302, 1999] { users[report].details.manager = "id-2000" }
    users[1999].isActive = false
    // No email, no phone (blanks count as none); a disabled person is not asked.
    users[400].details.email = nil
    users[401].details.email = "  "
    users[402].details.phone = nil
    users[1999].details.phone = nil
    // One address three times, in different cases.
    users[500].details.email = "Shared@Example.com"
    users[501].details.email = "shared@example.com"
    users[502].details.email = " SHARED@example.com "

    let found = Self.findings(users)
    func at(_ check: DataCheck) -> [Int] { found.filter { $0.check == check }.map(\.position) }
    XCTAssertEqual(at(.unknownManager), [40, 41])
    XCTAssertEqual(
      found.first { $0.check == .unknownManager }?.detail, "id-left-in-2019",
      "the reference as given")
    XCTAssertEqual(at(.managerLoop), [100, 101, 102, 200])
    XCTAssertEqual(
      found.first { $0.check == .managerLoop && $0.position == 101 }?.detail,
      "person101 → person102 → person100 → person101")
    XCTAssertEqual(found.first { $0.position == 200 }?.detail, "person200 → person200")
    XCTAssertEqual(at(.disabledManager), [2000])
    XCTAssertEqual(found.first { $0.check == .disabledManager }?.detail, "2 active reports")
    XCTAssertEqual(at(.noEmail), [400, 401])
    XCTAssertEqual(at(.noPhone), [402])
    XCTAssertEqual(at(.duplicateEmail), [500, 501, 502])
    XCTAssertEqual(
      found.first { $0.check == .duplicateEmail && $0.position == 501 }?.detail,
      "shared@example.com: also person500, person502")
    // In the checks' order, then by position; nothing else.
    XCTAssertEqual(found.map(\.check), found.map(\.check).sorted())
    XCTAssertEqual(found.count, 2 + 4 + 1 + 2 + 1 + 3)
    // One check alone finds its own only.
    XCTAssertEqual(Self.findings(users, [.noPhone]).map(\.position), [402])
  }

  func testManyHoldersOfOneAddressAreNamedAFewAtATime() {
    var users = Self.organisation(count: 10, seed: 13)
    for index in 0..<6 { users[index].details.email = "team@example.com" }
    let detail = Self.findings(users, [.duplicateEmail]).first?.detail
    XCTAssertEqual(detail, "team@example.com: also person1, person2, person3 and 2 more")
  }

  func testTheListingEscapesWhatTheDirectorySays() {
    var users = Self.organisation(count: 3, seed: 14)
    users[2].details.manager = "evil\u{1B}[2J\tname"
    users[2].details.displayName = "Tab\tName"
    let table = UserTable(users)
    let finding = try! XCTUnwrap(table.dataFindings(checks: [.unknownManager]).first)
    XCTAssertEqual(
      DataFindingListing(format: .tsv).line(finding, in: table),
      "unknown-manager\tperson2\tTab\\tName\tevil\\x1B[2J\\tname")
    XCTAssertEqual(
      DataFindingListing(format: .jsonl).line(finding, in: table),
      #"{"check":"unknown-manager","username":"person2","displayName":"Tab\tName","detail":"evil\u001B[2J\tname"}"#
    )
    XCTAssertEqual(DataFindingListing(format: .jsonl).header, nil)
  }
}
