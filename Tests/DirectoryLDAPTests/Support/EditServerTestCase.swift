import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A test class over a slapd people write to (``EditServer``), started for
/// the class and stopped after it, and a change log in a folder of each
/// test's own.
///
/// Threading: XCTest's.
class EditServerTestCase: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  var folder: TemporaryDirectory!
  var log: LDAPChangeLog!

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
    folder = TemporaryDirectory()
    log = LDAPChangeLog(path: folder.url.appendingPathComponent("roster/changes.ldif").path)
  }

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  /// The people, bound as `uid` (nil: the administrator), writing to the
  /// test's log, with the Assertion control where the server lists it
  /// unless `assertion` is false.
  func directory(as uid: String?, assertion: Bool = true) throws -> LDAPDirectory {
    var options = EditServer.options(as: uid, log: log)
    options.usesAssertion = assertion
    return try LDAPDirectory(url: try XCTUnwrap(Self.server).peopleURL, options: options)
  }
}
