import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A password reset on a slapd with a password policy (the ppolicy
/// overlay, new passwords of at least 12 characters): a shorter one is
/// refused in the server's words, nothing logged; a long one is set.
final class LDAPPasswordPolicyTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  private var folder: TemporaryDirectory!
  private var log: LDAPChangeLog!

  override class func setUp() {
    super.setUp()
    do {
      server = try EditingPeople.server(passwordMinimumLength: 12)
    } catch {
      XCTFail("could not start slapd with a password policy: \(error)")
    }
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

  func testAShortPasswordIsRefusedInThePolicysWords() async throws {
    let server = try XCTUnwrap(Self.server)
    let editor = try LDAPDirectory(
      url: server.peopleURL, options: EditServer.options(as: EditServer.editor, log: log))
    let short = "Short-1"
    let refused = try await editor.resetPassword(username: "ken", to: Secret(short))
    guard case .refused(let reason) = refused else {
      return XCTFail("expected a refusal, got \(refused)")
    }
    XCTAssertEqual(reason, "Constraint violation (19): Password fails quality checking policy")
    XCTAssertFalse(reason.contains(short), reason)
    XCTAssertEqual(try log.records().records, [], "nothing logged")
    let long = "Long-Enough-Password-1"
    let set = try await editor.resetPassword(username: "ken", to: Secret(long))
    XCTAssertEqual(set, .done(dn: EditServer.dn("ken"), logFailure: nil))
  }
}
