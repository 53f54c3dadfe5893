import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// `roster set` and `roster edits` as processes against slapd: a person
/// changes their own phone with the password from the environment, the
/// change reads back and is listed; a conflict writes nothing and ends with
/// status 3, printing the server's value beside the requested one; a
/// refusal ends with 1 and the server's reason.
final class RosterSetServerTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  private var data: TemporaryDirectory!

  override class func setUp() {
    super.setUp()
    server = EditServer.started()
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  override func setUp() {
    super.setUp()
    data = TemporaryDirectory()
  }

  override func tearDown() {
    data = nil
    super.tearDown()
  }

  /// Runs `roster` bound as `uid` (its password in the environment), with
  /// the change log under the test's own data folder.
  private func roster(_ arguments: [String], as uid: String? = nil) throws -> RosterProcess.Run {
    var environment = ["XDG_DATA_HOME": data.path]
    var bind: [String] = []
    if let uid {
      environment["ROSTER_BIND_PASSWORD"] = EditServer.password(of: uid)
      bind = ["--bind-dn", EditServer.dn(uid)]
    }
    let server = try XCTUnwrap(Self.server)
    let source = arguments.first == "set" ? ["--source", server.peopleURL] : []
    return try RosterProcess.run(
      [arguments[0]] + source + bind + arguments.dropFirst(), environment: environment)
  }

  private var log: String {
    (try? String(
      contentsOfFile: data.url.appendingPathComponent("roster/changes.ldif").path, encoding: .utf8))
      ?? ""
  }

  func testAPersonSetsTheirOwnPhoneAndTheEditIsListed() throws {
    let server = try XCTUnwrap(Self.server)
    let set = try roster(
      ["set", "ken", "phone=+1 908 555 0777", "mobile=+1 908 555 0778"], as: "ken")
    XCTAssertEqual(set.status, 0, set.errors)
    XCTAssertEqual(set.errors, "")
    XCTAssertEqual(
      try EditServer.texts("telephoneNumber", of: "ken", on: server), ["+1 908 555 0777"])
    XCTAssertEqual(try EditServer.texts("mobile", of: "ken", on: server), ["+1 908 555 0778"])
    XCTAssertFalse(log.contains(EditServer.password(of: "ken")), "no password in the log")
    let attributes = try FileManager.default.attributesOfItem(
      atPath: data.url.appendingPathComponent("roster/changes.ldif").path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

    let edits = try roster(["edits"])
    XCTAssertEqual(edits.status, 0, edits.errors)
    let lines = edits.output.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    XCTAssertEqual(lines.first, ["time", "by", "dn", "attribute", "before", "after"])
    XCTAssertEqual(
      lines.dropFirst().map { Array($0.dropFirst()) },
      [
        [
          EditServer.dn("ken"), EditServer.dn("ken"), "telephoneNumber", "+1 908 555 0107",
          "+1 908 555 0777",
        ],
        [EditServer.dn("ken"), EditServer.dn("ken"), "mobile", "", "+1 908 555 0778"],
      ])
    let future = try roster(["edits", "--since", "2099-01-01"])
    XCTAssertEqual(
      future.output.split(separator: "\n").count, 1, "the header alone: \(future.output)")
    let records = try roster(["edits", "--ldif"])
    XCTAssertEqual(records.output, log)
  }

  func testAConflictWritesNothingAndEndsWithThree() throws {
    let server = try XCTUnwrap(Self.server)
    let run = try roster(
      ["set", "dennis", "phone=+1 908 555 0888", "--if", "phone=+1 908 555 0000"], as: "dennis")
    XCTAssertEqual(run.status, 3, run.errors)
    XCTAssertTrue(
      run.errors.contains("the directory has “+1 908 555 0108”, you asked for “+1 908 555 0888”"),
      run.errors)
    XCTAssertTrue(run.errors.contains("nothing was written"), run.errors)
    XCTAssertEqual(
      try EditServer.texts("telephoneNumber", of: "dennis", on: server), ["+1 908 555 0108"])
    XCTAssertEqual(log, "", "nothing logged")
  }

  func testWithoutIfTheValueReadFirstIsTheCondition() throws {
    let server = try XCTUnwrap(Self.server)
    let run = try roster(
      ["set", "edsger", "title=Professor Emeritus", "phone="], as: EditServer.editor)
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(try EditServer.texts("title", of: "edsger", on: server), ["Professor Emeritus"])
    XCTAssertEqual(try EditServer.texts("telephoneNumber", of: "edsger", on: server), [])
    XCTAssertTrue(log.contains("# before: title: Professor\n"), log)
    XCTAssertTrue(log.contains("# before: telephoneNumber: +31 40 555 0105\n"), log)
  }

  func testARefusalEndsWithOneAndTheServersReason() throws {
    let server = try XCTUnwrap(Self.server)
    let run = try roster(["set", "grace", "phone=+1 202 555 0999"], as: "frances")
    XCTAssertEqual(run.status, 1, run.errors)
    XCTAssertTrue(
      run.errors.hasPrefix("roster set: the directory server refused the change: "), run.errors)
    XCTAssertTrue(run.errors.localizedCaseInsensitiveContains("insufficient access"), run.errors)
    XCTAssertEqual(
      try EditServer.texts("telephoneNumber", of: "grace", on: server), ["+1 202 555 0102"])
  }

  func testAnUnknownFieldIsRefusedBeforeTheServerIsAsked() throws {
    let run = try roster(["set", "ken", "shoeSize=44"])
    XCTAssertEqual(run.status, 64, run.errors)
    XCTAssertTrue(run.errors.contains("no field “shoeSize”"), run.errors)
  }
}
