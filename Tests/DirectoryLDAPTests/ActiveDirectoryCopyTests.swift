import Directory
import DirectoryLDAP
import Foundation
import SharedSupport
import TestSupport
import XCTest

/// An offline copy of Active Directory (the tests' Samba DC) kept by
/// DirSync: the first copy holds the domain's people, a change made with
/// ldapmodify and a deletion reach it, a restart asks only for what changed
/// and opens at once with the DC away, and an account without the right to
/// follow changes is told so rather than retried.
///
/// The DC is shared by every class of the test process: what a test adds
/// it deletes, what it changes it puts back.
final class ActiveDirectoryCopyTests: XCTestCase {
  private let temporary = TemporaryDirectory()
  private var folder: URL { temporary.url.appendingPathComponent("copy") }

  /// Runs a copy of `dc`'s people in the test's folder, asking for changes
  /// every 50 ms, from `servers` (default: the DC) as `options`.
  private func start(
    _ dc: TestSambaDC, servers: [String]? = nil, options: LDAPOptions? = nil
  ) throws -> (ReplicaReports, Task<Void, any Error>) {
    let urls = try (servers ?? [ActiveDirectorySortTests.url(dc)]).map { try LDAPURL($0) }
    let sync = LDAPDirSync(
      servers: urls, options: options ?? ActiveDirectorySortTests.options(dc),
      pollInterval: .milliseconds(50))
    let replica = LDAPReplica(sync: sync, folder: folder)
    let reports = ReplicaReports()
    return (reports, reports.run(replica, backoff: .milliseconds(50)...Duration.milliseconds(200)))
  }

  func testTheFirstCopyHoldsTheDomainsPeopleThenChangesAndDeletionsReachIt() async throws {
    let dc = try TestSambaDC.shared()
    let (reports, task) = try start(dc)
    defer { task.cancel() }
    let filled = await reports.wait { !reports.currents.isEmpty }
    XCTAssertTrue(filled, "\(reports.statuses.withLock { $0 })")
    XCTAssertEqual(reports.currents.first, dc.people.people.count)
    XCTAssertEqual(reports.usernames, Set(dc.people.people.map(\.username)))
    for person in dc.people.people {
      let copied = try XCTUnwrap(reports.person(person.username), person.username)
      XCTAssertEqual(copied.details.title, person.title, person.username)
      XCTAssertEqual(copied.details.location, person.office, person.username)
      XCTAssertEqual(copied.details.city, person.city, person.username)
      XCTAssertEqual(copied.active, !person.disabled, person.username)
      // A version exactly for those with a photo: a checksum of it.
      XCTAssertEqual(copied.photo.isEmpty, person.photo == nil, person.username)
    }
    // The copy names people by objectGUID: a photo is found by it.
    var options = ActiveDirectorySortTests.options(dc)
    options.identity = .uniqueID
    let photos = try LDAPDirectory(url: ActiveDirectorySortTests.url(dc), options: options)
    let withPhoto = try XCTUnwrap(dc.people.people.first { $0.photo != nil })
    let identity = try XCTUnwrap(reports.identity(of: withPhoto.username))
    let photo = try await photos.photo(of: identity, maxBytes: 1 << 20)
    XCTAssertEqual(photo, withPhoto.photo)

    let dn = "CN=Joining Person,\(TestSambaDC.peopleBase)"
    try dc.modify(
      """
      dn: \(dn)
      changetype: add
      objectClass: user
      sAMAccountName: joining.person
      displayName: Joining Person
      title: Trainee
      userAccountControl: 544

      """)
    var deleted = false
    defer { if !deleted { try? dc.modify("dn: \(dn)\nchangetype: delete\n") } }
    let joined = await reports.wait { reports.person("joining.person")?.details.title == "Trainee" }
    XCTAssertTrue(joined, "the person added never reached the copy")

    try dc.modify("dn: \(dn)\nchangetype: modify\nreplace: title\ntitle: Engineer\n")
    let changed = await reports.wait {
      reports.person("joining.person")?.details.title == "Engineer"
    }
    XCTAssertTrue(changed, "the title changed never reached the copy")
    XCTAssertEqual(reports.person("joining.person")?.details.displayName, "Joining Person")

    try dc.modify("dn: \(dn)\nchangetype: delete\n")
    deleted = true
    let gone = await reports.wait { reports.person("joining.person") == nil }
    XCTAssertTrue(gone, "the person deleted stayed in the copy")
    XCTAssertEqual(reports.usernames, Set(dc.people.people.map(\.username)))

    // DirSync's changes reach the copy's history as Content Sync's do:
    // the joiner, the new title, the leaver, newest first.
    let history = try XCTUnwrap(try ChangeHistory.changes(in: folder))
      .filter { $0.username == "joining.person" }
    XCTAssertEqual(history.map(\.kind), [.left, .title, .joined])
    XCTAssertEqual(
      history.first { $0.kind == .title }.map { [$0.old, $0.new] }, ["Trainee", "Engineer"])
  }

