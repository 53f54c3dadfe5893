import Foundation
import LDAPDemo
import SharedSupport

/// Deterministic people for the test servers: the same seed gives the same
/// names on every run, plus a few entries the tests look for by name.
///
/// Threading: stateless.
public enum TestPeople {
  public static let given = [
    "maria", "James", "olivia", "Chen", "noah", "amelia", "liam", "Sofia", "lucas", "mia",
    "arjun", "Zoe", "ethan", "hana", "omar", "ingrid", "kofi", "lena", "mateo", "yuki",
  ]
  public static let family = [
    "garcia", "Smith", "nguyen", "muller", "rossi", "kowalski", "okafor", "tanaka", "silva",
    "Dubois", "haddad", "larsen", "novak", "patel", "kim", "ivanova", "osei", "fischer",
  ]
  public static let roles = ["User", "User", "User", "User", "Owner", "Admin", "Guest"]
  public static let titles = ["Software Engineer", "Account Executive", "Designer", "Accountant"]
  public static let departments = ["Platform", "EMEA", "Design", "Finance", "Support"]
  public static let offices = ["Berlin", "London", "São Paulo"]
  /// How many people report to each manager: person `i > 0` reports to
  /// person `(i - 1) / teamSize`; the first has no manager.
  public static let teamSize = 4

  /// The entry whose display name is a filter injection.
  public static let injection = LDIFPerson(
    uid: "star.person", cn: "Star Person", sn: "Person", displayName: "Star *)(uid=* Person",
    employeeType: "Admin")
  /// The entry whose display name holds a backslash.
  public static let backslash = LDIFPerson(
    uid: "back.slash", cn: "Back Slash", sn: "Slash", displayName: #"Back\Slash"#,
    employeeType: "Owner")

  /// `count` generated people (seeded), then the two special ones; the
  /// first `photos.count` generated people carry those photos. Each
  /// generated person has a mail (their uid, lower-cased, at example.org),
  /// a title, department (`ou`), office (`l`) and telephone number chosen
  /// by their position, and (but the first) a manager's DN (see
  /// ``teamSize``); these take no draws, so the names stay as they were.
  public static func people(count: Int, seed: UInt64, photos: [[UInt8]] = []) -> [LDIFPerson] {
    var random = SplitMix64(seed: seed)
    // The generator's next number modulo the bound: the draws these people
    // were always made with (not `next(below:)`, which draws differently).
    func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    var people: [LDIFPerson] = []
    for index in 0..<count {
      let first = given[next(given.count)]
      let last = family[next(family.count)]
      let name = "\(first.capitalized) \(last.capitalized)"
      let uid = "\(first).\(last)\(index)"
      people.append(
        LDIFPerson(
          uid: uid, cn: name, sn: last.capitalized,
          displayName: next(10) == 0 ? nil : name, employeeType: roles[next(roles.count)],
          jpegPhoto: index < photos.count ? photos[index] : nil,
          mail: uid.lowercased() + "@example.org", title: titles[index % titles.count],
          ou: departments[index % departments.count], l: offices[index % offices.count],
          telephoneNumber: "+1 555 01" + String(index % 100 + 100).dropFirst(),
          manager: index == 0 ? nil : TestServer.dn(people[(index - 1) / teamSize])))
    }
    return people + [injection, backslash]
  }

  /// The LDIF for `people` under the demo suffix.
  public static func ldif(_ people: [LDIFPerson], suffix: String = "dc=example,dc=org") -> String {
    var writer = LDIFWriter(suffix: suffix)
    for person in people { writer.add(person) }
    return writer.ldif
  }

  /// JPEG files from the repository's demo avatars.
  public static func jpegPhotos(_ count: Int) throws -> [[UInt8]] {
    // Tests/TestSupport/TestPeople.swift -> the package root.
    let avatars = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("data/avatars")
    let files = try FileManager.default.contentsOfDirectory(atPath: avatars.path)
      .filter { $0.hasSuffix(".jpg") }.sorted().prefix(count)
    return try files.map { Array(try Data(contentsOf: avatars.appendingPathComponent($0))) }
  }
}
