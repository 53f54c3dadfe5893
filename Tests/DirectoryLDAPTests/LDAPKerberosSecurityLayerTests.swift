import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// Kerberos over plain ldap:// insists on GSSAPI's security layer
/// (`minssf` 56): a server that offers none (slapd's
/// `sasl-secprops maxssf=0`, as a man in the middle could) is refused
/// rather than read in clear text.
final class LDAPKerberosSecurityLayerTests: XCTestCase {
  func testAServerOfferingNoSecurityLayerIsRefused() throws {
    let people = [LDIFPerson(uid: "ada", cn: "Ada Lovelace", sn: "Lovelace")]
    let realm = try TestKerberosServer(
      people: people, users: ["ada"], securityProperties: "none,maxssf=0")
    defer { realm.shutDown() }
    let run = try RosterProcess.run(
      ["check", "--source", realm.url, "--sasl", "gssapi"],
      environment: realm.kdc.environment(cache: try realm.ticket("ada")))
    print("status \(run.status): \(run.errors)")
    XCTAssertNotEqual(run.status, 0, "signed in without a security layer: \(run.output)")
    XCTAssertFalse(run.output.contains("Signed in as"), run.output)
  }
}
