import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Hostile values (newlines, 10 kB, a right-to-left override, leading and
/// trailing spaces, NUL, a leading colon or less-than sign) go through a
/// real slapd exactly, as the new values, as the values seen (in the
/// Assertion control's filter and as deletes) and in a conflict's answer;
/// the change log's records replay with `ldapmodify` on a second slapd
/// that had the same people, leaving the same values there.
final class LDAPEditLogReplayTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  nonisolated(unsafe) static var replica: TestServer?

  static let hostile = [
    "two\nlines", String(repeating: "ten kilobytes ", count: 750) + "end", "\u{202E}fdp.exe",
    " leading space", "trailing space ", "nul\u{0}inside", ":colon", "<less than", "Zoë Ångström",
  ]

  override class func setUp() {
    super.setUp()
    server = EditServer.started()
    replica = EditServer.started()
  }

  override class func tearDown() {
    server?.shutDown()
    replica?.shutDown()
    server = nil
    replica = nil
    super.tearDown()
  }

  func testHostileValuesRoundTripAndTheLogReplaysWithLDAPModify() async throws {
    let server = try XCTUnwrap(Self.server)
    let replica = try XCTUnwrap(Self.replica)
    let folder = TemporaryDirectory()
    let log = LDAPChangeLog(path: folder.url.appendingPathComponent("changes.ldif").path)
    let admin = try LDAPDirectory(
      url: server.peopleURL, options: EditServer.options(as: nil, log: log))
    var fallbackOptions = EditServer.options(as: nil, log: log)
    fallbackOptions.usesAssertion = false
    let fallback = try LDAPDirectory(url: server.peopleURL, options: fallbackOptions)
    let hostile = Self.hostile

    // New values.
    let written = try await admin.change(
      PersonEdit(username: "ada", changes: [.init(field: .title, seen: ["Analyst"], new: hostile)]))
    XCTAssertEqual(written, .applied(logFailure: nil))
    XCTAssertEqual(
      try EditServer.values("title", of: "ada", on: server).sorted {
        $0.lexicographicallyPrecedes($1)
      },
      hostile.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
    let read = try await admin.values(of: "ada", fields: [.title])
    XCTAssertEqual(Set(read?[.title] ?? []), Set(hostile))

    // A conflict's answer.
    let late = try await fallback.change(
      PersonEdit(username: "ada", changes: [.init(field: .title, seen: ["Analyst"], new: ["Late"])])
    )
    guard case .conflict(let conflicts) = late else {
      return XCTFail("expected a conflict: \(late)")
    }
    XCTAssertEqual(conflicts.map(\.field), [.title])
    XCTAssertEqual(Set(conflicts.first?.current ?? []), Set(hostile))

    // Seen values, as deletes, then in the assertion.
    let deleted = try await fallback.change(
      PersonEdit(username: "ada", changes: [.init(field: .title, seen: hostile, new: ["Plain"])]))
    XCTAssertEqual(deleted, .applied(logFailure: nil))
    XCTAssertEqual(try EditServer.texts("title", of: "ada", on: server), ["Plain"])
    let again = try await admin.change(
      PersonEdit(username: "ada", changes: [.init(field: .title, seen: ["Plain"], new: hostile)]))
    XCTAssertEqual(again, .applied(logFailure: nil))
    let asserted = try await admin.change(
      PersonEdit(
        username: "ada", changes: [.init(field: .title, seen: hostile.reversed(), new: ["Final"])]))
    XCTAssertEqual(asserted, .applied(logFailure: nil))
    XCTAssertEqual(admin.statistics.assertedChanges, 3)

    // The log, replayed record by record on the replica.
    let records = try log.records()
    XCTAssertEqual(records.unreadable, 0)
    XCTAssertEqual(records.records.count, 4)
    XCTAssertEqual(records.records.first?.changes.first?.new, hostile.map { Array($0.utf8) })
    let afterEach: [[String]] = [hostile, ["Plain"], hostile, ["Final"]]
    for (record, expected) in zip(records.records, afterEach) {
      try replica.server.modify(ldif: record.ldif)
      XCTAssertEqual(
        try EditServer.values("title", of: "ada", on: replica).sorted {
          $0.lexicographicallyPrecedes($1)
        },
        expected.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
    }
    // The whole file at once (every record replaces): the same end.
    let file = try String(contentsOfFile: try XCTUnwrap(log.file), encoding: .utf8)
    XCTAssertEqual(file, records.records.map(\.ldif).joined())
    try replica.server.modify(ldif: file)
    XCTAssertEqual(try EditServer.texts("title", of: "ada", on: replica), ["Final"])
  }
}
