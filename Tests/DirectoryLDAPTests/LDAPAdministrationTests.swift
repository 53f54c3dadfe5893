import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// An administrator's changes on a real slapd (the editing tests' server:
/// the editor may change everything, a person only their own few
/// attributes): a password reset with the Password Modify operation, then
/// a sign-in with the new password; a delete that keeps the entry in the
/// change log, from which ldapadd brings it back, and that deletes nothing
/// when the entry moved since it was read (its entryCSN asserted); a new
/// person checked against the schema's required attributes. A person is
/// refused each, in the server's words, and nothing is logged as made.
final class LDAPAdministrationTests: EditServerTestCase {
  private var logText: String {
    (try? String(contentsOfFile: log.file!, encoding: .utf8)) ?? ""
  }

  /// Whether `uid` signs in with `password` (a read as them succeeds).
  private func signsIn(_ uid: String, with password: String) async throws -> Bool {
    let server = try XCTUnwrap(Self.server)
    let directory = try LDAPDirectory(
      url: server.peopleURL,
      options: LDAPOptions(bindDN: EditServer.dn(uid), password: Secret(password)))
    do {
      return try await directory.values(of: uid, fields: [.title]) != nil
    } catch {
      return false
    }
  }

  func testTheEditorResetsAPasswordWithPasswordModifyAndItSignsIn() async throws {
    let editor = try directory(as: EditServer.editor)
    let root = try await editor.rootDSE()
    XCTAssertTrue(root.supportedExtensions.contains(LDAPDirectory.passwordModifyOID))
    let hindrance = try await editor.passwordResetHindrance()
    XCTAssertNil(hindrance)
    let new = "Fresh-ken-Password-42"
    let outcome = try await editor.resetPassword(username: "ken", to: Secret(new))
    XCTAssertEqual(outcome, .done(dn: EditServer.dn("ken"), logFailure: nil))
    let signsInWithNew = try await signsIn("ken", with: new)
    XCTAssertTrue(signsInWithNew)
    let signsInWithOld = try await signsIn("ken", with: EditServer.password(of: "ken"))
    XCTAssertFalse(signsInWithOld)
    let text = logText
    XCTAssertFalse(text.contains(new), "no password in the log")
    XCTAssertTrue(text.contains("# password reset: dn: \(EditServer.dn("ken"))\n"), text)
    XCTAssertTrue(text.contains(" by \(EditServer.dn(EditServer.editor))\n"), text)
    let records = try log.records()
    XCTAssertEqual(records.unreadable, 0)
    XCTAssertEqual(records.records.map(\.kind), [.passwordReset])
    XCTAssertEqual(records.records.first?.dn, EditServer.dn("ken"))
    XCTAssertEqual(editor.options.mainThreadCalls?.count, 0)
  }

  func testAPersonIsRefusedSomeoneElsesPasswordInTheServersWords() async throws {
    let ada = try directory(as: "ada")
    let new = "Not-grace-Password-7"
    let outcome = try await ada.resetPassword(username: "grace", to: Secret(new))
    guard case .refused(let reason) = outcome else {
      return XCTFail("expected a refusal, got \(outcome)")
    }
    XCTAssertTrue(reason.hasPrefix("Insufficient access (50)"), reason)
    XCTAssertFalse(reason.contains(new))
    let graceSignsIn = try await signsIn("grace", with: EditServer.password(of: "grace"))
    XCTAssertTrue(graceSignsIn)
    XCTAssertEqual(logText, "", "nothing logged")
  }

  func testAnUnknownPersonIsNoSuchPerson() async throws {
    let editor = try directory(as: EditServer.editor)
    let reset = try await editor.resetPassword(username: "nobody", to: Secret("x-Y-z-1234"))
    XCTAssertEqual(reset, .noSuchPerson)
    let delete = try await editor.delete(username: "nobody")
    XCTAssertEqual(delete, .noSuchPerson)
  }

