import Directory
import XCTest

@testable import DirectoryLDAP

/// A password travels over plain `ldap://` only to this machine, and "this
/// machine" is decided by the address, not by how the name begins: a host
/// named `127.evil.example` or `localhost.evil` is somewhere else.
final class LDAPLoopbackTests: XCTestCase {
  private func isLoopback(_ authority: String) throws -> Bool {
    try LDAPURL("ldap://\(authority)/dc=example,dc=org").isLoopback
  }

  func testOnlyLoopbackAddressesAndLocalhostCountAsThisMachine() throws {
    for host in [
      "127.0.0.1", "127.1.2.3", "127.255.255.254", "[::1]", "[0:0:0:0:0:0:0:1]",
      "localhost", "LOCALHOST", "127.0.0.1:3890", "[::1]:3890",
    ] {
      XCTAssertTrue(try isLoopback(host), host)
    }
    for host in [
      "127.evil.example", "127.0.0.1.nip.io", "localhost.evil", "0x7f.0.0.1",
      "127.1", "128.0.0.1", "[::2]", "evil.example", "[::ffff:8.8.8.8]",
    ] {
      XCTAssertFalse(try isLoopback(host), host)
    }
  }
}
