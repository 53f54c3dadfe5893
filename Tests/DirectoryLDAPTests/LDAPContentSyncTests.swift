import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import SharedSupport
import TestSupport
import XCTest

/// Content Sync against a real slapd with the syncprov overlay: the
/// refresh sends everyone, then adds, changes, renames and deletes made by
/// ldapmodify arrive while the search persists; a cookie brings only what
/// changed while no sync ran.
final class LDAPContentSyncTests: XCTestCase {
  private var server: TestServer!
  private let people = TestPeople.people(count: 20, seed: 41)

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestServer(people: people) { $0.contentSync = true }
  }

  override func tearDown() {
    server?.shutDown()
    super.tearDown()
  }

  private func sync() throws -> LDAPContentSync {
    try LDAPContentSync(url: server.peopleURL, options: LDAPOptions())
  }

  /// Runs a sync from `cookie` into a fresh log until the test stops it.
  private func start(from cookie: [UInt8]? = nil) throws -> (SyncLog, Task<Void, any Error>) {
    let log = SyncLog()
    let sync = try sync()
    let task = Task { try await sync.run(from: cookie) { log.append($0) } }
    return (log, task)
  }

  private func ldif(_ lines: String...) -> String { lines.joined(separator: "\n") + "\n" }

  func testTheRefreshSendsEveryPersonThenSaysItIsDone() async throws {
    let (log, task) = try start()
    defer { task.cancel() }
    let done = await log.wait { $0.contains(.refreshDone) }
    XCTAssertTrue(done, "\(log.changes)")
    let usernames = log.changes.compactMap { change -> String? in
      guard case .upserted(let entry) = change else { return nil }
      return entry.username
    }
    XCTAssertEqual(usernames.sorted(), people.map(\.uid).sorted())
    // Each is named by its entryUUID, as the server holds it.
    let listed = try server.ldapsearch(["-s", "one", "entryUUID"])
    for case .upserted(let entry) in log.changes {
      XCTAssertTrue(listed.contains("entryUUID: \(entry.id)"), entry.id)
    }
    XCTAssertNotNil(log.lastCookie)
  }

  func testChangesArriveInPlaceWhileTheSearchPersists() async throws {
    let (log, task) = try start()
    defer { task.cancel() }
    let refreshed = await log.wait { $0.contains(.refreshDone) }
    XCTAssertTrue(refreshed)
    let base = "ou=people,\(TestServer.suffix)"
    let first = people[0]
    let firstID = try XCTUnwrap(log.entry(named: first.uid)?.id)
    try server.server.modify(
      ldif: ldif(
        "dn: uid=new.person,\(base)", "changetype: add", "objectClass: inetOrgPerson",
        "uid: new.person", "cn: New Person", "sn: Person", "title: Sync Engineer"))
    let added = await log.wait { _ in log.entry(named: "new.person") != nil }
    XCTAssertTrue(added)
    XCTAssertEqual(log.entry(named: "new.person")?.details.title, "Sync Engineer")

    try server.server.modify(
      ldif: ldif(
        "dn: uid=\(first.uid),\(base)", "changetype: modify", "replace: title",
        "title: Chief Synchroniser"))
    let changed = await log.wait { _ in
      log.entry(named: first.uid)?.details.title == "Chief Synchroniser"
    }
    XCTAssertTrue(changed)

    try server.server.modify(
      ldif: ldif(
        "dn: uid=\(first.uid),\(base)", "changetype: modrdn", "newrdn: uid=renamed.person",
        "deleteoldrdn: 1"))
    let renamed = await log.wait { _ in log.entry(named: "renamed.person") != nil }
    XCTAssertTrue(renamed)
    // A rename keeps the entry: the same entryUUID, a new username.
    XCTAssertEqual(log.entry(named: "renamed.person")?.id, firstID)

    try server.server.modify(ldif: ldif("dn: uid=renamed.person,\(base)", "changetype: delete"))
    let deleted = await log.wait { $0.contains(.deleted(firstID)) }
    XCTAssertTrue(deleted, "\(log.changes.suffix(3))")
  }

  func testACookieBringsOnlyWhatChangedMeanwhile() async throws {
    var (log, task) = try start()
    let refreshed = await log.wait { $0.contains(.refreshDone) }
    XCTAssertTrue(refreshed)
    task.cancel()
    _ = await task.result
    let cookie = try XCTUnwrap(log.lastCookie)
    let full = log.changes.count
    let base = "ou=people,\(TestServer.suffix)"
    let gone = try XCTUnwrap(log.entry(named: people[1].uid)?.id)
    // While no sync runs: one added, one changed, one deleted.
    try server.server.modify(
      ldif: ldif(
        "dn: uid=late.arrival,\(base)", "changetype: add", "objectClass: inetOrgPerson",
        "uid: late.arrival", "cn: Late Arrival", "sn: Arrival", "",
        "dn: uid=\(people[2].uid),\(base)", "changetype: modify", "replace: title",
        "title: Changed Meanwhile", "", "dn: uid=\(people[1].uid),\(base)", "changetype: delete"))

    (log, task) = try start(from: cookie)
    defer { task.cancel() }
    let caughtUp = await log.wait { $0.contains(.refreshDone) }
    XCTAssertTrue(caughtUp)
    let upserted = log.changes.compactMap { change -> String? in
      guard case .upserted(let entry) = change else { return nil }
      return entry.username
    }
    XCTAssertEqual(upserted.sorted(), ["late.arrival", people[2].uid].sorted())
    XCTAssertTrue(log.changes.contains(.deleted(gone)), "\(log.changes)")
    XCTAssertLessThan(log.changes.count, full / 2, "\(log.changes)")
  }

  func testCancellingEndsTheRunAndAStoppedServerEndsItWithAnError() async throws {
    var (log, task) = try start()
    let refreshed = await log.wait { $0.contains(.refreshDone) }
    XCTAssertTrue(refreshed)
    task.cancel()
    let cancelled = await task.result
    XCTAssertNoThrow(try cancelled.get())

    (log, task) = try start()
    let again = await log.wait { $0.contains(.refreshDone) }
    XCTAssertTrue(again)
    server.server.crash()
    let ended = await task.result
    XCTAssertThrowsError(try ended.get())
  }
}

