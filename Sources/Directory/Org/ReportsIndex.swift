/// Each manager's direct reports in one table, in the table's order: two
/// arrays of 32-bit positions (the reports of manager `m` are
/// `reports[starts[m]..<starts[m + 1]]`), made in two passes over the
/// manager links, eight bytes a person.
///
/// Threading: made on one thread, then only read; `Sendable`.
struct ReportsIndex: Sendable {
  private let starts: [UInt32]
  private let reports: [UInt32]

  /// The index of `table`'s manager links.
  init(_ table: UserTable) {
    let count = table.userCount
    var starts = [UInt32](repeating: 0, count: count + 1)
    for person in 0..<count {
      if let manager = table.managerIndex(at: person) { starts[manager + 1] += 1 }
    }
    for manager in 0..<count { starts[manager + 1] += starts[manager] }
    var next = starts
    var reports = [UInt32](repeating: 0, count: Int(starts[count]))
    for person in 0..<count {
      guard let manager = table.managerIndex(at: person) else { continue }
      reports[Int(next[manager])] = UInt32(person)
      next[manager] += 1
    }
    self.starts = starts
    self.reports = reports
  }

  /// The positions of the people whose manager is at `manager`.
  func reports(of manager: Int) -> ArraySlice<UInt32> {
    reports[Int(starts[manager])..<Int(starts[manager + 1])]
  }
}

extension UserTable {
  private var reportsIndex: ReportsIndex { reportsCache.value { ReportsIndex(self) } }

  /// The people whose manager is person `index`, in the table's order.
  public func directReports(of index: Int) -> [Int] {
    reportsIndex.reports(of: index).map(Int.init)
  }

  /// Everyone under person `index`: their direct reports, then those
  /// people's, level by level (each once, should the links come round).
  public func allReports(of index: Int) -> [Int] {
    let reports = reportsIndex
    var seen = BitSet(count: userCount)
    _ = seen.insert(index)
    var found: [Int] = []
    var next = 0
    var managers = [index]
    // Level by level: `found` grows behind the managers being read.
    while next < managers.count {
      for report in reports.reports(of: managers[next]) where seen.insert(Int(report)) {
        found.append(Int(report))
        managers.append(Int(report))
      }
      next += 1
    }
    return found
  }

  /// The position of the first person whose username is `username`, if any.
  public func position(ofUsername username: String) -> Int? {
    let wanted = Array(username.utf8)
    return (0..<userCount).first { nameBytes(at: $0).elementsEqual(wanted) }
  }
}
