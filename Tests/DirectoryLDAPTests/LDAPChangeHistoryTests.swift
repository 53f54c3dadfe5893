import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import SharedSupport
import TestSupport
import XCTest

/// The history beside a copy of a real slapd (syncprov): changes made
/// with ldapmodify while the copy follows reach it as joiners, leavers,
/// moves and new titles, and so do changes made while no copy ran,
/// whether the next start catches up from its cookie or the server makes
/// it refresh everyone.
final class LDAPChangeHistoryTests: XCTestCase {
  private var server: TestServer!
  private var folder: URL!
  private let people = TestPeople.people(count: 30, seed: 61)
  private var base: String { "ou=people,\(TestServer.suffix)" }

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-ldap-history-\(UUID().uuidString)")
  }

  override func tearDown() {
    server?.shutDown()
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  private func start() throws -> (ReplicaReports, Task<Void, any Error>) {
    let replica = try LDAPReplica(url: server.peopleURL, options: LDAPOptions(), folder: folder)
    let reports = ReplicaReports()
    return (reports, reports.run(replica, backoff: .milliseconds(50)...Duration.milliseconds(200)))
  }

  /// The history's changes as "kind username field old new", newest first.
  private var history: [String] {
    ((try? ChangeHistory.changes(in: folder)) ?? nil ?? []).map {
      [$0.kind.rawValue, $0.username, $0.field?.rawValue ?? "", $0.old, $0.new]
        .joined(separator: "|")
    }
  }

  /// Waits until the history holds `count` changes.
  private func waitForHistory(_ count: Int, _ reports: ReplicaReports) async -> Bool {
    await reports.wait { self.history.count >= count }
  }

  func testJoinersLeaversAMoveAndANewTitleMadeWithLdapmodifyReachTheHistory() async throws {
    server = try TestServer(people: people) { $0.contentSync = true }
    let (reports, task) = try start()
    defer { task.cancel() }
    let filled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(filled)
    XCTAssertEqual(history, [], "filling the copy is nobody's change")

    let (moved, promoted, leaver) = (people[4], people[7], people[9])
    try server.server.modify(
      ldif: """
        dn: uid=new.colleague,\(base)
        changetype: add
        objectClass: inetOrgPerson
        uid: new.colleague
        cn: New Colleague
        sn: Colleague
        title: Designer

        dn: uid=\(leaver.uid),\(base)
        changetype: delete

        dn: uid=\(moved.uid),\(base)
        changetype: modify
        replace: ou
        ou: Research
        -
        replace: l
        l: Lisbon
        -
        replace: manager
        manager: \(TestServer.dn(people[2]))

        dn: uid=\(promoted.uid),\(base)
        changetype: modify
        replace: title
        title: Senior \(promoted.title ?? "")

        """)
    let arrived = await waitForHistory(6, reports)
    XCTAssertTrue(arrived, "\(history)")
    XCTAssertEqual(
      Array(history.reversed()),
      [
        "joined|new.colleague|||Designer",
        "left|\(leaver.uid)||\(leaver.title ?? "")|",
        "moved|\(moved.uid)|department|\(moved.ou ?? "")|Research",
        "moved|\(moved.uid)|location|\(moved.l ?? "")|Lisbon",
        // The managers by name: the copy links the DNs to the people it holds.
        "moved|\(moved.uid)|manager|\(people[0].displayName ?? "")|\(people[2].displayName ?? "")",
        "title|\(promoted.uid)|title|\(promoted.title ?? "")|Senior \(promoted.title ?? "")",
      ])
    let changes = try XCTUnwrap(try ChangeHistory.changes(in: folder))
    // Named by the server's identity, with the name as it was (the newest
    // is the new title).
    XCTAssertEqual(changes.first?.identity, reports.identity(of: promoted.uid))
    XCTAssertEqual(changes.first?.name, reports.person(promoted.uid)?.details.displayName ?? "")
    XCTAssertNotEqual(changes.first?.identity, promoted.uid)
  }

  /// A title changed and a person deleted while no copy runs (one without
  /// reports, whose managers a referential-integrity overlay would change).
  private func changeWhileClosed(_ extra: String = "") throws {
    try server.server.modify(
      ldif: extra + """
        dn: uid=\(people[0].uid),\(base)
        changetype: modify
        replace: title
        title: Changed While Closed

        dn: uid=\(people[25].uid),\(base)
        changetype: delete

        """)
  }

  private var expectedWhileClosed: Set<String> {
    [
      "title|\(people[0].uid)|title|\(people[0].title ?? "")|Changed While Closed",
      "left|\(people[25].uid)||\(people[25].title ?? "")|",
    ]
  }

  func testAChangeWhileNoCopyRanIsFoundWhenTheNextStartCatchesUp() async throws {
    server = try TestServer(people: people) { $0.contentSync = true }
    var (reports, task) = try start()
    let filled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(filled)
    task.cancel()
    _ = await task.result

    try changeWhileClosed()
    (reports, task) = try start()
    defer { task.cancel() }
    let caughtUp = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(caughtUp)
    XCTAssertEqual(Set(history), expectedWhileClosed)
  }

  func testAChangeWhileNoCopyRanIsFoundByComparingTheNextStartsFullRefresh() async throws {
    server = try TestServer(people: people) {
      $0.contentSync = true
      $0.contentSyncRefusesStaleCookies = true
    }
    var (reports, task) = try start()
    let filled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(filled)
    task.cancel()
    _ = await task.result

    // Every entry changed, so slapd no longer knows the copy's cookie and
    // sends everyone again.
    let everyone = try server.ldapsearch(["1.1"], base: TestServer.suffix)
      .split(separator: "\n").filter { $0.hasPrefix("dn: ") }.map { $0.dropFirst(4) }
    let touched = everyone.map {
      "dn: \($0)\nchangetype: modify\nreplace: description\ndescription: touched\n"
    }
    try changeWhileClosed(touched.joined(separator: "\n") + "\n")
    (reports, task) = try start()
    defer { task.cancel() }
    let refilled = await reports.wait { reports.lastCurrent != nil }
    XCTAssertTrue(refilled)
    XCTAssertTrue(reports.statuses.withLock { $0 }.contains(.reloading), "a full refresh")
    // Only what changed, though everyone travelled.
    XCTAssertEqual(Set(history), expectedWhileClosed)
    XCTAssertEqual(history.count, 2)
  }
}
