import SharedSupport
import XCTest

/// This machine is told by its address: 127.0.0.0/8, ::1 (bracketed or
/// not, in any spelling) and the name `localhost`; a name that only begins
/// like one, or an address `inet_pton` does not read, is another machine.
final class LoopbackHostTests: XCTestCase {
  func testLoopbackIsDecidedByTheAddressNotByHowTheNameBegins() {
    for host in [
      "127.0.0.1", "127.1.2.3", "[::1]", "::1", "0:0:0:0:0:0:0:1", "localhost", "LocalHost",
    ] {
      XCTAssertTrue(LoopbackHost.contains(host), host)
    }
    for host in [
      "127.evil.example", "127.0.0.1.nip.io", "localhost.evil", "0x7f.0.0.1", "127.1",
      "126.0.0.1", "::2", "[::ffff:127.0.0.1]x", "", "[]", "localhost.",
    ] {
      XCTAssertFalse(LoopbackHost.contains(host), host)
    }
  }
}
