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
  /// does not hold them; given nil, removed. The new table shares this
  /// one's rows and pools (``Columns/layered()``): the people changed and
  /// added take rows of its own, and its ``RowMap`` places everyone, so a
  /// million people cost two 32-bit numbers each, not a copy of their text.
  ///
  /// Linear in the people; run it off the main thread. `.tooLarge` when
  /// the changes would pass the arenas' limit.
  public func patched(_ changes: [(identity: String, user: User?)]) throws(DirectoryError)
    -> TablePatch
  {
    // People are looked up by identity and copied at random: a mapped
    // image's pages read go when the patch is made.
    defer { releaseMappedPages() }
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
    let changed = replaced.keys.sorted()
    let people = userCount - removed.count + added.count
    let addedRange = (people - added.count)..<people
    /// Where person `position` of this table is after the patch.
    func after(_ position: Int) -> Int? {
      let before = removed.partitioningIndex { $0 >= position }
      if before < removed.count, removed[before] == position { return nil }
      return position - before
    }
    var builder = UserTableBuilder(layering: self)
    // The rows taken by people of this table, by their position here.
    var newRows: [Int: Int] = [:]
    for position in changed {
      try builder.append(replaced[position]!, replacing: row(position), of: self)
      newRows[position] = builder.count - 1
    }
    let firstAdded = builder.count
    var addedPositions: [[UInt8]: Int] = [:]
    for (k, user) in added.enumerated() {
      try builder.append(user)
      let identity = Array(Self.identity(of: user).utf8)
      if addedPositions[identity] == nil { addedPositions[identity] = addedRange.lowerBound + k }
    }
    // The people kept whose manager, named but absent, is someone added:
    // a row of their own with the link.
    if !added.isEmpty {
      for position in 0..<userCount {
        let reference = ManagerLinks.unresolvedReference(columns.managers[row(position)])
        guard reference != 0,
          let manager = addedPositions[Array(columns.managerReferences.bytes(of: reference))],
          newRows[position] == nil, after(position) != nil
        else { continue }
        let link = UInt32(firstAdded + manager - addedRange.lowerBound + 1)
        builder.appendCopy(ofRow: row(position), of: self, link: link)
        newRows[position] = builder.count - 1
      }
    }
    let built = builder.finish()
    let references = built.managerReferences
    // The managers of the people changed and added, linked to rows.
    let newcomers =
      changed.map { (row: newRows[$0]!, position: after($0)!) }
      + added.indices.map { (row: firstAdded + $0, position: addedRange.lowerBound + $0) }
    for (row, position) in newcomers {
      let reference = ManagerLinks.unresolvedReference(built.managers[row])
      guard reference != 0 else { continue }
      let bytes = references.bytes(of: reference)
      var linked: (row: Int, position: Int)?
      if let manager = addedPositions[Array(bytes)] {
        linked = (firstAdded + manager - addedRange.lowerBound, manager)
      } else if let old = self.position(ofIdentity: bytes), let now = after(old) {
        linked = (self.row(old), now)
      }
      if let linked, linked.position != position {
        built.managers.set(row, to: UInt32(linked.row + 1))
      }
    }
    let rowMap = rowMap(
      rows: built.rowCount, newRows: newRows, removed: removed,
      added: firstAdded..<(firstAdded + added.count), addedPositions: addedPositions)
    let table = UserTable(built, linkingManagers: false, rowMap: rowMap)
    let patch = TablePatch(
      previous: self, table: table, removed: removed, changed: changed, added: addedRange)
    if let index = identityCache.made?.patched(patch) { table.identityCache.preset(index) }
    return patch
  }

  /// The row map of this table patched: the people kept in their rows or
  /// in `newRows` (by their position here), the people added in rows
  /// `added`; every row of this table placed where its person went (-1
  /// when removed, unless someone added has their identity: a link to
  /// them follows). Copies of the map before in runs, a pass over the
  /// rows without a lookup a person: a few milliseconds for a million.
  private func rowMap(
    rows: Int, newRows: [Int: Int], removed: [Int], added: Range<Int>,
    addedPositions: [[UInt8]: Int]
  ) -> RowMap {
    let map = CompactColumn<UInt32>(reserving: userCount - removed.count + added.count)
    var cursor = 0
    for gone in removed + [userCount] {
      if let rowMap {
        map.append(contentsOf: rowMap.rows.buffer(from: cursor, count: gone - cursor))
      } else {
        for position in cursor..<gone { map.append(UInt32(position)) }
      }
      cursor = gone + 1
    }
    for row in added { map.append(UInt32(row)) }
    let positions = CompactColumn<Int32>(reserving: rows)
    if let previous = rowMap?.positions, removed.isEmpty, addedPositions.isEmpty {
      positions.append(contentsOf: previous.all)
    } else {
      for row in 0..<columns.rowCount {
        var position = rowMap.map { Int($0.positions[row]) } ?? row
        if position >= 0, !removed.isEmpty {
          let before = removed.partitioningIndex { $0 >= position }
          let isRemoved = before < removed.count && removed[before] == position
          position = isRemoved ? -1 : position - before
        }
        if position < 0, !addedPositions.isEmpty {
          position = addedPositions[Array(identityBytes(row: row))] ?? -1
        }
        positions.append(Int32(position))
      }
    }
    for _ in columns.rowCount..<rows { positions.append(-1) }
    for (old, row) in newRows {
      let now = old - removed.partitioningIndex { $0 >= old }
      map.set(now, to: UInt32(row))
      positions.set(row, to: Int32(now))
    }
    for (k, row) in added.enumerated() {
      positions.set(row, to: Int32(userCount - removed.count + k))
    }
    return RowMap(rows: map, positions: positions)
  }

  /// The identity a table gives `user`: the id, else the username.
  private static func identity(of user: User) -> String {
    if let id = user.id, !id.isEmpty { return id }
    return user.username
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
