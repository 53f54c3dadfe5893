import Directory
import XCTest

/// A filter run over the local table: each operator, case folding, people
/// without a value, and every position a scan over many people finds.
final class TableFilterTests: XCTestCase {
  private static let people = [
    User(
      id: "u1", username: "maria", role: .owner,
      details: PersonDetails(
        displayName: "María García", email: "maria@example.org", title: "Director",
        department: "Sales", location: "Berlin")),
    User(
      id: "u2", username: "jchen",
      details: PersonDetails(
        displayName: "Jun Chen", title: "Senior Engineer", department: "Sales",
        location: "Bern", manager: "u1", employeeNumber: "1002")),
    User(
      id: "u3", username: "ZOE", role: .admin,
      details: PersonDetails(
        displayName: "Zoë Ødegaard", email: "zoe@example.org", title: "Engineer",
        department: "Platform", location: "Oslo", manager: "u1")),
    User(username: "plain"),
  ]

  private func matches(_ text: String) throws -> [String] {
    let table = UserTable(Self.people)
    let filter = TableFilter(try PersonFilter(parsing: text), over: table)
    return filter.positions()!.map { table.username(at: $0) }
  }

  func testEachOperatorFoldsCaseAndPeopleWithoutAValueMatchOnlyNe() throws {
    XCTAssertEqual(try matches(#"department eq "sales""#), ["maria", "jchen"])
    XCTAssertEqual(try matches(#"department ne "Sales""#), ["ZOE", "plain"])
    XCTAssertEqual(try matches(#"title co "ENGINEER""#), ["jchen", "ZOE"])
    XCTAssertEqual(try matches(#"location sw "ber""#), ["maria", "jchen"])
    XCTAssertEqual(try matches(#"displayName ew "GARCÍA""#), ["maria"], "non-ASCII folds too")
    XCTAssertEqual(try matches(#"displayName co "ødegaard""#), ["ZOE"])
    XCTAssertEqual(try matches(#"username gt "k""#), ["maria", "ZOE", "plain"])
    XCTAssertEqual(try matches(#"username lt "k""#), ["jchen"])
    XCTAssertEqual(try matches(#"employeeNumber ge "1002""#), ["jchen"])
    XCTAssertEqual(try matches(#"employeeNumber le "1001""#), [])
    XCTAssertEqual(try matches("email pr"), ["maria", "ZOE"])
    XCTAssertEqual(try matches("not (email pr)"), ["jchen", "plain"])
    XCTAssertEqual(try matches(#"manager eq "U1""#), ["jchen", "ZOE"], "by the manager's identity")
    XCTAssertEqual(try matches(#"role eq "admin" or role eq "Owner""#), ["maria", "ZOE"])
    XCTAssertEqual(
      try matches(
        #"department eq "Sales" and (title co "Engineer" or location sw "Ber") and not (email pr)"#),
      ["jchen"])
  }

  func testAScanOverManyPeopleFindsEveryMatchInOrderAndStopsWhenCancelled() throws {
    var users: [User] = []
    for index in 0..<100_000 {
      users.append(
        User(
          username: "p\(index)",
          details: PersonDetails(department: ["Sales", "Platform", "People"][index % 3])))
    }
    let table = UserTable(users)
    let filter = TableFilter(try PersonFilter(parsing: #"department eq "people""#), over: table)
    XCTAssertEqual(filter.positions(), Array(stride(from: 2, to: 100_000, by: 3)))
    XCTAssertEqual(filter.positions(within: [0, 2, 5, 7]), [2, 5])
    XCTAssertNil(filter.positions(isCancelled: { true }))
  }
}
