/// The checks of a table's image on opening that its values place what
/// they name within the table: so that a damaged image that passes its
/// frame and checksum (or one written by hand) is refused at once rather
/// than stopping Roster at a bounds check when its rows show.
extension UserTable.Columns {
  /// Whether every offset, length, pool number and manager link of these
  /// columns (`people` rows, read from an image) lies within what it
  /// indexes: each text's offsets never decrease and end within it, a
  /// person's own field lengths fit their stretch of text, the avatar,
  /// title, department and location numbers are within their pools, and
  /// a manager link names a row of the table or a reference of its pool.
  func placesInRange(people: Int) -> Bool {
    guard Self.increasing(starts, within: text.count),
      Self.increasing(avatars.starts, within: avatars.text.count),
      Self.increasing(values.starts, within: values.text.count),
      Self.increasing(managerReferences.starts, within: managerReferences.text.count)
    else { return false }
    let own = UserTable.ownFieldCount
    let (avatarCount, valueCount) = (avatars.count, values.count)
    let referenceCount = managerReferences.count
    for row in 0..<people {
      var lengths = 0
      for k in 0..<own { lengths += Int(self.lengths[row * own + k]) }
      guard lengths <= Int(starts[row + 1]) - Int(starts[row]),
        Int(avatarIDs[row]) <= avatarCount, Int(titles[row]) <= valueCount,
        Int(departments[row]) <= valueCount, Int(locations[row]) <= valueCount,
        Int(cities[row]) <= valueCount
      else { return false }
      let link = managers[row]
      if let manager = ManagerLinks.row(link) {
        guard manager < people else { return false }
      } else if ManagerLinks.unresolvedReference(link) > referenceCount {
        return false
      }
    }
    return true
  }

  /// Whether `offsets` never decrease and the last is at most `end`.
  private static func increasing(_ offsets: CompactColumn<UInt32>, within end: Int) -> Bool {
    let all = offsets.all
    guard let last = all.last, Int(last) <= end else { return false }
    var previous: UInt32 = 0
    for offset in all {
      guard offset >= previous else { return false }
      previous = offset
    }
    return true
  }
}
