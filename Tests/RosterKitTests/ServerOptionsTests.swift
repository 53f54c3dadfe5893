import Directory
import RosterKit
import XCTest

/// Where a server's password comes from: a secret the caller holds first,
/// then a password file, then the environment; never the command line.
final class ServerOptionsTests: XCTestCase {
  private let url = "ldap://127.0.0.1:1/dc=example,dc=org"

  func testABindWithoutAPasswordIsAClearError() {
    var options = ServerOptions()
    options.bindDN = "cn=admin,dc=example,dc=org"
    XCTAssertThrowsError(try options.directory(url: url, environment: [:])) { error in
      guard case DirectoryError.passwordUnavailable(let message) = error else {
        return XCTFail("unexpected \(error)")
      }
      XCTAssertTrue(message.contains(ServerOptions.passwordVariable), message)
    }
  }

  func testASecretTheCallerHoldsIsUsedWithoutTheEnvironment() throws {
    var options = ServerOptions()
    options.bindDN = "cn=admin,dc=example,dc=org"
    options.secret = Secret("from the keyring")
    XCTAssertNoThrow(try options.directory(url: url, environment: [:]))
  }
}
