import Foundation

/// The people and groups the tests' company directories hold: the Samba
/// domain controller, as Active Directory keeps them (`user` and `group`
/// objects under `OU=People`, ``activeDirectoryLDIF``, loaded by `ldbadd`
/// into its `sam.ldb` before it starts), and the 389 Directory Server, as
/// its own tools and FreeIPA keep them (``ldif389(base:)``).
/// Deterministic: the same count gives the same people.
///
/// Threading: a plain value; `Sendable`.
public struct CompanyPeople: Sendable {
  /// One `user` object.
  public struct Person: Sendable {
    public let username: String
    public let commonName: String
    public let displayName: String
    public let title: String
    public let department: String
    public let office: String
    public let city: String
    public let mobile: String
    public let mail: String
    public let telephoneNumber: String
    public let employeeNumber: String
    public let employeeType: String
    /// The index of the manager in ``CompanyPeople/people``; nil for the first.
    public let manager: Int?
    /// Disabled: `userAccountControl` 546 (no password required) on the
    /// domain controller, else 544; `nsAccountLock: true` on 389.
    public let disabled: Bool
    public let photo: [UInt8]?
  }

  public static let titles = ["Engineer", "Accountant", "Designer", "Director", "Recruiter"]
  public static let departments = ["Finance", "Platform", "Design", "Sales", "Support", "Legal"]
  public static let offices = ["B-101", "C-202", "A-303", "D-404"]
  public static let cities = ["Berlin", "Lisbon", "Oslo"]
  public static let roles = ["User", "Owner", "Admin", "Guest"]
  /// How many people report to each manager, as in ``TestPeople``.
  public static let teamSize = 4
  /// Every how many people one is disabled, and one has a photo.
  public static let disabledEvery = 37
  public static let photoEvery = 50

  public let people: [Person]
  /// The groups: each department's, and "All Staff" holding the groups
  /// of the first two departments (one level of nesting).
  public let departmentGroups: [String]
  public static let nestingGroup = "All Staff"

  /// `count` people, named in an order that differs from every column's.
  public init(count: Int) {
    var people: [Person] = []
    for index in 0..<count {
      // A permutation of the indexes (7919 is prime), so display names do
      // not follow usernames.
      let scrambled = (index * 7919) % max(count, 1)
      let username = String(format: "user%03d", index)
      people.append(
        Person(
          username: username, commonName: String(format: "User %03d", index),
          displayName: String(format: "Person %03d", scrambled),
          title: Self.titles[index % Self.titles.count],
          department: Self.departments[index % Self.departments.count],
          office: Self.offices[index % Self.offices.count],
          city: Self.cities[index % Self.cities.count],
          mobile: String(format: "+49 151 %07d", (index * 31) % 9_999_999),
          mail: "\(username)@roster.test",
          telephoneNumber: String(format: "+49 30 %05d", count - index),
          employeeNumber: String(format: "E%05d", (index * 13) % 100_000),
          employeeType: Self.roles[index % Self.roles.count],
          manager: index == 0 ? nil : (index - 1) / Self.teamSize,
          disabled: index % Self.disabledEvery == Self.disabledEvery - 1,
          photo: index % Self.photoEvery == 0 ? Self.photo(index) : nil))
    }
    self.people = people
    departmentGroups = Self.departments.map { "Dept \($0)" }
  }

  /// The DN of the person at `index`.
  public func dn(_ index: Int) -> String {
    "CN=\(people[index].commonName),\(TestSambaDC.peopleBase)"
  }

  /// The DN of the group `name`.
  public static func dn(ofGroup name: String) -> String { "CN=\(name),\(TestSambaDC.peopleBase)" }

  /// The people who are not disabled.
  public var enabledCount: Int { people.filter { !$0.disabled }.count }

  /// The LDIF of the people's OU, the people, and the groups, for the
  /// domain controller.
  public var activeDirectoryLDIF: String {
    var lines = [
      "dn: \(TestSambaDC.peopleBase)", "objectClass: organizationalUnit", "ou: People", "",
    ]
    for (index, person) in people.enumerated() {
      lines += [
        "dn: \(dn(index))", "objectClass: user", "sAMAccountName: \(person.username)",
        "userPrincipalName: \(person.username)@roster.test",
        "userAccountControl: \(person.disabled ? 546 : 544)",
        "displayName: \(person.displayName)", "givenName: \(person.commonName)", "sn: Staff",
        "title: \(person.title)", "department: \(person.department)",
        "physicalDeliveryOfficeName: \(person.office)", "l: \(person.city)",
        "mobile: \(person.mobile)", "mail: \(person.mail)",
        "telephoneNumber: \(person.telephoneNumber)",
        "employeeNumber: \(person.employeeNumber)", "employeeType: \(person.employeeType)",
      ]
      if let manager = person.manager { lines.append("manager: \(dn(manager))") }
      if let photo = person.photo {
        lines.append("thumbnailPhoto:: \(Data(photo).base64EncodedString())")
      }
      lines.append("")
    }
    for (number, group) in departmentGroups.enumerated() {
      lines += ["dn: \(Self.dn(ofGroup: group))", "objectClass: group", "sAMAccountName: \(group)"]
      for (index, person) in people.enumerated()
      where person.department == Self.departments[number] {
        lines.append("member: \(dn(index))")
      }
      lines.append("")
    }
    lines += [
      "dn: \(Self.dn(ofGroup: Self.nestingGroup))", "objectClass: group",
      "sAMAccountName: \(Self.nestingGroup)",
      "member: \(Self.dn(ofGroup: departmentGroups[0]))",
      "member: \(Self.dn(ofGroup: departmentGroups[1]))", "",
    ]
    return lines.joined(separator: "\n")
  }

  /// A small JPEG-looking photo, distinct per person (its bytes are not
  /// decoded by the tests that read it back).
  private static func photo(_ index: Int) -> [UInt8] {
    [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: UInt8(index % 251), count: 512) + [0xFF, 0xD9]
  }
}
