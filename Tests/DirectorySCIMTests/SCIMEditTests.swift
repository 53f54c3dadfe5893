import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectorySCIM

/// Changing people on a real scim2-server with no lost update: fields
/// PATCHed and read back (the other values of a list kept), of two writers
/// who saw the same value the second's PATCH on the stale ETag gets a 412
/// and a conflict and overwrites nothing, accounts turned off and on,
/// people put in a group and taken out; and on a server that versions
/// nothing, the values seen compared with a fresh read.
final class SCIMEditTests: XCTestCase {
  nonisolated(unsafe) private static var shared: (TestSCIMServer, [String: String])?

  private var server: TestSCIMServer!
  private var groupIDs: [String: String] = [:]
  private var folder: TemporaryDirectory!
  private var log: SCIMChangeLog!

  override func setUp() async throws {
    if Self.shared == nil {
      let server = try await TestSCIMServer(people: TestSCIMServer.people(12))
      let ids = try await server.load(groups: [
        TestSCIMServer.Group(name: "Ops", members: ["user0005"])
      ])
      Self.shared = (server, ids)
    }
    (server, groupIDs) = Self.shared!
    folder = TemporaryDirectory()
    log = SCIMChangeLog(path: folder.url.appendingPathComponent("roster/changes.scim.jsonl").path)
  }

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  override class func tearDown() {
    shared?.0.kill()
    shared = nil
  }

  private func directory(_ server: TestSCIMServer? = nil, log: SCIMChangeLog? = nil) throws
    -> SCIMDirectory
  {
    var options = SCIMOptions()
    options.changeLog = log ?? self.log
    return try SCIMDirectory(
      url: (server ?? self.server).url, token: Secret(TestSCIMServer.token), options: options)
  }

  /// The user `username` as the server holds it.
  private func user(_ username: String, on server: TestSCIMServer? = nil) async throws
    -> [String: Any]
  {
    let server = server ?? self.server!
    let filter = "userName eq \"\(username)\"".addingPercentEncoding(
      withAllowedCharacters: .alphanumerics)!
    let list = try await server.json("/Users?filter=\(filter)")
    let users = try XCTUnwrap(list["Resources"] as? [[String: Any]])
    XCTAssertEqual(users.count, 1)
    return try XCTUnwrap(users.first)
  }

  private func records() throws -> [SCIMChangeRecord] {
    let read = try log.records()
    XCTAssertEqual(read.unreadable, 0)
    return read.records
  }

  func testFieldsArePatchedAndReadBackWithTheListsOtherValuesKept() async throws {
    let editor = try directory()
    let fields: [EditableField] = [
      .displayName, .email, .title, .department, .location, .phone, .mobile, .employeeNumber,
    ]
    let seen = try await editor.values(of: "user0001", fields: fields)
    XCTAssertEqual(
      seen,
      [
        .displayName: ["Person 0001"], .email: ["user0001@example.org"], .title: ["Designer"],
        .department: ["Design"], .location: ["London"], .phone: ["+1 555 010001"], .mobile: [],
        .employeeNumber: ["E0001"],
      ])
    let before = editor.statistics.requests
    let outcome = try await editor.change(
      PersonEdit(
        username: "user0001",
        changes: [
          .init(field: .title, seen: ["Designer"], new: ["Lead Designer"]),
          .init(field: .email, seen: ["user0001@example.org"], new: ["lead@example.org"]),
          .init(field: .department, seen: ["Design"], new: ["Research"]),
          .init(field: .location, seen: ["London"], new: ["Leeds"]),
          .init(field: .mobile, seen: [], new: ["+44 7700 900001"]),
          .init(field: .employeeNumber, seen: ["E0001"], new: []),
        ]))
    XCTAssertEqual(outcome, .applied(logFailure: nil))
    // The username's id, the user, one PATCH.
    XCTAssertEqual(editor.statistics.requests - before, 3)
    let now = try await editor.values(of: "user0001", fields: fields)
    XCTAssertEqual(
      now,
      [
        .displayName: ["Person 0001"], .email: ["lead@example.org"], .title: ["Lead Designer"],
        .department: ["Research"], .location: ["Leeds"], .phone: ["+1 555 010001"],
        .mobile: ["+44 7700 900001"], .employeeNumber: [],
      ])
    // The home email listed before the primary one is still there.
    let one = try await user("user0001")
    let emails = try XCTUnwrap(one["emails"] as? [[String: Any]])
    XCTAssertEqual(
      emails.compactMap { $0["value"] as? String },
      ["home-user0001@example.org", "lead@example.org"])
    let record = try XCTUnwrap(try records().first)
    XCTAssertEqual(try records().count, 1)
    XCTAssertEqual(record.name, "user0001")
    XCTAssertTrue(record.resource.hasPrefix("http://127.0.0.1:\(server.port)/v2/Users/"))
    XCTAssertEqual(record.by, "(bearer token)")
    XCTAssertEqual(
      record.changes.first,
      .init(attribute: "title", before: ["Designer"], after: ["Lead Designer"]))
    XCTAssertEqual(
      record.changes.map(\.attribute).last, "\(SCIMFilter.enterpriseSchema):employeeNumber")
    let mode =
      try FileManager.default.attributesOfItem(atPath: try XCTUnwrap(log.path))[
        .posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600)
  }

