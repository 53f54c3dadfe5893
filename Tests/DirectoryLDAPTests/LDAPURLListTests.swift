import Directory
import DirectoryLDAP
import XCTest

/// Several servers of one directory in one source: "ldap://a ldap://b/base".
final class LDAPURLListTests: XCTestCase {
  func testServersSeparatedBySpacesShareTheSearchWrittenOnce() throws {
    let servers = try LDAPURL.list(
      "ldap://127.0.0.1:3891  ldaps://[::1]:3892\tldap://b.example.org/ou=people,dc=example,dc=org??one"
    )
    XCTAssertEqual(
      servers.map(\.serverURI),
      ["ldap://127.0.0.1:3891", "ldaps://[::1]:3892", "ldap://b.example.org:389"])
    for url in servers {
      XCTAssertEqual(url.baseDN, "ou=people,dc=example,dc=org", url.serverURI)
      XCTAssertEqual(url.scope, .one, url.serverURI)
      XCTAssertEqual(url.filter, "(objectClass=*)", url.serverURI)
    }
    XCTAssertEqual(servers.map(\.isSecure), [false, true, false], "TLS is each URL's own")
  }

  func testTheSameSearchMayBeRepeatedOnEachServer() throws {
    let one = "/dc=example,dc=org??sub?(objectClass=person)"
    let servers = try LDAPURL.list("ldap://a\(one) ldap://b:1389\(one)")
    XCTAssertEqual(servers.map(\.server), ["a:389", "b:1389"])
    XCTAssertEqual(Set(servers.map(\.filter)), ["(objectClass=person)"])
    XCTAssertEqual(try LDAPURL.list(" ldap://a\(one) "), [try LDAPURL("ldap://a\(one)")])
  }

  func testServersThatDisagreeOnTheSearchAreRefused() {
    let text = "ldap://a/ou=people,dc=example,dc=org ldap://b/ou=staff,dc=example,dc=org"
    XCTAssertThrowsError(try LDAPURL.list(text)) { error in
      XCTAssertEqual(
        error as? DirectoryError,
        .ldap(
          .invalidURL(
            text,
            reason: "its servers name different searches; the base DN, scope and filter must match")
        ))
    }
    let many = Array(repeating: "ldap://a", count: 17).joined(separator: " ")
    XCTAssertThrowsError(try LDAPURL.list(many)) { error in
      XCTAssertEqual(
        error as? DirectoryError, .ldap(.invalidURL(many, reason: "it names more than 16 servers")))
    }
    XCTAssertThrowsError(try LDAPURL.list("  ")) { error in
      XCTAssertEqual(
        error as? DirectoryError, .ldap(.invalidURL("  ", reason: "it names no server")))
    }
    // Each URL is read on its own, and says what is wrong with it.
    XCTAssertThrowsError(try LDAPURL.list("ldap://a http://b/")) { error in
      XCTAssertEqual(
        error as? DirectoryError,
        .ldap(.invalidURL("http://b/", reason: "the scheme must be ldap:// or ldaps://")))
    }
  }
}
