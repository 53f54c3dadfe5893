import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import SharedSupport
import TestSupport
import XCTest

/// A copy of a slapd configured as many sites configure it: a soft size
/// limit of 500 for every search (`sizelimit size.soft=500`) and nothing
/// lifting it for Content Sync, 600 people. The refresh of everyone stops
/// at 500 with sizeLimitExceeded every time. Where Paged Results go on
/// (`size.prtotal=unlimited`), the copy is filled and kept by reading
/// everyone page by page; where they stop too, the copy says so and stops,
/// rather than asking again forever with nothing to show.
final class LDAPReplicaLimitTests: XCTestCase {
  private let people = TestPeople.people(count: 600, seed: 5)
  private var folder: URL!

  override func setUp() {
    super.setUp()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-ldap-replica-limit-\(UUID().uuidString)")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// A copy of `server`'s people in ``folder``, everyone read again every
  /// 50 ms once Paged Results keep it.
  private func start(_ server: TestServer) throws -> (ReplicaReports, Task<Void, any Error>) {
    let sync = LDAPContentSync(
      servers: try LDAPURL.list(server.peopleURL), options: LDAPOptions(),
      rereadInterval: .milliseconds(50))
    let replica = LDAPReplica(sync: sync, folder: folder)
    let reports = ReplicaReports()
    return (reports, reports.run(replica, backoff: .milliseconds(10)...Duration.milliseconds(20)))
  }

  private func serverUsernames(_ server: TestServer) throws -> Set<String> {
    // ldapsearch pages (-E pr), as the size limit leaves it no other way.
    let listed = try server.ldapsearch(["-E", "pr=200/noprompt", "-s", "one", "uid"])
    return Set(
      listed.split(separator: "\n").filter { $0.hasPrefix("uid: ") }.map {
        String($0.dropFirst(5))
      })
  }

  /// A title changed, a person deleted and one added, as LDIF.
  private var changes: String {
    let base = "ou=people,\(TestServer.suffix)"
    return """
      dn: uid=\(people[0].uid),\(base)
      changetype: modify
      replace: title
      title: Changed Between Reads

      dn: uid=\(people[5].uid),\(base)
      changetype: delete

      dn: uid=new.colleague,\(base)
      changetype: add
      objectClass: inetOrgPerson
      uid: new.colleague
      cn: New Colleague
      sn: Colleague

      """
  }

  /// The copy's files and their sizes.
  private func files() throws -> [String: Int] {
    var sizes: [String: Int] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(name).path)
      sizes[name] = (attributes[.size] as? NSNumber)?.intValue
    }
    return sizes
  }

  func testARefreshTheLimitStopsIsReadPageByPageAndOnlyChangesAreWritten() async throws {
    let server = try TestServer(people: people) {
      $0.contentSync = true
      $0.contentSyncHonoursSizeLimit = true
    }
    defer { server.shutDown() }
    let (reports, task) = try start(server)
    defer { task.cancel() }
    let filled = await reports.wait { !reports.currents.isEmpty }
    XCTAssertTrue(filled, "\(reports.statuses.withLock { $0 })")
    XCTAssertEqual(reports.currents.first, people.count, "everyone, past the limit of 500")
    XCTAssertEqual(reports.usernames, try serverUsernames(server))
    XCTAssertTrue(ReplicaStore.holdsCopy(folder: folder))

    // Reads of everyone that find nothing changed write nothing.
    let before = try files()
    let quiet = reports.currents.count
    let readTwice = await reports.wait { reports.currents.count >= quiet + 2 }
    XCTAssertTrue(readTwice)
    XCTAssertEqual(Set(reports.currents.dropFirst()), [0])
    XCTAssertEqual(try files(), before)

    try server.server.modify(ldif: changes)
    let expected = try serverUsernames(server)
    let followed = await reports.wait {
      reports.usernames == expected
        && reports.title(of: self.people[0].uid) == "Changed Between Reads"
    }
    XCTAssertTrue(followed, "\(reports.usernames.symmetricDifference(expected))")
    // The changed and the added person travelled into the copy, once each;
    // the deleted one went with the read that no longer found them.
    XCTAssertEqual(reports.currents.dropFirst().reduce(0, +), 2)
    XCTAssertFalse(
      reports.statuses.withLock { $0 }.contains { if case .refused = $0 { true } else { false } })
  }

  func testARestartComparesTheCopyWithARead() async throws {
    let server = try TestServer(people: people) {
      $0.contentSync = true
      $0.contentSyncHonoursSizeLimit = true
    }
    defer { server.shutDown() }
    var (reports, task) = try start(server)
    let filled = await reports.wait { !reports.currents.isEmpty }
    XCTAssertTrue(filled, "\(reports.statuses.withLock { $0 })")
    task.cancel()
    _ = await task.result

    try server.server.modify(ldif: changes)
    (reports, task) = try start(server)
    defer { task.cancel() }
    let caughtUp = await reports.wait { !reports.currents.isEmpty }
    XCTAssertTrue(caughtUp, "\(reports.statuses.withLock { $0 })")
    // The copy showed at once, as it was before the changes.
    XCTAssertEqual(reports.firstCount.withLock { $0 }, people.count)
    XCTAssertEqual(reports.currents.first, 2, "only the changed and the added person travel")
    XCTAssertEqual(reports.usernames, try serverUsernames(server))
    XCTAssertEqual(reports.title(of: people[0].uid), "Changed Between Reads")
  }

  func testARefreshStoppedByTheSizeLimitWherePagesStopTooIsRefusedOnceAndLeavesNoCopy()
    async throws
  {
    let server = try TestServer(people: people) {
      $0.contentSync = true
      $0.contentSyncHonoursSizeLimit = true
      $0.pagedResultsHonourSizeLimit = true
    }
    defer { server.shutDown() }
    let (reports, task) = try start(server)
    defer { task.cancel() }
    // The run ends by itself: a refusal is not retried (with retries, it
    // would go on until cancelled, reporting each try).
    let ended = await reports.wait { reports.ended.withLock { $0 } }
    XCTAssertTrue(ended, "still trying: \(reports.statuses.withLock { $0 })")
    XCTAssertEqual(
      reports.statuses.withLock { $0 }, [.refused(.ldap(.sizeLimitExceeded), received: 500)])
    XCTAssertNil(reports.table.withLock { $0 }, "a table from a refresh the server cut short")
    XCTAssertFalse(ReplicaStore.holdsCopy(folder: folder))
  }
}
