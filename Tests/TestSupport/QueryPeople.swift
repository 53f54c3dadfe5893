import Foundation
import LDAPDemo
import SharedSupport

/// The same people for a local table, slapd and scim2-server, so one query
/// can be run on all three and the answers compared. The values are ASCII,
/// capitalised alike and no value is another's prefix followed by a space,
/// so the local collation (C.UTF-8 in the tests), slapd's
/// caseIgnoreOrderingMatch and scim2-server's caseless order agree.
///
/// Threading: a plain value; `Sendable`.
public struct QueryPerson: Sendable, Hashable {
  public var username: String
  public var displayName: String
  public var email: String?
  public var title: String
  public var department: String
  public var location: String
  public var employeeNumber: String
  public var role: String

  public static let given = ["Alba", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Hugo"]
  public static let family = ["Kent", "Lund", "Moss", "Nash", "Orr", "Pike", "Quinn"]
  public static let titles = [
    "Engineer", "Sales Engineer", "Designer", "Accountant", "Support Engineer", "Manager",
  ]
  public static let departments = ["Sales", "Finance", "Design", "Support"]
  public static let locations = ["Berlin", "Bern", "London", "Madrid"]
  public static let roles = ["User", "User", "Admin", "Owner"]

  /// `count` people (at most 1,000) from a seed (SplitMix64), usernames
  /// `p000`…, about every fifth without an email, unique employee numbers
  /// in another order than the usernames; plus the hostile ones
  /// (``hostile``).
  public static func people(count: Int, seed: UInt64) -> [QueryPerson] {
    var random = SplitMix64(seed: seed)
    // The generator's next number modulo the bound: the draws these people
    // were always made with (not `next(below:)`, which draws differently).
    func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    var people: [QueryPerson] = []
    for index in 0..<count {
      let number = String(index + 1000).dropFirst()
      let name = "\(given[next(given.count)]) \(family[next(family.count)]) \(number)"
      people.append(
        QueryPerson(
          username: "p\(number)", displayName: name,
          email: next(5) == 0 ? nil : "p\(number)@example.org",
          title: titles[next(titles.count)], department: departments[next(departments.count)],
          location: locations[next(locations.count)],
          employeeNumber: "E" + String((index * 7919) % 1000 + 1000).dropFirst(),
          role: roles[next(roles.count)]))
    }
    return people + hostile
  }

  /// People whose titles hold a filter's special characters (`*)(`, a
  /// backslash, quotes), each to be matched only literally, and one whose
  /// title a value with a NUL would match if the NUL were lost.
  public static let hostile = [
    QueryPerson(
      username: "x001", displayName: "Xeno Star", email: nil, title: "Star *)(uid=* Title",
      department: "Support", location: "London", employeeNumber: "X1", role: "User"),
    QueryPerson(
      username: "x002", displayName: "Xeno Slash", email: nil, title: #"Back\Slash "Quoted""#,
      department: "Support", location: "London", employeeNumber: "X2", role: "User"),
    QueryPerson(
      username: "x003", displayName: "Xeno Nul", email: nil, title: "Nul Title",
      department: "Support", location: "London", employeeNumber: "X3", role: "User"),
  ]

  /// The person as a users.json object.
  public var json: [String: Any] {
    var object: [String: Any] = [
      "id": username, "username": username, "displayName": displayName, "title": title,
      "department": department, "location": location, "employeeNumber": employeeNumber,
      "role": role,
    ]
    if let email { object["email"] = email }
    return object
  }

  /// The person as an inetOrgPerson entry, named by the employee number
  /// (scrambled against the usernames), so the server's order of entries
  /// equal in the sort keys is not the usernames' unless it is asked for.
  public var ldif: LDIFPerson {
    LDIFPerson(
      uid: username, cn: displayName, sn: String(displayName.split(separator: " ")[1]),
      displayName: displayName, employeeType: role, employeeNumber: employeeNumber, mail: email,
      title: title, ou: department, l: location)
  }

  /// The person as a SCIM user.
  public var scim: TestSCIMServer.Person {
    var person = TestSCIMServer.Person(userName: username, displayName: displayName, role: role)
    person.email = email
    person.title = title
    person.department = department
    person.locality = location
    person.employeeNumber = employeeNumber
    return person
  }

  /// `people` in a scrambled order (a prime stride through them), so a
  /// server's own order (by entry or resource id) is not the username's
  /// and only its sort puts them in order.
  public static func scrambled(_ people: [QueryPerson]) -> [QueryPerson] {
    let stride = 7919
    return (0..<people.count).map { people[($0 * stride) % people.count] }
  }

  /// users.json for `people`.
  public static func usersJSON(_ people: [QueryPerson]) throws -> Data {
    try JSONSerialization.data(withJSONObject: people.map(\.json))
  }
}
