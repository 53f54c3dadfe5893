import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Changing people on a real slapd with no lost update: a person changes
/// their own phone, is refused someone else's, and of two writers who saw
/// the same value the second gets a conflict and overwrites nothing, with
/// the Assertion control (slapd lists it) and with the deletes of the
/// values seen that a server without it gets.
final class LDAPEditTests: EditServerTestCase {
  func testAPersonChangesTheirOwnPhoneAndItReadsBack() async throws {
    let server = try XCTUnwrap(Self.server)
    let ada = try directory(as: "ada")
    let seen = try await ada.values(of: "ada", fields: [.phone, .mobile])
    XCTAssertEqual(seen, [.phone: ["+44 20 7946 0001"], .mobile: []])
    let outcome = try await ada.change(
      PersonEdit(
        username: "ada",
        changes: [
          .init(field: .phone, seen: ["+44 20 7946 0001"], new: ["+44 20 7946 0999"]),
          .init(field: .mobile, seen: [], new: ["+44 7700 900001"]),
        ]))
    XCTAssertEqual(outcome, .applied(logFailure: nil))
    XCTAssertEqual(
      try EditServer.texts("telephoneNumber", of: "ada", on: server), ["+44 20 7946 0999"])
    XCTAssertEqual(try EditServer.texts("mobile", of: "ada", on: server), ["+44 7700 900001"])
    let reader = try directory(as: nil)
    let person = try await reader.person(username: "ada")
    XCTAssertEqual(person?.details.phone, "+44 20 7946 0999")
    XCTAssertEqual(ada.statistics.assertedChanges, 1)
    XCTAssertEqual(ada.statistics.valueDeletingChanges, 0)
    XCTAssertEqual(ada.options.mainThreadCalls?.count, 0)

    let records = try log.records()
    XCTAssertEqual(records.unreadable, 0)
    let record = try XCTUnwrap(records.records.first)
    XCTAssertEqual(records.records.count, 1)
    XCTAssertEqual(record.dn, EditServer.dn("ada"))
    XCTAssertEqual(record.author, EditServer.dn("ada"))
    XCTAssertEqual(
      record.changes,
      [
        LDAPModification(
          attribute: "telephoneNumber", seen: ["+44 20 7946 0001"], new: ["+44 20 7946 0999"]),
        LDAPModification(attribute: "mobile", seen: [String](), new: ["+44 7700 900001"]),
      ])
    XCTAssertLessThanOrEqual(abs(record.seconds - Int64(Date().timeIntervalSince1970)), 60)
  }

  func testAPersonIsRefusedSomeoneElsesPhoneWithTheServersReason() async throws {
    let server = try XCTUnwrap(Self.server)
    let ada = try directory(as: "ada")
    let outcome = try await ada.change(
      PersonEdit(
        username: "grace",
        changes: [.init(field: .phone, seen: ["+1 202 555 0102"], new: ["+1 202 555 0666"])]))
    guard case .refused(let reason) = outcome else {
      return XCTFail("expected a refusal, got \(outcome)")
    }
    XCTAssertEqual(reason, "Insufficient access (50)")
    XCTAssertEqual(
      try EditServer.texts("telephoneNumber", of: "grace", on: server), ["+1 202 555 0102"])
    XCTAssertEqual(try log.records().records, [], "nothing is logged")
  }

  func testAPersonIsRefusedAnAttributeOutsideTheirOwn() async throws {
    let ada = try directory(as: "ada")
    let outcome = try await ada.change(
      PersonEdit(
        username: "ada", changes: [.init(field: .email, seen: [], new: ["ada@example.org"])]))
    guard case .refused = outcome else { return XCTFail("expected a refusal, got \(outcome)") }
  }

  func testARefusalCarriesTheServersDiagnosticMessage() async throws {
    // inetOrgPerson's displayName takes one value: slapd says so.
    let server = try XCTUnwrap(Self.server)
    let editor = try directory(as: EditServer.editor)
    let outcome = try await editor.change(
      PersonEdit(
        username: "frances",
        changes: [.init(field: .displayName, seen: [], new: ["Fran", "F. A."])]
      ))
    guard case .refused(let reason) = outcome else {
      return XCTFail("expected a refusal, got \(outcome)")
    }
    XCTAssertTrue(reason.hasPrefix("Constraint violation (19): "), reason)
    XCTAssertTrue(reason.contains("displayName"), reason)
    XCTAssertEqual(try EditServer.texts("displayName", of: "frances", on: server), [])
  }

