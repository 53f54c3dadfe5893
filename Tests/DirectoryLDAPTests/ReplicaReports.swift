import Directory
import DirectoryLDAP
import SharedSupport

/// What a running ``LDAPReplica`` told a test: the last table and how many
/// came, the first table's count, every status, and whether the run ended.
///
/// Threading: `Sendable`; each value behind a lock of its own.
final class ReplicaReports: Sendable {
  let table = Locked<UserTable?>(nil)
  let tables = Locked(0)
  /// How many people the first table held.
  let firstCount = Locked<Int?>(nil)
  let statuses = Locked<[LDAPReplicaStatus]>([])
  let ended = Locked(false)

  /// Runs `replica`, reporting here, until the task is cancelled or the
  /// run ends by itself (``ended``).
  func run(_ replica: LDAPReplica, backoff: ClosedRange<Duration>) -> Task<Void, any Error> {
    Task {
      defer { self.ended.withLock { $0 = true } }
      try await replica.run(backoff: backoff) { table, _ in
        self.table.withLock { $0 = table }
        self.tables.withLock { $0 += 1 }
        self.firstCount.withLock { $0 = $0 ?? table.userCount }
      } status: { status in
        self.statuses.withLock { $0.append(status) }
      }
    }
  }

  /// How many people each `current` status said travelled, in order.
  var currents: [Int] {
    statuses.withLock { statuses in
      statuses.compactMap { status -> Int? in
        guard case .current(let received) = status else { return nil }
        return received
      }
    }
  }

  /// The last `current` status's count.
  var lastCurrent: Int? { currents.last }

  var usernames: Set<String> {
    table.withLock { table in
      Set((0..<(table?.userCount ?? 0)).map { table!.username(at: $0) })
    }
  }

  /// The person named `username` in the last table: details, whether
  /// active, and their photo's version ("" for none).
  func person(_ username: String) -> (details: PersonDetails, active: Bool, photo: String)? {
    table.withLock { table in
      guard let table,
        let index = (0..<table.userCount).first(where: { table.username(at: $0) == username })
      else { return nil }
      return (table.details(at: index), table.isActive(at: index), table.avatar(at: index))
    }
  }

  /// The title of the person named `username` in the last table.
  func title(of username: String) -> String? { person(username)?.details.title }

  /// The identity of the person named `username` in the last table.
  func identity(of username: String) -> String? {
    table.withLock { table in
      guard let table else { return nil }
      return (0..<table.userCount).first { table.username(at: $0) == username }
        .map { table.identity(at: $0) }
    }
  }

  /// Waits (every 10 ms, at most 30 s: a deadline only a failure meets)
  /// until `condition` holds.
  func wait(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }
}
