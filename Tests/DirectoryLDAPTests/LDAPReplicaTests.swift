import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import SharedSupport
import TestSupport
import XCTest

/// A copy of a real slapd (syncprov) kept on disk: equal to the server
/// after the first refresh, following its changes, and at a restart
/// brought up to date with only what changed meanwhile.
final class LDAPReplicaTests: XCTestCase {
  private var server: TestServer!
  private var folder: URL!
  private let people = TestPeople.people(count: 30, seed: 47)

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestServer(people: people) { $0.contentSync = true }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-ldap-replica-\(UUID().uuidString)")
  }

  override func tearDown() {
    server?.shutDown()
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  private func start(url: String? = nil) throws -> (ReplicaReports, Task<Void, any Error>) {
    let replica = try LDAPReplica(
      url: url ?? server.peopleURL, options: LDAPOptions(), folder: folder)
    let reports = ReplicaReports()
    return (reports, reports.run(replica, backoff: .milliseconds(50)...Duration.milliseconds(200)))
  }

  private var serverUsernames: Set<String> {
    get throws {
      let listed = try server.ldapsearch(["-s", "one", "uid"])
      return Set(
        listed.split(separator: "\n").filter { $0.hasPrefix("uid: ") }.map {
          String($0.dropFirst(5))
        })
    }
  }

  func testTheCopyEqualsTheServerThenFollowsItsChanges() async throws {
    let (reports, task) = try start()
    defer { task.cancel() }
    let filled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(filled)
    XCTAssertEqual(reports.lastCurrent, people.count)
    XCTAssertEqual(reports.usernames, try serverUsernames)
    XCTAssertEqual(reports.usernames.count, people.count)

    let base = "ou=people,\(TestServer.suffix)"
    try server.server.modify(
      ldif: """
        dn: uid=new.colleague,\(base)
        changetype: add
        objectClass: inetOrgPerson
        uid: new.colleague
        cn: New Colleague
        sn: Colleague

        dn: uid=\(people[3].uid),\(base)
        changetype: delete

        """)
    let followed = await reports.wait { (try? self.serverUsernames) == reports.usernames }
    XCTAssertTrue(
      followed, "\(reports.usernames.symmetricDifference((try? serverUsernames) ?? []))")
    XCTAssertTrue(reports.usernames.contains("new.colleague"))
    XCTAssertFalse(reports.usernames.contains(people[3].uid))
  }

  /// A title changed and a person deleted, as LDIF for ldapmodify.
  private var changesWhileClosed: String {
    let base = "ou=people,\(TestServer.suffix)"
    return """
      dn: uid=\(people[0].uid),\(base)
      changetype: modify
      replace: title
      title: Changed While Closed

      dn: uid=\(people[5].uid),\(base)
      changetype: delete

      """
  }

  func testARestartReceivesOnlyWhatChangedWhileRosterWasClosed() async throws {
    var (reports, task) = try start()
    let filled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(filled)
    task.cancel()
    _ = await task.result

    try server.server.modify(ldif: changesWhileClosed)
    (reports, task) = try start()
    defer { task.cancel() }
    let caughtUp = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(caughtUp)
    // The copy showed at once, as it was before the changes.
    XCTAssertEqual(reports.firstCount.withLock { $0 }, people.count)
    XCTAssertEqual(reports.lastCurrent, 1, "only the changed person travels")
    XCTAssertEqual(reports.usernames, try serverUsernames)
    XCTAssertEqual(reports.title(of: people[0].uid), "Changed While Closed")
  }

  func testACookieTheServerNoLongerKnowsRefillsTheCopy() async throws {
    server.shutDown()
    server = try TestServer(people: people) {
      $0.contentSync = true
      $0.contentSyncRefusesStaleCookies = true
    }
    var (reports, task) = try start()
    let filled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(filled)
    task.cancel()
    _ = await task.result

    // Every entry of the database changed, so none is as old as the
    // cookie: slapd no longer knows what the copy holds.
    let everyone = try server.ldapsearch(["1.1"], base: TestServer.suffix)
      .split(separator: "\n").filter { $0.hasPrefix("dn: ") }.map { $0.dropFirst(4) }
    XCTAssertGreaterThan(everyone.count, people.count)
    let touched = everyone.map {
      "dn: \($0)\nchangetype: modify\nreplace: description\ndescription: touched\n"
    }
    try server.server.modify(ldif: touched.joined(separator: "\n") + "\n" + changesWhileClosed)
    (reports, task) = try start()
    defer { task.cancel() }
    let refilled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(refilled)
    let statuses = reports.statuses.withLock { $0 }
    XCTAssertTrue(statuses.contains(.reloading), "\(statuses)")
    // Everyone travelled again, not only the two changed.
    XCTAssertEqual(reports.lastCurrent, people.count - 1)
    XCTAssertEqual(reports.usernames, try serverUsernames)
    XCTAssertEqual(reports.title(of: people[0].uid), "Changed While Closed")
  }

  func testAListOfServersIsCopiedFromTheFirstThatAnswers() async throws {
    // The first server of the list refuses connections.
    let refusing = try RefusingPort()
    let (reports, task) = try start(url: "ldap://127.0.0.1:\(refusing.port) \(server.peopleURL)")
    defer { task.cancel() }
    let filled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(filled, "\(reports.statuses.withLock { $0 })")
    XCTAssertEqual(reports.usernames, try serverUsernames)
  }

  func testWithTheServerDownTheCopyIsBrowsedAndTheOutageReported() async throws {
    var (reports, task) = try start()
    let filled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(filled)
    task.cancel()
    _ = await task.result
    server.server.stop()

    (reports, task) = try start()
    defer { task.cancel() }
    let offline = await reports.wait {
      reports.statuses.withLock {
        $0.contains { if case .disconnected = $0 { true } else { false } }
      }
    }
    XCTAssertTrue(offline)
    XCTAssertEqual(reports.usernames.count, people.count)

    try server.server.start()
    let back = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(back)
    XCTAssertEqual(reports.lastCurrent, 0)
  }
}