  func testTheEditorChangesSomeoneElsesTitle() async throws {
    let server = try XCTUnwrap(Self.server)
    let editor = try directory(as: EditServer.editor)
    let outcome = try await editor.change(
      PersonEdit(
        username: "frances",
        changes: [.init(field: .title, seen: ["Fellow"], new: ["Turing Laureate"])]))
    XCTAssertEqual(outcome, .applied(logFailure: nil))
    XCTAssertEqual(try EditServer.texts("title", of: "frances", on: server), ["Turing Laureate"])
  }

  func testTheSecondOfTwoWritersGetsAConflictWithTheAssertionControl() async throws {
    try await secondWriterConflicts(uid: "alan", assertion: true)
  }

  func testTheSecondOfTwoWritersGetsAConflictByDeletingTheValuesSeen() async throws {
    try await secondWriterConflicts(uid: "barbara", assertion: false)
  }

  /// Two writers saw `uid`'s phone: the first's change applies, the
  /// second's is a conflict that returns the first's value, and the
  /// first's value stays.
  private func secondWriterConflicts(uid: String, assertion: Bool) async throws {
    let server = try XCTUnwrap(Self.server)
    let first = try directory(as: uid, assertion: assertion)
    let second = try directory(as: EditServer.editor, assertion: assertion)
    let seenByFirst = try await first.values(of: uid, fields: [.phone])
    let seen = try XCTUnwrap(seenByFirst?[.phone])
    let seenBySecond = try await second.values(of: uid, fields: [.phone])
    XCTAssertEqual(seenBySecond?[.phone], seen)
    let firsts = PersonEdit(
      username: uid, changes: [.init(field: .phone, seen: seen, new: ["+1 555 0001"])])
    let seconds = PersonEdit(
      username: uid, changes: [.init(field: .phone, seen: seen, new: ["+1 555 0002"])])
    let applied = try await first.change(firsts)
    XCTAssertEqual(applied, .applied(logFailure: nil))
    let outcome = try await second.change(seconds)
    XCTAssertEqual(
      outcome,
      .conflict([
        .init(field: .phone, seen: seen, requested: ["+1 555 0002"], current: ["+1 555 0001"])
      ]))
    XCTAssertEqual(try EditServer.texts("telephoneNumber", of: uid, on: server), ["+1 555 0001"])
    XCTAssertEqual(try log.records().records.count, 1, "only the applied change is logged")
    let asserted = assertion ? 1 : 0
    XCTAssertEqual(first.statistics.assertedChanges, asserted)
    XCTAssertEqual(first.statistics.valueDeletingChanges, 1 - asserted)
    XCTAssertEqual(second.statistics.assertedChanges, asserted)
    XCTAssertEqual(second.statistics.valueDeletingChanges, 1 - asserted)
  }

  func testAFieldSeenEmptyConflictsOnceSomeoneFilledIt() async throws {
    let server = try XCTUnwrap(Self.server)
    let editor = try directory(as: EditServer.editor)
    let margaret = try directory(as: "margaret")
    let before = try await margaret.values(of: "margaret", fields: [.mobile])
    XCTAssertEqual(before?[.mobile], [])
    let filled = try await editor.change(
      PersonEdit(
        username: "margaret", changes: [.init(field: .mobile, seen: [], new: ["+1 555 0100"])]))
    XCTAssertEqual(filled, .applied(logFailure: nil))
    let outcome = try await margaret.change(
      PersonEdit(
        username: "margaret",
        changes: [
          .init(field: .title, seen: ["Director"], new: ["Chief"]),
          .init(field: .mobile, seen: [], new: ["+1 555 0200"]),
        ]))
    XCTAssertEqual(
      outcome,
      .conflict([
        .init(field: .mobile, seen: [], requested: ["+1 555 0200"], current: ["+1 555 0100"])
      ]))
    XCTAssertEqual(
      try EditServer.texts("title", of: "margaret", on: server), ["Director"], "nothing written")
  }

