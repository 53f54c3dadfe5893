extension UserTable {
  /// What `checks` find in the table, by check (in ``DataCheck``'s order)
  /// and then by position. Linear in the number of people (the duplicate
  /// emails keep one dictionary entry a distinct address); run it off the
  /// main thread.
  public func dataFindings(checks: Set<DataCheck> = Set(DataCheck.allCases)) -> [DataFinding] {
    var findings: [DataFinding] = []
    for check in checks.sorted() {
      switch check {
      case .unknownManager: findings += unknownManagers()
      case .managerLoop: findings += managerLoops()
      case .disabledManager: findings += disabledManagers()
      case .noEmail: findings += missing(.email, check: .noEmail)
      case .noPhone: findings += missing(.phone, check: .noPhone)
      case .duplicateEmail: findings += duplicateEmails()
      }
    }
    return findings
  }

  /// People whose manager nobody in the table is (someone named as their
  /// own manager is a loop instead).
  private func unknownManagers() -> [DataFinding] {
    (0..<userCount).compactMap { position in
      guard managerIndex(at: position) == nil, let manager = managerIdentity(at: position),
        manager != identity(at: position)
      else { return nil }
      return DataFinding(check: .unknownManager, position: position, subject: manager)
    }
  }

  /// Everyone on a loop of managers, each with the rest of the loop from
  /// their manager on (for b of a → b → c → a: c, a).
  private func managerLoops() -> [DataFinding] {
    // The managers form a graph in which each person has at most one
    // edge out: every walk ends at the top, at a manager not held, or on
    // a loop; each person is walked once (0 not seen, 1 on the walk now,
    // 2 done).
    var state = [UInt8](repeating: 0, count: userCount)
    var onLoop: [(position: Int, loop: [Int])] = []
    for start in 0..<userCount where state[start] == 0 {
      var walk: [Int] = []
      var current: Int? = start
      while let person = current, state[person] == 0 {
        state[person] = 1
        walk.append(person)
        current = nextManager(of: person)
      }
      if let repeated = current, state[repeated] == 1,
        let from = walk.firstIndex(of: repeated)
      {
        let loop = Array(walk[from...])
        for (offset, person) in loop.enumerated() {
          onLoop.append((person, Array(loop[(offset + 1)...] + loop[..<offset])))
        }
      }
      for person in walk { state[person] = 2 }
    }
    return onLoop.sorted { $0.position < $1.position }.map { person, others in
      DataFinding(check: .managerLoop, position: person, others: others)
    }
  }

  /// The person `position` reports to, in the table: their manager, or
  /// themselves when they are named as their own manager.
  private func nextManager(of position: Int) -> Int? {
    if let manager = managerIndex(at: position) { return manager }
    return managerIdentity(at: position) == identity(at: position) ? position : nil
  }

  /// Disabled people whom active people report to, with those people.
  private func disabledManagers() -> [DataFinding] {
    var reports: [Int: [Int]] = [:]
    for position in 0..<userCount where isActive(at: position) {
      guard let manager = managerIndex(at: position), !isActive(at: manager) else { continue }
      reports[manager, default: []].append(position)
    }
    return reports.keys.sorted().map { manager in
      DataFinding(check: .disabledManager, position: manager, others: reports[manager]!)
    }
  }

  /// Active people without a value (only blanks count as none) of `field`.
  private func missing(_ field: DetailField, check: DataCheck) -> [DataFinding] {
    (0..<userCount).compactMap { position in
      guard isActive(at: position), Self.isBlank(value(field, at: position)) else { return nil }
      return DataFinding(check: check, position: position)
    }
  }

  /// Everyone whose email address someone else has too, compared without
  /// regard to case or surrounding blanks, with those others.
  private func duplicateEmails() -> [DataFinding] {
    var holders: [String: [Int]] = [:]
    for position in 0..<userCount {
      guard let email = value(.email, at: position), !Self.isBlank(email) else { continue }
      holders[Self.trimmed(email).lowercased(), default: []].append(position)
    }
    var findings: [DataFinding] = []
    for (email, people) in holders where people.count > 1 {
      for person in people {
        findings.append(
          DataFinding(
            check: .duplicateEmail, position: person, subject: email,
            others: people.filter { $0 != person }))
      }
    }
    return findings.sorted { $0.position < $1.position }
  }

  private static func isBlank(_ text: String?) -> Bool {
    text.map { trimmed($0).isEmpty } ?? true
  }

  private static func trimmed(_ text: String) -> Substring {
    let blank: (Character) -> Bool = { $0.isWhitespace }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return text[first...last]
  }
}
