import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Putting people in a group and taking them out on a real slapd: the
/// member value alone is added or deleted, the other members stay, one
/// already so is said and not written, a person without the right is
/// refused, and `roster group add|remove` run as processes log LDIF that
/// `ldapmodify` replays.
final class LDAPMembershipTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  private var folder: TemporaryDirectory!
  private var log: LDAPChangeLog!

  override class func setUp() {
    super.setUp()
    server = EditServer.started(groups: [
      LDIFGroup(cn: "Engineering", members: [EditServer.dn("ken"), EditServer.dn("dennis")])
    ])
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  override func setUp() {
    super.setUp()
    folder = TemporaryDirectory()
    log = LDAPChangeLog(path: folder.url.appendingPathComponent("roster/changes.ldif").path)
  }

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  private static let group = "cn=Engineering,\(TestServer.groupsDN)"

  /// The group's members' DNs, read with ldapsearch.
  private func members() throws -> [String] {
    let server = try XCTUnwrap(Self.server)
    let output = try server.ldapsearch(["-s", "base", "member"], base: Self.group)
    return output.split(separator: "\n").filter { $0.hasPrefix("member: ") }
      .map { String($0.dropFirst("member: ".count)) }.sorted()
  }

  private func directory(as uid: String?) throws -> LDAPDirectory {
    let server = try XCTUnwrap(Self.server)
    return try LDAPDirectory(
      url: server.peopleURL, options: EditServer.options(as: uid, log: log))
  }

  func testAMemberIsAddedAndTakenOutAloneAndAlreadySoWritesNothing() async throws {
    let editor = try directory(as: EditServer.editor)
    let added = try await editor.setMember(true, username: "ada", group: "Engineering")
    XCTAssertEqual(added, .changed(logFailure: nil))
    XCTAssertEqual(
      try members(), [EditServer.dn("ada"), EditServer.dn("dennis"), EditServer.dn("ken")].sorted())
    let twice = try await editor.setMember(true, username: "ada", group: "Engineering")
    XCTAssertEqual(twice, .alreadySo)
    let removed = try await editor.setMember(false, username: "ada", group: "Engineering")
    XCTAssertEqual(removed, .changed(logFailure: nil))
    XCTAssertEqual(try members(), [EditServer.dn("dennis"), EditServer.dn("ken")].sorted())
    let notIn = try await editor.setMember(false, username: "ada", group: "Engineering")
    XCTAssertEqual(notIn, .alreadySo)
    let records = try log.records().records
    XCTAssertEqual(records.count, 2, "only the changes made are logged")
    XCTAssertEqual(
      records.map(\.changes),
      [
        [
          LDAPModification(
            attribute: "member", values: [Array(EditServer.dn("ada").utf8)], removing: false)
        ],
        [
          LDAPModification(
            attribute: "member", values: [Array(EditServer.dn("ada").utf8)], removing: true)
        ],
      ])
    XCTAssertTrue(records[0].ldif.contains("add: member\nmember: \(EditServer.dn("ada"))\n-\n"))
    XCTAssertFalse(records[0].ldif.contains("replace:"), "the other members are never replaced")
    let nothing = try await editor.setMember(true, username: "ada", group: "Nobody")
    XCTAssertEqual(nothing, .noSuchGroup)
    let stranger = try await editor.setMember(true, username: "nobody", group: "Engineering")
    XCTAssertEqual(stranger, .noSuchPerson)
  }

  func testAPersonWithoutTheRightIsRefusedAndTheGroupStays() async throws {
    let ada = try directory(as: "ada")
    let refused = try await ada.setMember(true, username: "ada", group: "Engineering")
    guard case .refused(let reason) = refused else { return XCTFail("not refused: \(refused)") }
    XCTAssertTrue(reason.hasPrefix("Insufficient access (50)"), reason)
    XCTAssertEqual(try members(), [EditServer.dn("dennis"), EditServer.dn("ken")].sorted())
  }

  func testRosterGroupAddAndRemoveRunAsCommandsAndTheLogReplays() throws {
    let server = try XCTUnwrap(Self.server)
    let common = [
      "--source", server.peopleURL, "--bind-dn", EditServer.dn(EditServer.editor),
    ]
    let environment = [
      "ROSTER_BIND_PASSWORD": EditServer.password(of: EditServer.editor),
      "XDG_DATA_HOME": folder.url.path,
    ]
    let add = try RosterProcess.run(
      ["group", "add", "Engineering"] + common + ["grace", "alan"], environment: environment)
    XCTAssertEqual(add.status, 0, add.errors)
    XCTAssertTrue(try members().contains(EditServer.dn("grace")))
    let again = try RosterProcess.run(
      ["group", "add", "Engineering"] + common + ["grace"], environment: environment)
    XCTAssertEqual(again.status, 0, again.errors)
    XCTAssertTrue(again.errors.contains("grace: already was in Engineering"), again.errors)
    let remove = try RosterProcess.run(
      ["group", "remove", "Engineering"] + common + ["grace", "alan"], environment: environment)
    XCTAssertEqual(remove.status, 0, remove.errors)
    XCTAssertEqual(try members(), [EditServer.dn("dennis"), EditServer.dn("ken")].sorted())
    let missing = try RosterProcess.run(
      ["group", "add", "No Such Group"] + common + ["grace"], environment: environment)
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.errors.contains("no group named “No Such Group”"), missing.errors)

    // The log replayed: the four changes again, as they were made.
    let logged = folder.url.appendingPathComponent("roster/changes.ldif")
    let text = try String(contentsOf: logged, encoding: .utf8)
    XCTAssertEqual(text.components(separatedBy: "changetype: modify").count - 1, 4)
    XCTAssertNoThrow(try server.server.modify(ldif: text))
    XCTAssertEqual(try members(), [EditServer.dn("dennis"), EditServer.dn("ken")].sorted())
  }
}

/// Whom the server says Roster signed in as, as a username of its people:
/// the bind DN's entry on slapd; nobody when anonymous.
final class LDAPSignedInUsernameTests: XCTestCase {
  func testTheBindDNsEntryGivesTheUsernameAndAnonymousGivesNone() async throws {
    let server = try XCTUnwrap(EditServer.started())
    defer { server.shutDown() }
    let log = LDAPChangeLog(path: "/nonexistent/roster-changes.ldif")
    let ada = try LDAPDirectory(
      url: server.peopleURL, options: EditServer.options(as: "ada", log: log))
    let username = try await ada.signedInUsername()
    XCTAssertEqual(username, "ada")
    let anonymous = try LDAPDirectory(url: server.peopleURL)
    let nobody = try await anonymous.signedInUsername()
    XCTAssertNil(nobody)
  }
}
