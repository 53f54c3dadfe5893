import Directory
import DirectoryGenerator

/// What a refresh finds changed in a directory: 1% of its users (at least
/// 3), a third edited (the role), a third deleted and a third inserted,
/// spread through the list by a seeded generator. The count stays the same,
/// so a soak can apply it again and again.
///
/// Threading: a value; `apply` runs on any thread.
struct OnePercentChange {
  /// Users changed: edited + deleted + inserted.
  let changes: Int

  init(users: Int) { changes = max(3, users / 100) }

  /// Changes `list` in place; newcomers are named `newcomer<tag><n>` with the
  /// identity `new<tag><n>`, so each round's tag keeps them unique. One pass
  /// over the list: removing users one by one from a million would move
  /// the rest of the array each time.
  func apply(to list: inout [User], using generator: inout SplitMix64, tag: String = "") {
    let third = changes / 3
    for _ in 0..<third where !list.isEmpty {
      let index = generator.next(below: list.count)
      list[index].role = list[index].role == .admin ? .user : .admin
    }
    var removed = Set<Int>()
    while removed.count < min(third, list.count) {
      removed.insert(generator.next(below: list.count))
    }
    let kept = list.count - removed.count
    // Newcomers by the position among the kept users they go before.
    var newcomers: [Int: [User]] = [:]
    for number in 0..<third {
      let user = User(id: "new\(tag)\(number)", username: "newcomer\(tag)\(number)", role: .owner)
      newcomers[generator.next(below: kept + 1), default: []].append(user)
    }
    var result: [User] = []
    result.reserveCapacity(kept + third)
    var position = 0
    for (index, user) in list.enumerated() where !removed.contains(index) {
      result += newcomers[position] ?? []
      result.append(user)
      position += 1
    }
    result += newcomers[kept] ?? []
    list = result
  }
}