/// The changes one sync reported, and waiting for one.
///
/// Threading: `Sendable`; one lock.
final class SyncLog: Sendable {
  private let state = Locked<[LDAPSyncChange]>([])

  func append(_ change: LDAPSyncChange) { state.withLock { $0.append(change) } }

  var changes: [LDAPSyncChange] { state.withLock { $0 } }

  /// The last cookie reported.
  var lastCookie: [UInt8]? {
    changes.reversed().lazy.compactMap { change -> [UInt8]? in
      guard case .cookie(let bytes) = change else { return nil }
      return bytes
    }.first
  }

  /// The latest values of the person named `username`.
  func entry(named username: String) -> DirectoryEntry? {
    changes.reversed().lazy.compactMap { change -> DirectoryEntry? in
      guard case .upserted(let entry) = change, entry.username == username else { return nil }
      return entry
    }.first
  }

  /// The usernames a copy that applied every change so far would hold.
  var heldUsernames: Set<String> {
    var held: [String: String] = [:]
    for change in changes {
      switch change {
      case .upserted(let entry): held[entry.id] = entry.username
      case .deleted(let id): held[id] = nil
      default: break
      }
    }
    return Set(held.values)
  }

  /// Waits (checking every 10 ms, at most 10 s) until `condition` holds for
  /// the changes so far; whether it did.
  func wait(_ condition: ([LDAPSyncChange]) -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if condition(changes) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition(changes)
  }
}

/// Following a server: a crash of slapd is reported and retried with
/// backoff, and what changed while it was down arrives once it is back.
final class LDAPContentSyncFollowTests: XCTestCase {
  func testAServerThatComesBackIsFollowedFromTheLastCookie() async throws {
    let people = TestPeople.people(count: 8, seed: 43)
    let server = try TestServer(people: people) { $0.contentSync = true }
    defer { server.shutDown() }
    let sync = try LDAPContentSync(url: server.peopleURL, options: LDAPOptions())
    let log = SyncLog()
    let failures = Locked(0)
    let task = Task {
      await sync.follow(
        from: nil, backoff: .milliseconds(50)...Duration.milliseconds(400),
        status: { _ in failures.withLock { $0 += 1 } }, log.append)
    }
    defer { task.cancel() }
    let refreshed = await log.wait { $0.contains(.refreshDone) }
    XCTAssertTrue(refreshed)
    let before = log.changes.count

    server.server.crash()
    let noticed = await log.wait { _ in failures.withLock { $0 } > 0 }
    XCTAssertTrue(noticed)
    try server.server.start()
    try server.server.modify(
      ldif: """
        dn: uid=while.away,ou=people,\(TestServer.suffix)
        changetype: add
        objectClass: inetOrgPerson
        uid: while.away
        cn: While Away
        sn: Away

        """)
    let caughtUp = await log.wait { _ in log.entry(named: "while.away") != nil }
    XCTAssertTrue(caughtUp, "\(log.changes.suffix(from: before))")
    // From the cookie: the new person, not everyone again. RFC 4533 lets a server resend a
    // change from a cookie older than its last checkpoint, so the new person may come more
    // than once (how often depends on when slapd checkpointed); nobody else may come at all.
    let resent = Set(
      log.changes.suffix(from: before).compactMap { change -> String? in
        guard case .upserted(let entry) = change else { return nil }
        return entry.username
      })
    XCTAssertEqual(resent, ["while.away"])
    // What a copy built from the changes holds: everyone, and the new person once.
    XCTAssertEqual(
      log.heldUsernames, Set(people.map(\.uid)).union(["while.away"]),
      "\(log.changes.suffix(from: before))")
    task.cancel()
    await task.value
  }
}