  func testAChangeMadeThroughTheDirectoryIsAskedForAtOnce() async throws {
    let dc = try TestSambaDC.shared()
    let (person, dn) = (dc.people.people[9], dc.people.dn(9))
    var options = ActiveDirectorySortTests.options(dc)
    options.changeLog = LDAPChangeLog(
      path: temporary.url.appendingPathComponent("changes.ldif").path)
    let directory = try LDAPDirectory(url: ActiveDirectorySortTests.url(dc), options: options)
    // Asked every ten minutes: only the write's bell brings the change
    // within the wait's 30 seconds.
    let replica = LDAPReplica(
      sync: directory.changeSource(pollInterval: .seconds(600)), folder: folder)
    let reports = ReplicaReports()
    let task = reports.run(replica, backoff: .milliseconds(50)...Duration.milliseconds(200))
    defer { task.cancel() }
    let current = await reports.wait { !reports.currents.isEmpty }
    XCTAssertTrue(current, "\(reports.statuses.withLock { $0 })")
    XCTAssertEqual(reports.person(person.username)?.details.title, person.title)

    let outcome = try await directory.change(
      PersonEdit(
        username: person.username,
        changes: [.init(field: .title, seen: [person.title], new: ["Asked For At Once"])]))
    defer {
      try? dc.modify("dn: \(dn)\nchangetype: modify\nreplace: title\ntitle: \(person.title)\n")
    }
    XCTAssertEqual(outcome, .applied(logFailure: nil))
    let followed = await reports.wait {
      reports.person(person.username)?.details.title == "Asked For At Once"
    }
    XCTAssertTrue(followed, "the copy waited for its next question")
  }

  func testARestartBringsOnlyWhatChangedAndOpensWithTheServerAway() async throws {
    let dc = try TestSambaDC.shared()
    let person = dc.people.people[7]
    let dn = dc.people.dn(7)
    do {
      let (reports, task) = try start(dc)
      let filled = await reports.wait { !reports.currents.isEmpty }
      task.cancel()
      _ = await task.result
      XCTAssertTrue(filled)
    }

    try dc.modify("dn: \(dn)\nchangetype: modify\nreplace: title\ntitle: Chief Tester\n")
    defer {
      try? dc.modify("dn: \(dn)\nchangetype: modify\nreplace: title\ntitle: \(person.title)\n")
    }
    let (reports, task) = try start(dc)
    defer { task.cancel() }
    // The copy on disk at once, then only the person changed meanwhile.
    let current = await reports.wait { !reports.currents.isEmpty }
    XCTAssertTrue(current, "\(reports.statuses.withLock { $0 })")
    XCTAssertEqual(reports.currents.first, 1)
    XCTAssertEqual(reports.person(person.username)?.details.title, "Chief Tester")
    XCTAssertEqual(reports.usernames.count, dc.people.people.count)
    task.cancel()
    _ = await task.result

    // Nothing listens where the copy's server was: the people are there,
    // and the copy says it is disconnected.
    let away = try RefusingPort()
    let (offline, offlineTask) = try start(
      dc, servers: ["ldaps://127.0.0.1:\(away.port)/\(TestSambaDC.peopleBase)"])
    defer { offlineTask.cancel() }
    let opened = await offline.wait {
      offline.tables.withLock { $0 } > 0
        && offline.statuses.withLock {
          $0.contains { if case .disconnected = $0 { true } else { false } }
        }
    }
    XCTAssertTrue(opened, "\(offline.statuses.withLock { $0 })")
    XCTAssertEqual(offline.usernames.count, dc.people.people.count)
    XCTAssertEqual(offline.person(person.username)?.details.title, "Chief Tester")
  }

  func testAnAccountWithoutTheRightToFollowChangesIsToldSoOnce() async throws {
    let dc = try TestSambaDC.shared()
    // A reader of the tests' own with a password (unicodePwd over LDAPS:
    // the password quoted, in UTF-16LE), outside the people's OU.
    let password = "Reader!Passw0rd"
    let encoded = Data("\"\(password)\"".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    let dn = "CN=Copy Reader,CN=Users,\(TestSambaDC.baseDN)"
    try dc.modify(
      """
      dn: \(dn)
      changetype: add
      objectClass: user
      sAMAccountName: copy.reader
      userAccountControl: 512
      unicodePwd:: \(encoded.base64EncodedString())

      """)
    defer { try? dc.modify("dn: \(dn)\nchangetype: delete\n") }
    var options = ActiveDirectorySortTests.options(dc)
    options.bindDN = dn
    options.password = Secret(password)
    let (reports, task) = try start(dc, options: options)
    defer { task.cancel() }
    let refused = await reports.wait {
      reports.statuses.withLock { $0.contains { if case .refused = $0 { true } else { false } } }
    }
    XCTAssertTrue(refused, "\(reports.statuses.withLock { $0 })")
    _ = await task.result
    let statuses = reports.statuses.withLock { $0 }
    XCTAssertEqual(statuses.count, 1, "\(statuses)")
    guard case .refused(let error, _)? = statuses.first else { return }
    XCTAssertEqual(error.ldap, .changesRefused)
    XCTAssertTrue(error.sentence.contains("Replicating Directory Changes"), error.sentence)
  }
}
