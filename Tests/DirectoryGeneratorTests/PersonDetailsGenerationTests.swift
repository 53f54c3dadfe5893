import Directory
import DirectoryGenerator
import XCTest

/// The details the generator gives people: a manager tree about six levels
/// deep whose references all resolve, unique emails, names that match the
/// usernames, and the same people a seed gave before there were details.
final class PersonDetailsGenerationTests: XCTestCase {
  private let files = (0..<50).map { "avatar-\($0).jpg" }

  /// The most people on one chain from someone up to the root, and how
  /// many people have no manager in `table`.
  private func treeShape(_ table: UserTable) -> (depth: Int, roots: Int) {
    var depths = [Int](repeating: 0, count: table.userCount)
    var roots = 0
    for index in 0..<table.userCount {
      // Managers come first, so their depth is known.
      if let manager = table.managerIndex(at: index) {
        XCTAssertLessThan(manager, index)
        depths[index] = depths[manager] + 1
      } else {
        roots += 1
      }
    }
    return ((depths.max() ?? -1) + 1, roots)
  }

  func testTheManagerTreeIsAboutSixLevelsDeepAndEveryReferenceResolves() {
    checkManagerTree(count: 2_000)
  }

  /// The same tree at 100,000 people, still about six levels deep: a check of scale alone.
  func testAHundredThousandPeoplesTreeIsStillAboutSixLevelsDeep() throws {
    #if ROSTER_SANITIZED
      throw XCTSkip(
        "a test of scale alone, slow under a sanitizer: "
          + "make test's step \"tests under X11 (Xvfb)\" runs it")
    #else
      checkManagerTree(count: 100_000)
    #endif
  }

  private func checkManagerTree(count: Int) {
    let users = UserGenerator.users(count: count, avatarFileNames: files, seed: 2026)
    let table = UserTable(users)
    let shape = treeShape(table)
    XCTAssertGreaterThanOrEqual(shape.depth, 5, "\(count)")
    XCTAssertLessThanOrEqual(shape.depth, 7, "\(count)")
    XCTAssertEqual(shape.roots, 1, "only the first person has no manager (\(count))")
    XCTAssertNil(users[0].details.manager)
    XCTAssertNil(table.managerIndex(at: 0))
    for index in 1..<count where table.managerIndex(at: index) == nil {
      XCTFail("\(users[index].details.manager ?? "nil") does not resolve (\(count))")
      break
    }
    XCTAssertEqual(table.managerIdentity(at: 1), users[0].id, "the manager field holds the id")
  }

  func testEveryoneHasDetailsAndEmailsAreUnique() {
    let users = UserGenerator.users(count: 20_000, avatarFileNames: files, seed: 7)
    let emails = users.compactMap(\.details.email)
    XCTAssertEqual(emails.count, users.count)
    XCTAssertEqual(Set(emails).count, users.count, "emails are unique")
    XCTAssertTrue(emails.allSatisfy { $0.hasSuffix("@example.org") && $0.allSatisfy(\.isASCII) })
    let numbers = users.compactMap(\.details.employeeNumber)
    XCTAssertEqual(Set(numbers).count, users.count, "employee numbers are unique")
    for field in [DetailField.displayName, .title, .department, .location, .phone] {
      XCTAssertTrue(users.allSatisfy { $0.details[field] != nil }, "\(field)")
    }
    XCTAssertEqual(users[0].details.title, "Chief Executive Officer")
    let departments = Set(users.compactMap(\.details.department))
    XCTAssertTrue(departments.isSuperset(of: ["Platform", "Security", "EMEA", "APAC", "Legal"]))
    let inSales = users.filter { $0.details.department == "Sales" }
    XCTAssertFalse(inSales.isEmpty)
    XCTAssertTrue(
      inSales.allSatisfy { $0.details.title == "Vice President, Sales" },
      "only its heads are in Sales itself; everyone else is in one of its regions")
    XCTAssertEqual(Set(users.compactMap(\.details.location)).count, 12, "a dozen offices")
    // Most of a team works in its manager's office.
    let table = UserTable(users)
    let together = (1..<users.count).count {
      users[$0].details.location == users[table.managerIndex(at: $0)!].details.location
    }
    XCTAssertGreaterThan(together, users.count * 7 / 10)
  }

  func testDisplayNamesAndEmailsComeFromTheUsernamesNames() {
    let users = UserGenerator.users(count: 2_000, avatarFileNames: files, seed: 2026)
    for user in users where user.username.contains(".") && !user.username.last!.isNumber {
      let parts = user.username.split(separator: ".")
      guard let name = user.details.displayName else { return XCTFail(user.username) }
      XCTAssertEqual(name.lowercased().split(separator: " ").count, 2, name)
      XCTAssertTrue(
        name.lowercased() == "\(parts[0]) \(parts[1])"
          || name.lowercased() == "\(parts[1]) \(parts[0])", "\(user.username): \(name)")
      XCTAssertTrue(name.first!.isUppercase, name)
    }
    XCTAssertTrue(users.contains { $0.details.email?.hasPrefix("maria.") == true })
  }

  func testTheSameSeedGivesTheSameDetails() {
    let first = UserGenerator.users(count: 3_000, avatarFileNames: files, seed: 11)
    XCTAssertEqual(first, UserGenerator.users(count: 3_000, avatarFileNames: files, seed: 11))
    let other = UserGenerator.users(count: 3_000, avatarFileNames: files, seed: 12)
    XCTAssertNotEqual(first.map(\.details), other.map(\.details))
  }

  /// The people data/users.json held before they had details (seed 2026,
  /// 320 avatars, 4 broken).
  func testASeedKeepsItsUsernamesAvatarsAndRoles() throws {
    let users = try DirectoryGenerator.users(count: 2_000, avatars: 320, seed: 2026)
    let pinned: [(String, String, String, Role)] = [
      ("u0000001", "noorreddy", "avatars/avatar-0109.jpg", .user),
      ("u0000002", "katya1975", "avatars/avatar-0199.png", .user),
      ("u0000003", "laura.zhang", "avatars/avatar-0150.jpg", .user),
      ("u0000006", "ingrid", "avatars/avatar-0176.png", .user),
      ("u0001999", "chloe.ivanov", "avatars/avatar-0023.png", .user),
      ("u0002000", "emma_f21", "avatars/avatar-0223.png", .owner),
    ]
    for (id, username, avatar, role) in pinned {
      let user = try XCTUnwrap(users.first { $0.id == id })
      XCTAssertEqual(user.username, username)
      XCTAssertEqual(user.avatar, avatar)
      XCTAssertEqual(user.role, role)
    }
  }

  func testTheJSONCarriesTheDetailsAndReadsBack() throws {
    let users = UserGenerator.users(count: 500, avatarFileNames: files, seed: 3)
    let json = UserGenerator.json(for: users)
    let text = String(decoding: json, as: UTF8.self)
    // A generated person's location is their office's city: no city apart.
    for key in DetailField.allCases.map(\.rawValue) where key != "city" {
      XCTAssertTrue(text.contains("\"\(key)\": "), key)
    }
    XCTAssertFalse(text.split(separator: "\n")[1].contains("\"manager\""), "the root has none")
    let parsed = try DirectoryParser.parse(json)
    XCTAssertEqual(parsed.users, users)
  }
}
