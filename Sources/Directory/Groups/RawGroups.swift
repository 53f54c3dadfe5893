/// Groups as users.json gives them, before the people are all read: each
/// group's identity and name, and the references (ids, else usernames) of
/// its members and of the groups inside it, back to back in two byte
/// arenas (no allocation a member). ``resolved(against:)`` turns the
/// references into positions once the table is made.
///
/// Threading: owned by one parse.
struct RawGroups {
  /// References back to back: reference `i` is `bytes[ends[i - 1]..<ends[i]]`.
  struct References {
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [Int] = []

    var count: Int { ends.count }

    mutating func append(_ reference: UnsafeBufferPointer<UInt8>) {
      bytes.append(contentsOf: reference)
      ends.append(bytes.count)
    }

    /// Drops the references after the first `count`.
    mutating func rollBack(to count: Int) {
      guard count < ends.count else { return }
      bytes.removeSubrange((count == 0 ? 0 : ends[count - 1])...)
      ends.removeSubrange(count...)
    }

    /// Reference `index`'s bytes.
    func reference(_ index: Int) -> ArraySlice<UInt8> {
      bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }
  }

  /// Where the group being read starts in both arenas.
  struct Mark {
    var members: Int
    var subgroups: Int
  }

  private(set) var ids: [String] = []
  private(set) var names: [String] = []
  /// Each group's members: `members` from `memberStarts[g]` to the next.
  private var memberStarts: [Int] = []
  private var subgroupStarts: [Int] = []
  var members = References()
  var subgroups = References()

  var count: Int { ids.count }

  var mark: Mark { Mark(members: members.count, subgroups: subgroups.count) }

  /// Keeps the group read since `mark`.
  mutating func commit(id: String, name: String, from mark: Mark) {
    ids.append(id)
    names.append(name)
    memberStarts.append(mark.members)
    subgroupStarts.append(mark.subgroups)
  }

  /// Forgets the references read since `mark` (a skipped group).
  mutating func rollBack(to mark: Mark) {
    members.rollBack(to: mark.members)
    subgroups.rollBack(to: mark.subgroups)
  }

  /// The groups with their members as positions in `table` (each once, in
  /// the file's order) and the groups inside them as group numbers. A
  /// member nobody in the table has, or a group inside naming no group (or
  /// itself), is counted, not kept; the first group with an identity is the
  /// one a reference names.
  func resolved(against table: UserTable) -> DirectoryGroups {
    let people = members.count > 0 ? IdentityIndex(table) : nil
    var groupNumbers: [String: Int] = [:]
    for (number, id) in ids.enumerated() where groupNumbers[id] == nil {
      groupNumbers[id] = number
    }
    var groups: [DirectoryGroup] = []
    groups.reserveCapacity(count)
    // A bit a person marks the members of the group being resolved.
    var seen = BitSet(count: table.userCount)
    for number in 0..<count {
      var group = DirectoryGroup(id: ids[number], name: names[number])
      let memberEnd = number + 1 < count ? memberStarts[number + 1] : members.count
      for reference in memberStarts[number]..<memberEnd {
        guard let position = people?.position(of: members.reference(reference), in: table) else {
          group.unknownMembers += 1
          continue
        }
        if seen.insert(position) { group.members.append(UInt32(position)) }
      }
      for position in group.members { seen.remove(Int(position)) }
      let subgroupEnd = number + 1 < count ? subgroupStarts[number + 1] : subgroups.count
      for reference in subgroupStarts[number]..<subgroupEnd {
        let id = String(decoding: subgroups.reference(reference), as: UTF8.self)
        guard let inner = groupNumbers[id], inner != number else {
          group.unknownGroups += 1
          continue
        }
        if !group.subgroups.contains(inner) { group.subgroups.append(inner) }
      }
      groups.append(group)
    }
    return DirectoryGroups(groups, personCount: table.userCount)
  }
}