  func testTheSecondOfTwoWritersGetsTheConflictOnItsStaleETagAndOverwritesNothing() async throws {
    let first = try directory()
    let second = try directory()
    // The second reads the user, with its version, before the first writes.
    let staleRead = try await second.editedUser("user0002")
    let stale = try XCTUnwrap(staleRead)
    XCTAssertNotNil(stale.etag)
    let firstOutcome = try await first.change(
      PersonEdit(
        username: "user0002", changes: [.init(field: .title, seen: ["Accountant"], new: ["CFO"])]))
    XCTAssertEqual(firstOutcome, .applied(logFailure: nil))
    // Its PATCH carries the stale version: 412, read again, a conflict.
    let before = second.statistics.requests
    let secondOutcome = try await second.change(
      PersonEdit(
        username: "user0002",
        changes: [.init(field: .title, seen: ["Accountant"], new: ["Controller"])]),
      from: stale)
    XCTAssertEqual(
      secondOutcome,
      .conflict([
        .init(field: .title, seen: ["Accountant"], requested: ["Controller"], current: ["CFO"])
      ]))
    // The stale PATCH, then the username's id and the user read again.
    XCTAssertEqual(second.statistics.requests - before, 3)
    let title = try await user("user0002")["title"] as? String
    XCTAssertEqual(title, "CFO")
    XCTAssertEqual(try records().map { $0.changes.map(\.after) }, [[["CFO"]]])
  }

  func testAVersionMovedByAnotherFieldIsWrittenOnTheNewOne() async throws {
    let first = try directory()
    let second = try directory()
    let staleRead = try await second.editedUser("user0003")
    let stale = try XCTUnwrap(staleRead)
    _ = try await first.change(
      PersonEdit(
        username: "user0003",
        changes: [.init(field: .department, seen: ["Support"], new: ["Care"])]))
    let outcome = try await second.change(
      PersonEdit(
        username: "user0003",
        changes: [.init(field: .title, seen: ["Software Engineer"], new: ["Architect"])]),
      from: stale)
    XCTAssertEqual(outcome, .applied(logFailure: nil))
    let now = try await first.values(of: "user0003", fields: [.title, .department])
    XCTAssertEqual(now, [.title: ["Architect"], .department: ["Care"]])
  }

  func testWithoutETagsTheValuesSeenAreComparedWithAFreshRead() async throws {
    let plain = try await TestSCIMServer(people: TestSCIMServer.people(4), etags: false)
    defer { plain.kill() }
    let first = try directory(plain)
    let second = try directory(plain)
    let plainRead = try await second.editedUser("user0002")
    let read = try XCTUnwrap(plainRead)
    XCTAssertNil(read.etag)
    let seen = try await second.values(of: "user0002", fields: [.title])
    XCTAssertEqual(seen, [.title: ["Accountant"]])
    let firstOutcome = try await first.change(
      PersonEdit(
        username: "user0002", changes: [.init(field: .title, seen: ["Accountant"], new: ["CFO"])]))
    XCTAssertEqual(firstOutcome, .applied(logFailure: nil))
    let secondOutcome = try await second.change(
      PersonEdit(
        username: "user0002",
        changes: [.init(field: .title, seen: ["Accountant"], new: ["Controller"])]))
    XCTAssertEqual(
      secondOutcome,
      .conflict([
        .init(field: .title, seen: ["Accountant"], requested: ["Controller"], current: ["CFO"])
      ]))
    let plainTitle = try await user("user0002", on: plain)["title"] as? String
    XCTAssertEqual(plainTitle, "CFO")
  }

