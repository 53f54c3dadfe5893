import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A person's manager changed on a real slapd: given and read as a
/// username, kept by the server as the manager's DN; the DN seen is the
/// change's condition, so a manager changed meanwhile is a conflict that
/// names the new one; a username no one has is refused before anything is
/// sent; a manager outside the people reads as their DN and can be replaced.
final class LDAPEditManagerTests: EditServerTestCase {
  /// Makes `manager` (a DN) `uid`'s manager with ldapmodify.
  private func setManager(of uid: String, to manager: String) throws {
    try XCTUnwrap(Self.server).server.modify(
      ldif:
        "dn: \(EditServer.dn(uid))\nchangetype: modify\nreplace: manager\nmanager: \(manager)\n-\n\n"
    )
  }

  private func managers(of uid: String) throws -> [String] {
    try EditServer.texts("manager", of: uid, on: try XCTUnwrap(Self.server))
  }

  func testTheManagerReadsAsAUsernameAndIsWrittenAsADN() async throws {
    try setManager(of: "ada", to: EditServer.dn("grace"))
    let editor = try directory(as: EditServer.editor)
    let seen = try await editor.values(of: "ada", fields: [.manager, .title])
    XCTAssertEqual(seen?[.manager], ["grace"])
    XCTAssertEqual(seen?[.title], ["Analyst"])
    let outcome = try await editor.change(
      PersonEdit(username: "ada", changes: [.init(field: .manager, seen: ["grace"], new: ["alan"])])
    )
    XCTAssertEqual(outcome, .applied(logFailure: nil))
    XCTAssertEqual(try managers(of: "ada"), [EditServer.dn("alan")])
    let record = try XCTUnwrap(try log.records().records.last)
    XCTAssertEqual(record.dn, EditServer.dn("ada"))
  }

  func testAManagerChangedMeanwhileIsAConflictNamingTheNewOne() async throws {
    for assertion in [true, false] {
      try setManager(of: "barbara", to: EditServer.dn("edsger"))
      let editor = try directory(as: EditServer.editor, assertion: assertion)
      // Someone else made Margaret Barbara's manager after Edsger was seen.
      try setManager(of: "barbara", to: EditServer.dn("margaret"))
      let outcome = try await editor.change(
        PersonEdit(
          username: "barbara", changes: [.init(field: .manager, seen: ["edsger"], new: ["ken"])]))
      XCTAssertEqual(
        outcome,
        .conflict([
          .init(field: .manager, seen: ["edsger"], requested: ["ken"], current: ["margaret"])
        ]), "assertion \(assertion)")
      XCTAssertEqual(try managers(of: "barbara"), [EditServer.dn("margaret")])
    }
  }

  func testAUsernameNoOneHasIsRefusedAndNothingIsSent() async throws {
    try setManager(of: "dennis", to: EditServer.dn("ken"))
    let editor = try directory(as: EditServer.editor)
    let outcome = try await editor.change(
      PersonEdit(
        username: "dennis", changes: [.init(field: .manager, seen: ["ken"], new: ["nobody"])]))
    XCTAssertEqual(
      outcome, .refused(reason: "No one in the directory has the username “nobody”"))
    XCTAssertEqual(try managers(of: "dennis"), [EditServer.dn("ken")])
    XCTAssertEqual(try log.records().records.count, 0)
    XCTAssertEqual(editor.statistics.assertedChanges + editor.statistics.valueDeletingChanges, 0)
  }

  func testAManagerOutsideThePeopleReadsAsTheirDNAndIsReplaced() async throws {
    let outside = "cn=Board,\(TestServer.suffix)"
    try setManager(of: "frances", to: outside)
    let editor = try directory(as: EditServer.editor)
    let seen = try await editor.values(of: "frances", fields: [.manager])
    XCTAssertEqual(seen?[.manager], [outside])
    let outcome = try await editor.change(
      PersonEdit(
        username: "frances", changes: [.init(field: .manager, seen: [outside], new: ["margaret"])]))
    XCTAssertEqual(outcome, .applied(logFailure: nil))
    XCTAssertEqual(try managers(of: "frances"), [EditServer.dn("margaret")])
  }

  func testRosterSetTakesTheManagersUsername() throws {
    let server = try XCTUnwrap(Self.server)
    try setManager(of: "ken", to: EditServer.dn("dennis"))
    let run = try RosterProcess.run(
      [
        "set", "--source", server.peopleURL, "--bind-dn", EditServer.dn(EditServer.editor), "ken",
        "manager=margaret", "--if", "manager=dennis",
      ],
      environment: [
        "XDG_DATA_HOME": folder.path,
        "ROSTER_BIND_PASSWORD": EditServer.password(of: EditServer.editor),
      ])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(try managers(of: "ken"), [EditServer.dn("margaret")])
    let stale = try RosterProcess.run(
      [
        "set", "--source", server.peopleURL, "--bind-dn", EditServer.dn(EditServer.editor), "ken",
        "manager=alan", "--if", "manager=dennis",
      ],
      environment: [
        "XDG_DATA_HOME": folder.path,
        "ROSTER_BIND_PASSWORD": EditServer.password(of: EditServer.editor),
      ])
    XCTAssertEqual(stale.status, 3, stale.errors)
    XCTAssertTrue(stale.errors.contains("the directory has “margaret”"), stale.errors)
    XCTAssertEqual(try managers(of: "ken"), [EditServer.dn("margaret")])
  }
}
