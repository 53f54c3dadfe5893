/// The groups of a directory, each with its members as positions in the
/// directory's ``UserTable`` (see ``DirectoryGroup``), and the questions
/// asked of them: a group by name, everyone in a group and the groups
/// inside it, the groups a person is in.
///
/// Threading: immutable but for a lookup index made the first time it is
/// asked for, under a mutex; `Sendable`, read from any thread. The
/// questions over every group are linear in their memberships: ask them
/// off the main thread in a big directory.
public struct DirectoryGroups: Sendable, RandomAccessCollection {
  private let groups: [DirectoryGroup]
  /// How many people the table has (the size of a bit set over them).
  private let personCount: Int
  /// Whether each group's members are known (a server's groups are listed
  /// by name only: reading every member to count them would read everyone).
  public let membersKnown: Bool
  private let index = MadeOnce<PersonGroupsIndex>()

  /// `groups` over a table of `personCount` people.
  public init(_ groups: [DirectoryGroup] = [], personCount: Int = 0) {
    self.groups = groups
    self.personCount = personCount
    membersKnown = true
  }

  /// A server's groups, by identity and name, their members not read.
  public init(listed entries: [DirectoryGroupEntry]) {
    groups = entries.map { DirectoryGroup(id: $0.id, name: $0.name) }
    personCount = 0
    membersKnown = false
  }

  public var startIndex: Int { groups.startIndex }
  public var endIndex: Int { groups.endIndex }
  public subscript(position: Int) -> DirectoryGroup { groups[position] }

  /// The number of the group named `name` (its shown name, else its
  /// identity); nil when none is.
  public func number(named name: String) -> Int? {
    groups.firstIndex { $0.name == name } ?? groups.firstIndex { $0.id == name }
  }

  /// The people in group `number`: its direct members, or with
  /// `allLevels` the members of the groups inside it too, level by level,
  /// each person once (however the groups nest, even in a circle).
  public func members(of number: Int, allLevels: Bool = false) -> [Int] {
    guard allLevels else { return groups[number].members.map(Int.init) }
    var people = BitSet(count: personCount)
    var found: [Int] = []
    for group in nested(in: number) {
      for member in groups[group].members where people.insert(Int(member)) {
        found.append(Int(member))
      }
    }
    return found
  }

  /// The direct members of group `number` in the directory's order, among
  /// `candidates` (positions in the directory's order; nil: everyone).
  public func members(of number: Int, among candidates: [Int]?) -> [Int] {
    guard let candidates else { return groups[number].members.map(Int.init).sorted() }
    var members = BitSet(count: personCount)
    for member in groups[number].members { _ = members.insert(Int(member)) }
    return candidates.filter { members.contains($0) }
  }

  /// Group `number` and every group inside it, at any depth, each once,
  /// level by level.
  public func nested(in number: Int) -> [Int] {
    var seen = BitSet(count: groups.count)
    _ = seen.insert(number)
    var found = [number]
    var next = 0
    while next < found.count {
      for inner in groups[found[next]].subgroups where seen.insert(inner) {
        found.append(inner)
      }
      next += 1
    }
    return found
  }

  /// The numbers of the groups person `position` is directly in, in the
  /// groups' order.
  public func groups(containing position: Int) -> [Int] {
    index.value { PersonGroupsIndex(groups, personCount: personCount) }.groups(of: position)
  }

  /// The numbers of the groups that hold group `number` directly.
  public func parents(of number: Int) -> [Int] {
    groups.indices.filter { groups[$0].subgroups.contains(number) }
  }
}

/// Which groups each person is in: a compressed row per person, made once.
///
/// Threading: made on one thread, then only read; `Sendable`.
struct PersonGroupsIndex: Sendable {
  private let starts: [UInt32]
  private let groups: [UInt32]

  init(_ all: [DirectoryGroup], personCount: Int) {
    var starts = [UInt32](repeating: 0, count: personCount + 1)
    for group in all { for member in group.members { starts[Int(member) + 1] += 1 } }
    for person in 0..<personCount { starts[person + 1] += starts[person] }
    var next = starts
    var groups = [UInt32](repeating: 0, count: Int(starts[personCount]))
    for (number, group) in all.enumerated() {
      for member in group.members {
        groups[Int(next[Int(member)])] = UInt32(number)
        next[Int(member)] += 1
      }
    }
    self.starts = starts
    self.groups = groups
  }

  func groups(of person: Int) -> [Int] {
    guard person + 1 < starts.count else { return [] }
    return groups[Int(starts[person])..<Int(starts[person + 1])].map(Int.init)
  }
}
