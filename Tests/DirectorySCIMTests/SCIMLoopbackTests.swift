import Directory
import XCTest

@testable import DirectorySCIM

/// A bearer token travels over `scim+http://` only to this machine, decided
/// by the address: `127.evil.example`, `127.0.0.1.nip.io` and
/// `localhost.evil` are other machines and are refused.
final class SCIMLoopbackTests: XCTestCase {
  func testPlainHTTPIsAcceptedOnlyForLoopbackAddressesAndLocalhost() {
    for host in ["127.0.0.1", "127.1.2.3", "[::1]", "localhost", "LocalHost", "127.0.0.1:8080"] {
      XCTAssertNoThrow(try SCIMURL("scim+http://\(host)/scim/v2"), host)
    }
    for host in [
      "127.evil.example", "127.0.0.1.nip.io", "localhost.evil", "0x7f.0.0.1",
      "127.evil.example:80", "[::2]",
    ] {
      XCTAssertThrowsError(try SCIMURL("scim+http://\(host)/scim/v2"), host)
    }
  }

  func testHTTPSIsAcceptedForAnyHost() {
    XCTAssertNoThrow(try SCIMURL("scim+https://127.evil.example/scim/v2"))
  }
}
