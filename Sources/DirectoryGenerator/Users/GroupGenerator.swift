import Directory

/// Makes the groups of a generated directory, deterministically: one for
/// about every fifty people, their sizes falling off as a power law (the
/// largest holds a tenth of everyone, the k-th about a k-th of that, none
/// fewer than two), and one group in five holding up to three smaller
/// groups (so nesting never comes round). Names read like a company's:
/// its departments and offices, then projects and committees, numbered
/// once they run out; ids read "g000001", ….
///
/// Threading: stateless; callable from any thread.
public enum GroupGenerator {
  /// A generated group: the members and the groups inside it by identity.
  public struct Group: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The members' ids (else usernames), as users.json names them.
    public var members: [String]
    /// The ids of the groups inside it.
    public var groups: [String]
  }

  /// How many groups `people` people get.
  public static func count(forPeople people: Int) -> Int {
    people < 2 ? 0 : max(1, people / 50)
  }

  /// The groups of `users`; the same arguments give the same groups.
  public static func groups(for users: [User], seed: UInt64) -> [Group] {
    let count = count(forPeople: users.count)
    guard count > 0 else { return [] }
    var random = SplitMix64(seed: seed ^ 0x6772_6F75_7073)
    let names = names(count)
    let largest = max(2, users.count / 10)
    var groups: [Group] = []
    groups.reserveCapacity(count)
    for rank in 0..<count {
      let size = min(users.count, max(2, largest / (rank + 1)))
      groups.append(
        Group(
          id: id(for: rank), name: names[rank],
          members: members(size, of: users, using: &random), groups: []))
    }
    // Smaller groups inside larger ones: only later ranks, so no circle.
    for rank in 0..<count where rank + 1 < count && random.next(below: 5) == 0 {
      for _ in 0...random.next(below: 3) {
        let inner = rank + 1 + random.next(below: count - rank - 1)
        if !groups[rank].groups.contains(groups[inner].id) {
          groups[rank].groups.append(groups[inner].id)
        }
      }
    }
    return groups
  }

  /// "g000001" for rank 0.
  static func id(for rank: Int) -> String {
    let digits = String(rank + 1)
    return "g" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  /// `size` distinct people from a random start with a random step prime to
  /// the count (one pass, no set), as their identities.
  private static func members(_ size: Int, of users: [User], using random: inout SplitMix64)
    -> [String]
  {
    let count = users.count
    var step = 1 + random.next(below: count)
    while gcd(step, count) != 1 { step += 1 }
    var position = random.next(below: count)
    var members: [String] = []
    members.reserveCapacity(size)
    for _ in 0..<size {
      members.append(users[position].id ?? users[position].username)
      position = (position + step) % count
    }
    return members
  }

  private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

  /// `count` distinct names: "Everyone", the departments and offices, then
  /// projects and committees, then the same again numbered.
  private static func names(_ count: Int) -> [String] {
    var base = ["Everyone"]
    for department in Organisation.departments {
      base.append(department.name)
      base += department.children.map { "\(department.name) \($0.name)" }
    }
    base += Organisation.offices.map { "\($0.city) Office" }
    base += projects.map { "Project \($0)" }
    base += topics.map { "\($0) Committee" }
    base += topics.map { "\($0) Guild" }
    var names: [String] = []
    names.reserveCapacity(count)
    var round = 1
    while names.count < count {
      for name in base where names.count < count {
        names.append(round == 1 ? name : "\(name) \(round)")
      }
      round += 1
    }
    return names
  }

  private static let projects = [
    "Aurora", "Basalt", "Cobalt", "Dune", "Ember", "Fjord", "Granite", "Harbor", "Iris", "Juniper",
    "Kestrel", "Lumen", "Meridian", "Nimbus", "Orchid", "Pioneer", "Quartz", "Riverbend",
    "Sierra", "Tundra", "Umber", "Vega", "Willow", "Zephyr",
  ]

  private static let topics = [
    "Accessibility", "Architecture", "Benefits", "Charity", "Diversity", "Events", "Green",
    "Hiring", "Learning", "Mentoring", "Open Source", "Privacy", "Quality", "Safety", "Social",
    "Travel", "Wellbeing",
  ]
}
