import Directory
import DirectorySCIM
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

  func testASCIMURLIsAServerAndOpensASCIMDirectory() throws {
    XCTAssertTrue(ServerOptions.isServerURL("scim+http://x"))
    XCTAssertTrue(ServerOptions.isServerURL("SCIM+HTTPS://host/scim/v2"))
    XCTAssertFalse(ServerOptions.isServerURL("scim://host"))
    var options = ServerOptions()
    options.secret = Secret("from the keyring")
    let directory = try options.directory(url: "scim+https://host/scim/v2", environment: [:])
    XCTAssertTrue(directory is SCIMDirectory)
    XCTAssertEqual(directory.location, "host")
  }

  func testASCIMTokenComesFromTheEnvironmentOrAFileAndIsNeededOtherwise() throws {
    let scim = "scim+http://127.0.0.1:1/v2"
    XCTAssertThrowsError(try ServerOptions().directory(url: scim, environment: [:])) { error in
      guard case DirectoryError.passwordUnavailable(let message) = error else {
        return XCTFail("unexpected \(error)")
      }
      XCTAssertTrue(message.contains(ServerOptions.tokenVariable), message)
    }
    XCTAssertNoThrow(
      try ServerOptions().directory(url: scim, environment: [ServerOptions.tokenVariable: "t"]))
    let folder = try TemporaryDirectory()
    let file = folder.folder.appendingPathComponent("token")
    try Data("file-token\n".utf8).write(to: file)
    var options = ServerOptions()
    options.tokenFile = file.path
    XCTAssertNoThrow(try options.directory(url: scim, environment: [:]))
  }
}
