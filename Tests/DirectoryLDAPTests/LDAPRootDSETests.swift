import DirectoryLDAP
import XCTest

/// Naming a server from its root DSE. The servers the tests run (slapd,
/// 389, Samba) are named in their own suites from their real answers;
/// these are the root DSEs no test here can start: Windows' Active
/// Directory, and servers that say little or nothing.
final class LDAPRootDSETests: XCTestCase {
  func testWindowsActiveDirectoryIsNamedByItsCapability() {
    let root = LDAPRootDSE(
      capabilities: [LDAPRootDSE.activeDirectoryCapability, "1.2.840.113556.1.4.1670"],
      defaultNamingContext: "DC=corp,DC=example")
    XCTAssertEqual(root.product, .activeDirectory(samba: nil))
    XCTAssertEqual(root.serverName, "Active Directory")
  }

  func testSambaGivesItsReleaseNotItsPackaging() {
    let root = LDAPRootDSE(
      vendorName: "Samba Team (https://www.samba.org)", vendorVersion: "4.17.12-Debian",
      capabilities: [LDAPRootDSE.activeDirectoryCapability])
    XCTAssertEqual(root.serverName, "Active Directory (Samba 4.17)")
  }

  func testAServerThatSaysNothingIsAnLDAPServer() {
    XCTAssertEqual(LDAPRootDSE().serverName, "an LDAP server")
    let other = LDAPRootDSE(vendorName: "Example Corp", vendorVersion: "7.1")
    XCTAssertEqual(other.serverName, "Example Corp 7.1")
  }

  func testThePeoplesNamingContextIsTheLongestThatHoldsThem() {
    let root = LDAPRootDSE(
      namingContexts: ["DC=corp,DC=example", "CN=Configuration,DC=corp,DC=example", "o=other"],
      defaultNamingContext: "DC=corp,DC=example")
    XCTAssertEqual(
      root.namingContext(holding: "OU=People, dc=Corp,DC=example"), "DC=corp,DC=example")
    XCTAssertEqual(
      root.namingContext(holding: "CN=Schema,CN=Configuration,DC=corp,DC=example"),
      "CN=Configuration,DC=corp,DC=example")
    XCTAssertEqual(root.namingContext(holding: "o=other"), "o=other")
    XCTAssertNil(root.namingContext(holding: "ou=people,dc=elsewhere"))
    XCTAssertNil(root.namingContext(holding: "ou=people,dc=xcorp,dc=example"))
  }

  func testFeaturesAreNamedInAFixedOrder() {
    let root = LDAPRootDSE(supportedControls: [
      "1.2.840.113556.1.4.319", "2.16.840.1.113730.3.4.9", "1.2.840.113556.1.4.473", "9.9.9",
    ])
    XCTAssertEqual(root.offeredFeatures, ["sort", "virtual list view", "paged results"])
  }
}
