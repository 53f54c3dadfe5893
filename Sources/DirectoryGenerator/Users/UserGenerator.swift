import Directory

/// Makes realistic, deterministic directories for the demo data set, tests
/// and benchmarks.
///
/// Usernames follow the habits of real systems ("maria.garcia", "jchen",
/// "olivia_k92", ...) and are unique: a number is appended only when a name
/// is already taken. About 90% of users are "User", 6% "Owner", 4% "Admin",
/// and one in a thousand has a role Roster does not know (written as "Guest").
/// About 5% have no avatar; the others point at "avatars/<file>", every given
/// file used once before any repeats, so broken files among them are always
/// referenced. Ids read "u0000001", "u0000002", ...
///
/// Everyone has details (``PersonDetailsGenerator``): a display name and an
/// email made from the names of their username ("Maria Garcia",
/// "maria.garcia@example.org", unique), a department, title, office,
/// telephone number and employee number, and, but the first person, a
/// manager (their id) in a tree about six levels deep.
///
/// Threading: stateless; callable from any thread.
public enum UserGenerator {
  /// The share of users without an avatar, in percent.
  public static let percentWithoutAvatar = 5
  /// The role string written for `.unknown`.
  public static let unknownRoleText = "Guest"

  /// Generates `count` users; the same arguments give the same users.
  public static func users(count: Int, avatarFileNames: [String], seed: UInt64) -> [User] {
    var random = SplitMix64(seed: seed)
    var names = UniqueNames(capacity: count)
    var details = PersonDetailsGenerator(count: count, seed: seed)
    // One string per file, shared by every user who has that avatar.
    let avatarPaths = avatarFileNames.map { "avatars/" + $0 }
    var avatarsHandedOut = 0
    var users: [User] = []
    users.reserveCapacity(count)
    for index in 0..<count {
      let candidate = candidateUsername(using: &random)
      let username = names.claim(candidate.username)
      var avatar = ""
      if !avatarPaths.isEmpty && random.next(below: 100) >= percentWithoutAvatar {
        let file =
          avatarsHandedOut < avatarPaths.count
          ? avatarsHandedOut : random.next(below: avatarPaths.count)
        avatar = avatarPaths[file]
        avatarsHandedOut += 1
      }
      let role = role(using: &random)
      let manager = details.managerIndex(of: index).flatMap { users[$0].id }
      users.append(
        User(
          id: id(for: index), username: username, avatar: avatar, role: role,
          details: details.next(
            given: candidate.given, family: candidate.family, managerID: manager)))
    }
    return users
  }

  /// "u0000001" for index 0; more digits once seven run out.
  static func id(for index: Int) -> String {
    let digits = String(index + 1)
    return "u" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
  }

  private static func role(using random: inout SplitMix64) -> Role {
    switch random.next(below: 1000) {
    case ..<900: .user
    case ..<960: .owner
    case ..<999: .admin
    default: .unknown
    }
  }

  /// A username made from a given and a family name, and their positions
  /// in ``NameLists``.
  private static func candidateUsername(using random: inout SplitMix64) -> (
    username: String, given: Int, family: Int
  ) {
    let givenIndex = random.next(below: NameLists.givenNames.count)
    let familyIndex = random.next(below: NameLists.familyNames.count)
    let username = candidateUsername(
      given: NameLists.givenNames[givenIndex], family: NameLists.familyNames[familyIndex],
      using: &random)
    return (username, givenIndex, familyIndex)
  }

  private static func candidateUsername(
    given: String, family: String, using random: inout SplitMix64
  ) -> String {
    switch random.next(below: 100) {
    case ..<34:
      return given + "." + family
    case ..<50:
      return String(given.prefix(1)) + family
    case ..<60:
      return given + "_" + String(family.prefix(1)) + twoDigits(using: &random)
    case ..<68:
      return given + family
    case ..<71:
      return given.initialUppercased + family.initialUppercased
    case ..<77:
      return given + "-" + family
    case ..<83:
      return given + String(1960 + random.next(below: 45))
    case ..<88:
      return family + "." + given
    case ..<93:
      return given
    case ..<97:
      return given + String(family.prefix(1))
    default:
      return given + "_" + family
    }
  }

  private static func twoDigits(using random: inout SplitMix64) -> String {
    let value = random.next(below: 100)
    return value < 10 ? "0\(value)" : String(value)
  }
}

extension String {
  /// First letter upper-cased ("garcia" -> "Garcia"); Foundation-free.
  fileprivate var initialUppercased: String {
    prefix(1).uppercased() + dropFirst()
  }
}
