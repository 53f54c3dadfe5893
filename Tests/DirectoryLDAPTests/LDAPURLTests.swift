import Directory
import DirectoryLDAP
import TestSupport
import XCTest

final class LDAPURLTests: XCTestCase {
  func testAFullURLIsReadPartByPart() throws {
    let url = try LDAPURL(
      "ldap://ldap.example.org:1389/ou=people,dc=example,dc=org?uid,cn?one?(objectClass=person)")
    XCTAssertFalse(url.isSecure)
    XCTAssertEqual(url.host, "ldap.example.org")
    XCTAssertEqual(url.port, 1389)
    XCTAssertEqual(url.baseDN, "ou=people,dc=example,dc=org")
    XCTAssertEqual(url.attributes, ["uid", "cn"])
    XCTAssertEqual(url.scope, .one)
    XCTAssertEqual(url.filter, "(objectClass=person)")
    XCTAssertEqual(url.server, "ldap.example.org:1389")
    XCTAssertEqual(url.serverURI, "ldap://ldap.example.org:1389")
  }

  func testPortsScopeAndFilterHaveDefaults() throws {
    let plain = try LDAPURL("ldap://127.0.0.1/dc=example,dc=org")
    XCTAssertEqual(plain.port, 389)
    XCTAssertEqual(plain.scope, .sub)
    XCTAssertEqual(plain.filter, "(objectClass=*)")
    XCTAssertEqual(plain.attributes, [])
    XCTAssertTrue(plain.isLoopback)
    let secure = try LDAPURL("LDAPS://directory.example.com")
    XCTAssertTrue(secure.isSecure)
    XCTAssertEqual(secure.port, 636)
    XCTAssertEqual(secure.baseDN, "")
    XCTAssertFalse(secure.isLoopback)
  }

  func testTheBaseDNAndFilterArePercentDecoded() throws {
    let url = try LDAPURL("ldap://host/ou=R%C3%A9seau%2Cdc=example??base?(cn=J%C3%BCrgen%20M)")
    XCTAssertEqual(url.baseDN, "ou=Réseau,dc=example")
    XCTAssertEqual(url.scope, .base)
    XCTAssertEqual(url.filter, "(cn=Jürgen M)")
  }

  func testIPv6HostsKeepTheirBrackets() throws {
    let url = try LDAPURL("ldap://[::1]:3890/dc=example")
    XCTAssertEqual(url.host, "::1")
    XCTAssertEqual(url.port, 3890)
    XCTAssertEqual(url.serverURI, "ldap://[::1]:3890")
    XCTAssertTrue(url.isLoopback)
  }

  func testBadURLsSayWhatIsWrong() {
    let cases: [(String, String)] = [
      ("http://example.org/", "the scheme must be ldap:// or ldaps://"),
      ("example.org", "the scheme must be ldap:// or ldaps://"),
      ("ldap:///dc=example", "it names no host"),
      ("ldap://host:99999/", "the port “99999” is not a number from 1 to 65535"),
      ("ldap://host:abc/", "the port “abc” is not a number from 1 to 65535"),
      ("ldap://host/dc=x??children", "the scope “children” is not base, one or sub"),
      ("ldap://host/dc=x???objectClass=*", "the filter must be in parentheses"),
      ("ldap://host/dc=%zz", "it has a malformed %-escape"),
      (
        "ldap://host/dc=x????!bindname=cn=x",
        "it asks for a critical extension Roster does not support"
      ),
      ("ldap://us er@host/", "the host “us er@host” has characters a host name cannot have"),
      ("ldap://[::1/", "the IPv6 address has no closing “]”"),
    ]
    for (text, reason) in cases {
      XCTAssertThrowsError(try LDAPURL(text), text) { error in
        XCTAssertEqual(error as? DirectoryError, .ldap(.invalidURL(text, reason: reason)), text)
      }
    }
    XCTAssertEqual(
      DirectoryError.ldap(.invalidURL("http://x", reason: "the scheme must be ldap:// or ldaps://"))
        .errorDescription,
      "“http://x” is not a valid LDAP URL: the scheme must be ldap:// or ldaps://")
  }
}
