/// A table and the one it was patched from (``UserTable/patched(_:)``):
/// who left, who changed in place and who came, so a list showing the
/// previous table can follow with work for the people changed alone
/// (``carry(_:order:)``), never a sort or a diff of everyone.
///
/// A person kept keeps their position but for the people removed before
/// it; the people added follow everyone else.
///
/// Threading: a plain value; `Sendable`.
public struct TablePatch: Sendable {
  /// The table patched.
  public let previous: UserTable
  /// The table with the changes made.
  public let table: UserTable
  /// Positions in ``previous`` of the people removed, ascending.
  public let removed: [Int]
  /// Positions in ``previous`` of the people changed in place, ascending.
  public let changed: [Int]
  /// Positions in ``table`` of the people added: its last ones.
  public let added: Range<Int>

  /// Where person `position` of ``previous`` is in ``table``; nil when
  /// they were removed.
  public func position(after position: Int) -> Int? {
    let before = removed.partitioningIndex { $0 >= position }
    if before < removed.count, removed[before] == position { return nil }
    return position - before
  }

  /// How many people changed in all.
  public var count: Int { removed.count + changed.count + added.count }
}

extension UserTable {
  /// This table with `changes` made in order: a person (by identity) given
  /// a user is changed in place, or added after everyone when the table
  /// does not hold them; given nil, removed. The people not changed are
  /// copied as their bytes (their pool numbers and manager links kept; a
  /// link to a person removed becomes that person's identity), so a
  /// million people take a copy of the columns, not a million `User`
  /// values.
  ///
  /// Linear in the people; run it off the main thread. `.tooLarge` when
  /// the changes would pass the arenas' limit.
  public func patched(_ changes: [(identity: String, user: User?)]) throws(DirectoryError)
    -> TablePatch
  {
    // The last change of each person, in the order people first changed.
    var last: [String: User?] = [:]
    var order: [String] = []
    for change in changes where last.updateValue(change.user, forKey: change.identity) == nil {
      order.append(change.identity)
    }
    var replaced: [Int: User] = [:]
    var removed: [Int] = []
    var added: [User] = []
    for identity in order {
      let user = last[identity] ?? nil
      if let position = position(ofIdentity: identity) {
        if let user, Self.identity(of: user) == identity {
          replaced[position] = user
        } else {
          // Gone, or someone else now: out of place, and in at the end.
          removed.append(position)
          if let user { added.append(user) }
        }
      } else if let user {
        added.append(user)
      }
    }
    removed.sort()
    var builder = UserTableBuilder(continuing: self)
    // A link to someone removed becomes their identity, as a reference.
    var gone: [Int: UInt32] = [:]
    for position in removed where gone[position] == nil {
      gone[position] = ManagerLinks.unresolved(
        builder.managerReference(identityBytes(at: position)))
    }
    let link = { (link: UInt32) -> UInt32 in
      guard !removed.isEmpty, let manager = ManagerLinks.position(link) else { return link }
      if let reference = gone[manager] { return reference }
      return UInt32(manager - removed.partitioningIndex { $0 >= manager } + 1)
    }
    var cursor = 0
    for position in Set(replaced.keys).union(removed).sorted() {
      builder.appendKept(of: self, range: cursor..<position, link: link)
      if let user = replaced[position] { try builder.append(user, replacing: position, of: self) }
      cursor = position + 1
    }
    builder.appendKept(of: self, range: cursor..<userCount, link: link)
    for user in added { try builder.append(user) }
    let table = UserTable(builder.finish(), linkingManagers: false)
    let addedRange = (table.userCount - added.count)..<table.userCount
    let patch = TablePatch(
      previous: self, table: table, removed: removed, changed: replaced.keys.sorted(),
      added: addedRange)
    linkManagers(of: patch)
    if let index = identityCache.made?.patched(patch) { table.identityCache.preset(index) }
    return patch
  }

  /// The identity a table gives `user`: the id, else the username.
  private static func identity(of user: User) -> String {
    if let id = user.id, !id.isEmpty { return id }
    return user.username
  }

  /// Links the managers of the people `patch` changed and added, and the
  /// references of the others that name someone added: what
  /// ``ManagerLinks/resolve(in:)`` would link, without a pass over everyone
  /// when nobody was added.
  private func linkManagers(of patch: TablePatch) {
    let table = patch.table
    let managers = table.columns.managers
    var added: [[UInt8]: Int] = [:]
    for position in patch.added { added[Array(table.identityBytes(at: position))] = position }
    func manager(named reference: Int) -> Int? {
      let bytes = table.columns.managerReferences.bytes(of: reference)
      if let position = added[Array(bytes)] { return position }
      guard let old = position(ofIdentity: bytes) else { return nil }
      return patch.position(after: old)
    }
    var newcomers = patch.changed.compactMap { patch.position(after: $0) }
    newcomers += patch.added
    for position in newcomers {
      let reference = ManagerLinks.unresolvedReference(managers[position])
      if reference != 0, let found = manager(named: reference), found != position {
        managers.set(position, to: UInt32(found + 1))
      }
    }
    guard !added.isEmpty else { return }
    for position in 0..<table.userCount {
      let reference = ManagerLinks.unresolvedReference(managers[position])
      guard reference != 0,
        let found = added[Array(table.columns.managerReferences.bytes(of: reference))],
        found != position
      else { continue }
      managers.set(position, to: UInt32(found + 1))
    }
  }

  /// The position of the first person whose identity is `bytes`.
  private func position(ofIdentity bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    identityCache.value { IdentityIndex(self) }.position(of: bytes, in: self)
  }
}

extension RandomAccessCollection where Index == Int {
  /// The first index whose element satisfies `belongs`, for a collection
  /// whose elements that do all follow those that do not (a binary search).
  func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if belongs(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
