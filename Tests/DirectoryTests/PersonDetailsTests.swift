import Directory
import Foundation
import TestSupport
import XCTest

/// A person's details (display name, email, title, department, location,
/// phone, manager, employee number) survive the file, the compact table and
/// the row values; managers link to people; search finds names and emails.
final class PersonDetailsTests: XCTestCase {
  private static let boss = User(
    id: "u1", username: "maria.garcia", role: .owner,
    details: PersonDetails(
      displayName: "María García", email: "maria.garcia@example.org", title: "Director",
      department: "Engineering", location: "Berlin", phone: "+49 30 1234", employeeNumber: "1001"))
  private static let report = User(
    id: "u2", username: "jchen",
    details: PersonDetails(
      displayName: "Jun Chen", email: "jun.chen@example.org", title: "Engineer",
      department: "Engineering", location: "Berlin", manager: "u1", employeeNumber: "1002"))
  private static let outsider = User(
    username: "sven", details: PersonDetails(title: "Engineer", manager: "someone.elsewhere"))

  func testEveryFieldReadsBackAsItWentIn() {
    let people = [Self.boss, Self.report, Self.outsider, User(username: "plain")]
    let table = UserTable(people)
    XCTAssertEqual(table.users, people)
    XCTAssertEqual(table.details(at: 3), PersonDetails(), "no details: every field nil")
    XCTAssertEqual(table.value(.department, at: 1), "Engineering")
    XCTAssertEqual(table.value(.phone, at: 0), "+49 30 1234")
    XCTAssertNil(table.value(.phone, at: 1))
  }

  func testAManagerIsALinkToThePersonWithThatIdentity() {
    let table = UserTable([Self.report, Self.boss, Self.outsider])
    XCTAssertEqual(table.managerIndex(at: 0), 1, "u1 is the second person")
    XCTAssertNil(table.managerIndex(at: 1), "the director has no manager")
    // Nobody here is "someone.elsewhere": the reference is kept as given.
    XCTAssertNil(table.managerIndex(at: 2))
    XCTAssertEqual(table.managerIdentity(at: 2), "someone.elsewhere")
    // Someone who names themself keeps the text, so a chain always ends.
    let own = UserTable([User(username: "loop", details: PersonDetails(manager: "loop"))])
    XCTAssertNil(own.managerIndex(at: 0))
    XCTAssertEqual(own.managerIdentity(at: 0), "loop")
  }

  func testTwoTablesAreEqualOnlyWhenEveryFieldIs() {
    XCTAssertEqual(UserTable([Self.boss, Self.report]), UserTable([Self.boss, Self.report]))
    for field in DetailField.allCases {
      var changed = Self.report
      changed.details[field] = "changed"
      XCTAssertNotEqual(
        UserTable([Self.boss, Self.report]), UserTable([Self.boss, changed]), "\(field)")
    }
    // A value moved between two fields of the person's own text is a change.
    var moved = Self.boss
    moved.details.email = nil
    moved.details.phone = "maria.garcia@example.org+49 30 1234"
    XCTAssertNotEqual(UserTable([Self.boss]), UserTable([moved]))
  }

  func testTheFileSpellsTheFieldsInCamelCaseAndOldFilesStayValid() throws {
    let json = #"""
      [{"id": "u1", "username": "maria.garcia", "displayName": "María García",
        "email": "maria.garcia@example.org", "title": "Director", "department": "Engineering",
        "location": "Berlin", "phone": "+49 30 1234", "employeeNumber": 1001, "role": "Owner"},
       {"id": "u2", "username": "jchen", "manager": "u1", "title": null, "location": {"x": 1}},
       {"username": "old", "avatar": "a.png", "role": "User"}]
      """#
    let parsed = try DirectoryParser.parse(Array(json.utf8))
    XCTAssertEqual(parsed.users.count, 3)
    XCTAssertEqual(parsed.users[0].details.displayName, "María García")
    XCTAssertEqual(parsed.users[0].details.employeeNumber, "1001", "a number keeps its digits")
    XCTAssertEqual(parsed.users[1].details.manager, "u1")
    XCTAssertNil(parsed.users[1].details.title)
    // A detail of the wrong type is left out with a warning; the person loads.
    XCTAssertNil(parsed.users[1].details.location)
    XCTAssertEqual(parsed.skipped, 0)
    XCTAssertEqual(parsed.cut, 1)
    XCTAssertTrue(parsed.warnings[0].contains(#""location" is an object"#), parsed.warnings[0])
    XCTAssertEqual(parsed.users[2], User(username: "old", avatar: "a.png", role: .user))
  }

  func testARowShowsTheNameAndTitleAndFallsBackToUsernameAndRole() {
    let boss = UserViewModel(user: Self.boss)
    XCTAssertEqual(boss.displayName, "María García")
    XCTAssertEqual(boss.subtitle, "Director")
    XCTAssertEqual(boss.initials, "MG")
    XCTAssertEqual(boss.accessibleText, "María García, Director")
    let plain = UserViewModel(user: User(username: "plain", role: .admin))
    XCTAssertEqual(plain.displayName, "plain")
    XCTAssertEqual(plain.subtitle, "Admin")
    let empty = UserViewModel(
      user: User(username: "x.y", details: PersonDetails(displayName: "", title: "")))
    XCTAssertEqual(empty.displayName, "x.y", "an empty display name reads as none")
    XCTAssertEqual(empty.subtitle, "User")
  }

  func testSearchFindsDisplayNamesAndEmailsFolded() throws {
    let people = [Self.boss, Self.report, Self.outsider, User(username: "garcia.fan")]
    let index = SearchIndex(UserTable(people))
    XCTAssertEqual(index.matches("garcía"), [0, 3], "username or display name, folded")
    XCTAssertEqual(index.matches("maria"), [0], "'María' folds to 'maria'")
    XCTAssertEqual(index.matches("jun.chen@"), [1], "the email")
    XCTAssertEqual(index.matches("chen jun"), [1], "every word, in any field")
    XCTAssertEqual(index.matches("director"), [], "the title is not searched")
    // A word never spans two fields: "garciamaría" is in neither.
    XCTAssertEqual(index.matches("garciamar"), [])
  }

  func testTheBuilderStopsAtItsLimitWithoutKeepingHalfAPerson() throws {
    var builder = UserTableBuilder(textLimit: 40)
    try builder.append(User(username: "first", details: PersonDetails(email: "f@x.org")))
    XCTAssertThrowsError(
      try builder.append(
        User(
          username: "second", details: PersonDetails(displayName: String(repeating: "n", count: 40))
        ))
    )
    let table = builder.build()
    XCTAssertEqual(table.users, [User(username: "first", details: PersonDetails(email: "f@x.org"))])
  }
}