  func testWithoutTheControlAFieldSeenEmptyIsOnlyAddedTo() async throws {
    // What tells the two ways apart: a delete of the values seen has no
    // value to delete for a field seen empty, so a value someone else
    // added since stays beside the new one (the Assertion control's
    // `(!(mobile=*))` refuses instead, as above).
    let server = try XCTUnwrap(Self.server)
    let editor = try directory(as: EditServer.editor)
    let ken = try directory(as: "ken", assertion: false)
    let filled = try await editor.change(
      PersonEdit(username: "ken", changes: [.init(field: .mobile, seen: [], new: ["+1 555 0300"])]))
    XCTAssertEqual(filled, .applied(logFailure: nil))
    let added = try await ken.change(
      PersonEdit(username: "ken", changes: [.init(field: .mobile, seen: [], new: ["+1 555 0400"])]))
    XCTAssertEqual(added, .applied(logFailure: nil))
    XCTAssertEqual(
      try EditServer.texts("mobile", of: "ken", on: server).sorted(),
      ["+1 555 0300", "+1 555 0400"])
    XCTAssertEqual(ken.statistics.valueDeletingChanges, 1)
  }

  func testAChangeTheLogCannotTakeIsMadeAndSaysSo() async throws {
    let server = try XCTUnwrap(Self.server)
    var options = EditServer.options(
      as: "dennis", log: LDAPChangeLog(path: "/dev/null/roster/changes.ldif"))
    options.mainThreadCalls = nil
    let dennis = try LDAPDirectory(url: server.peopleURL, options: options)
    let outcome = try await dennis.change(
      PersonEdit(
        username: "dennis",
        changes: [.init(field: .phone, seen: ["+1 908 555 0108"], new: ["+1 908 555 0999"])]))
    guard case .applied(let failure?) = outcome else {
      return XCTFail("expected a change without its log line, got \(outcome)")
    }
    XCTAssertTrue(failure.contains("/dev/null"), failure)
    XCTAssertEqual(
      try EditServer.texts("telephoneNumber", of: "dennis", on: server), ["+1 908 555 0999"])
  }

  func testAServerThatCannotBeReachedThrowsWithoutALogLine() async throws {
    let port = try RefusingPort().port
    var options = EditServer.options(as: nil, log: log)
    // Straight to the modify: no root DSE to ask first.
    options.usesAssertion = false
    let gone = try LDAPDirectory(
      url: "ldap://127.0.0.1:\(port)/ou=people,\(TestServer.suffix)", options: options)
    do {
      let outcome = try await gone.modify(
        dn: EditServer.dn("ada"),
        [LDAPModification(attribute: "title", seen: ["Analyst"], new: ["Gone"])])
      XCTFail("expected an error, got \(outcome)")
    } catch {
      guard case .cannotConnect(let server)? = error.ldap else {
        return XCTFail("expected cannotConnect, got \(error)")
      }
      XCTAssertEqual(server, "127.0.0.1:\(port)")
    }
    XCTAssertEqual(try log.records().records, [])
  }

  func testWithoutTheControlAFieldLeftEmptyWritesNothing() async throws {
    let server = try XCTUnwrap(Self.server)
    let edsger = try directory(as: "edsger", assertion: false)
    let outcome = try await edsger.change(
      PersonEdit(
        username: "edsger",
        changes: [
          .init(field: .mobile, seen: [], new: []),
          .init(field: .title, seen: ["Professor"], new: ["Logician"]),
        ]))
    XCTAssertEqual(outcome, .applied(logFailure: nil))
    XCTAssertEqual(try EditServer.texts("title", of: "edsger", on: server), ["Logician"])
    XCTAssertEqual(
      try log.records().records.first?.changes.map(\.attribute), ["title"],
      "the log holds what was sent")
    let nothing = try await edsger.change(
      PersonEdit(username: "edsger", changes: [.init(field: .mobile, seen: [], new: [])]))
    XCTAssertEqual(nothing, .applied(logFailure: nil))
    XCTAssertEqual(try log.records().records.count, 1, "nothing sent, nothing logged")
  }

  func testAnUnknownUsernameIsNoOne() async throws {
    let editor = try directory(as: EditServer.editor)
    let outcome = try await editor.change(
      PersonEdit(username: "nobody*", changes: [.init(field: .title, seen: [], new: ["x"])]))
    XCTAssertEqual(outcome, .noSuchPerson)
    let values = try await editor.values(of: "nobody*", fields: [.title])
    XCTAssertNil(values)
  }
}
