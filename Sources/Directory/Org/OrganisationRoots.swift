extension UserTable {
  /// How many people report to person `index` directly.
  public func reportCount(of index: Int) -> Int {
    reportsCache.value { ReportsIndex(self) }.reports(of: index).count
  }

  /// Where the organisation's tree starts, in the table's order: everyone
  /// without a manager in the table (the top, and people whose manager the
  /// directory does not hold), then, for each circle of managers no one
  /// above reaches (A's manager is B, B's is A), its first person, so that
  /// everyone is somewhere in the tree.
  ///
  /// Threading: any thread; linear in the people, so off the main thread
  /// for a large table.
  public func organisationRoots() -> [Int] {
    var roots = (0..<userCount).filter { managerIndex(at: $0) == nil }
    var reached = BitSet(count: userCount)
    var pending = roots
    for root in roots { _ = reached.insert(root) }
    func reach() {
      while let manager = pending.popLast() {
        for report in directReports(of: manager) where reached.insert(report) {
          pending.append(report)
        }
      }
    }
    reach()
    // Whoever is left sits in a circle or under one: start at the circle.
    for person in 0..<userCount where !reached.contains(person) {
      var current = person
      var chain = BitSet(count: userCount)
      while chain.insert(current), let manager = managerIndex(at: current),
        !reached.contains(manager)
      {
        current = manager
      }
      // `current` is on the circle (or above `person` and reached meanwhile).
      guard !reached.contains(current) else { continue }
      roots.append(current)
      _ = reached.insert(current)
      pending = [current]
      reach()
    }
    return roots
  }
}