  func testADeleteKeepsTheEntryInTheLogAndLdapaddBringsItBack() async throws {
    let server = try XCTUnwrap(Self.server)
    let editor = try directory(as: EditServer.editor)
    let outcome = try await editor.delete(username: "dennis")
    XCTAssertEqual(outcome, .done(dn: EditServer.dn("dennis"), logFailure: nil))
    XCTAssertEqual(try server.ldapsearch(["(uid=dennis)", "cn"]), "")
    let text = logText
    XCTAssertFalse(text.contains("userPassword"), "no password hash kept: \(text)")
    XCTAssertFalse(text.contains("entryCSN"), text)
    XCTAssertTrue(text.contains("\ndn: \(EditServer.dn("dennis"))\nchangetype: delete\n"), text)
    let records = try log.records()
    XCTAssertEqual(records.unreadable, 0)
    let record = try XCTUnwrap(records.records.first)
    XCTAssertEqual(record.kind, .delete)
    XCTAssertEqual(
      record.changes.first { $0.attribute == "telephoneNumber" }?.seen,
      [Array("+1 908 555 0108".utf8)])
    // What the log kept, as ldapadd takes it.
    let kept = text.split(separator: "\n").filter { $0.hasPrefix("# entry: ") }
      .map { $0.dropFirst("# entry: ".count) }.joined(separator: "\n")
    try server.server.add(ldif: kept + "\n")
    let restored = try server.ldapsearch(["(uid=dennis)", "cn", "sn", "telephoneNumber", "title"])
    XCTAssertTrue(restored.contains("cn: Dennis Ritchie"), restored)
    XCTAssertTrue(restored.contains("sn: Ritchie"), restored)
    XCTAssertTrue(restored.contains("telephoneNumber: +1 908 555 0108"), restored)
    XCTAssertTrue(restored.contains("title: Engineer"), restored)
  }

  func testAPersonIsRefusedADeleteAndTheLogSaysItWasNotMade() async throws {
    let server = try XCTUnwrap(Self.server)
    let ada = try directory(as: "ada")
    let outcome = try await ada.delete(username: "frances")
    guard case .refused(let reason) = outcome else {
      return XCTFail("expected a refusal, got \(outcome)")
    }
    XCTAssertTrue(reason.hasPrefix("Insufficient access (50)"), reason)
    XCTAssertTrue(try server.ldapsearch(["(uid=frances)", "cn"]).contains("cn: Frances Allen"))
    XCTAssertTrue(logText.contains("# not made: \(EditServer.dn("frances")): "), logText)
    let records = try log.records()
    XCTAssertEqual(records.records, [], "the delete not made is not listed")
    XCTAssertEqual(records.unreadable, 0)
  }

  func testAnEntryChangedSinceItWasReadIsNotDeleted() async throws {
    let server = try XCTUnwrap(Self.server)
    let editor = try directory(as: EditServer.editor)
    let read = try await editor.editedEntry("margaret", attributes: ["*", "entryCSN"])
    let entry = try XCTUnwrap(read)
    let csn = try XCTUnwrap(entry.values("entryCSN").first)
    try server.server.modify(
      ldif: """
        dn: \(EditServer.dn("margaret"))
        changetype: modify
        replace: title
        title: Chief Engineer
        -

        """)
    let outcome = try await editor.delete(entry, csn: csn)
    XCTAssertEqual(outcome, .changedMeanwhile)
    XCTAssertTrue(
      try server.ldapsearch(["(uid=margaret)", "title"]).contains("title: Chief Engineer"))
    XCTAssertEqual(try log.records().records, [])
  }

  func testTheFormNamesTheSchemasRequiredAttributes() async throws {
    let editor = try directory(as: EditServer.editor)
    let form = try await editor.newPersonForm()
    XCTAssertEqual(form.personClass, "inetOrgPerson")
    XCTAssertEqual(Set(form.required), ["cn", "sn", "uid"])
    XCTAssertEqual(form.namingAttribute, "uid")
    XCTAssertTrue(form.optional.contains("mail"), "\(form.optional)")
    XCTAssertTrue(form.optional.contains("givenName"), "\(form.optional)")
  }