  func testAnAccountIsTurnedOffAndOnAgain() async throws {
    let editor = try directory()
    let off = try await editor.setActive(false, username: "user0004")
    XCTAssertEqual(off, .changed(logFailure: nil))
    let activeAfterOff = try await user("user0004")["active"] as? Bool
    XCTAssertEqual(activeAfterOff, false)
    let again = try await editor.setActive(false, username: "user0004")
    XCTAssertEqual(again, .alreadySo)
    let on = try await editor.setActive(true, username: "user0004")
    XCTAssertEqual(on, .changed(logFailure: nil))
    let activeAfterOn = try await user("user0004")["active"] as? Bool
    XCTAssertEqual(activeAfterOn, true)
    XCTAssertEqual(
      try records().map(\.changes),
      [
        [.init(attribute: "active", before: ["true"], after: ["false"])],
        [.init(attribute: "active", before: ["false"], after: ["true"])],
      ])
    let nobody = try await editor.setActive(false, username: "nobody")
    XCTAssertEqual(nobody, .noSuchPerson)
  }

  func testAPersonIsPutInAGroupAndTakenOutTheOthersStaying() async throws {
    let editor = try directory()
    let ops = try XCTUnwrap(groupIDs["Ops"])
    let ids = try await server.userIDs()
    let (anna, five) = (try XCTUnwrap(ids["user0006"]), try XCTUnwrap(ids["user0005"]))
    func members() async throws -> [String] {
      let group = try await server.json("/Groups/\(ops)?attributes=members")
      return ((group["members"] as? [[String: Any]]) ?? []).compactMap { $0["value"] as? String }
    }
    let added = try await editor.setMember(true, username: "user0006", group: "Ops")
    XCTAssertEqual(added, .changed(logFailure: nil))
    let withAnna = try await members()
    XCTAssertEqual(withAnna, [five, anna])
    let again = try await editor.setMember(true, username: "user0006", group: "Ops")
    XCTAssertEqual(again, .alreadySo)
    let removed = try await editor.setMember(false, username: "user0006", group: "Ops")
    XCTAssertEqual(removed, .changed(logFailure: nil))
    let withoutAnna = try await members()
    XCTAssertEqual(withoutAnna, [five])
    let notIn = try await editor.setMember(false, username: "user0006", group: "Ops")
    XCTAssertEqual(notIn, .alreadySo)
    let noGroup = try await editor.setMember(true, username: "user0006", group: "No such group")
    XCTAssertEqual(noGroup, .noSuchGroup)
    let nobody = try await editor.setMember(true, username: "nobody", group: "Ops")
    XCTAssertEqual(nobody, .noSuchPerson)
    XCTAssertEqual(
      try records().map(\.changes),
      [
        [.init(attribute: "members", before: [], after: [anna])],
        [.init(attribute: "members", before: [anna], after: [])],
      ])
    XCTAssertEqual(try records().map(\.name), ["Ops", "Ops"])
  }

  func testWhatSCIMCannotHoldIsRefusedAndNoOneIsNoOne() async throws {
    let editor = try directory()
    let city = try await editor.change(
      PersonEdit(username: "user0007", changes: [.init(field: .city, seen: [], new: ["Paris"])]))
    XCTAssertEqual(city, .refused(reason: "The SCIM service keeps no “city” field"))
    let two = try await editor.change(
      PersonEdit(
        username: "user0007", changes: [.init(field: .title, seen: ["Designer"], new: ["A", "B"])]))
    XCTAssertEqual(two, .refused(reason: "The SCIM service keeps one value of “title”"))
    let nobody = try await editor.change(
      PersonEdit(username: "nobody", changes: [.init(field: .title, seen: [], new: ["A"])]))
    XCTAssertEqual(nobody, .noSuchPerson)
    let none = try await editor.values(of: "nobody", fields: [.title])
    XCTAssertNil(none)
    XCTAssertEqual(try records(), [])
  }
}