  func testANewPersonIsAddedLoggedAndReplayedByLdapadd() async throws {
    let server = try XCTUnwrap(Self.server)
    let editor = try directory(as: EditServer.editor)
    let outcome = try await editor.create(
      NewPerson(attributes: [
        .init(name: "username", values: ["hedy"]), .init(name: "cn", values: ["Hedy Lamarr"]),
        .init(name: "sn", values: ["Lamarr"]), .init(name: "phone", values: ["+1 310 555 0110"]),
      ]))
    XCTAssertEqual(outcome, .done(dn: EditServer.dn("hedy"), logFailure: nil))
    let added = try server.ldapsearch(["(uid=hedy)", "cn", "telephoneNumber", "objectClass"])
    XCTAssertTrue(added.contains("cn: Hedy Lamarr"), added)
    XCTAssertTrue(added.contains("telephoneNumber: +1 310 555 0110"), added)
    XCTAssertTrue(added.contains("objectClass: inetOrgPerson"), added)
    let record = try XCTUnwrap(try log.records().records.first)
    XCTAssertEqual(record.kind, .add)
    XCTAssertEqual(record.dn, EditServer.dn("hedy"))
    // Gone, then back from the log.
    try server.server.modify(ldif: "dn: \(EditServer.dn("hedy"))\nchangetype: delete\n\n")
    XCTAssertEqual(try server.ldapsearch(["(uid=hedy)", "cn"]), "")
    try server.server.modify(ldif: logText)
    XCTAssertTrue(try server.ldapsearch(["(uid=hedy)", "cn"]).contains("cn: Hedy Lamarr"))
  }

  func testANewPersonWithoutARequiredAttributeIsRefusedBeforeSending() async throws {
    let server = try XCTUnwrap(Self.server)
    let editor = try directory(as: EditServer.editor)
    let outcome = try await editor.create(
      NewPerson(attributes: [
        .init(name: "uid", values: ["nosn"]), .init(name: "cn", values: ["No Surname"]),
      ]))
    XCTAssertEqual(outcome, .missing(["sn"]))
    XCTAssertEqual(try server.ldapsearch(["(uid=nosn)", "cn"]), "")
    XCTAssertEqual(logText, "")
  }

  func testAPersonIsRefusedANewPerson() async throws {
    let ada = try directory(as: "ada")
    let outcome = try await ada.create(
      NewPerson(attributes: [
        .init(name: "uid", values: ["intruder"]), .init(name: "cn", values: ["In Truder"]),
        .init(name: "sn", values: ["Truder"]),
      ]))
    guard case .refused(let reason) = outcome else {
      return XCTFail("expected a refusal, got \(outcome)")
    }
    XCTAssertTrue(reason.hasPrefix("Insufficient access (50)"), reason)
    XCTAssertEqual(logText, "")
  }

  func testALogThatCannotBeWrittenDeletesNothing() async throws {
    let server = try XCTUnwrap(Self.server)
    // The log's folder is a file: nothing can be created under it.
    let blocker = folder.url.appendingPathComponent("blocker")
    try Data().write(to: blocker)
    var options = EditServer.options(
      as: EditServer.editor,
      log: LDAPChangeLog(path: blocker.appendingPathComponent("changes.ldif").path))
    options.mainThreadCalls = nil
    let editor = try LDAPDirectory(url: server.peopleURL, options: options)
    let outcome = try await editor.delete(username: "linus")
    guard case .refused(let reason) = outcome else {
      return XCTFail("expected a refusal, got \(outcome)")
    }
    XCTAssertTrue(
      reason.hasPrefix("Nothing was deleted: the change log could not keep the entry: "), reason)
    XCTAssertTrue(try server.ldapsearch(["(uid=linus)", "cn"]).contains("cn: Linus Editor"))
  }
}
