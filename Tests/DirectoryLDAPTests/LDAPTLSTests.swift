import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// A slapd with a certificate from a CA the test makes with openssl, on
/// ldaps:// and (StartTLS) ldap://.
final class LDAPTLSTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer?
  nonisolated(unsafe) private static var authority: DemoCertificateAuthority?
  nonisolated(unsafe) private static var stranger: DemoCertificateAuthority?
  private static let people = TestPeople.people(count: 20, seed: 7)

  override class func setUp() {
    super.setUp()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-ldap-tls-\(UUID().uuidString)")
    do {
      authority = try DemoCertificateAuthority(folder: folder.appendingPathComponent("ca"))
      stranger = try DemoCertificateAuthority(
        folder: folder.appendingPathComponent("other-ca"), name: "Someone Else's CA")
    } catch {
      XCTFail("openssl could not make the certificates: \(error)")
    }
    server = TestServer.started(people: people, tls: authority?.server, folder: folder)
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  private var secureURL: String {
    "\(Self.server!.server.secureURL)/ou=people,\(TestServer.suffix)??one"
  }

  func testLDAPSWithTheRightCAReadsTheDirectory() async throws {
    let directory = try LDAPDirectory(
      url: secureURL, options: LDAPOptions(caFile: Self.authority!.certificate.path))
    let window = try await directory.rows(0..<5)
    XCTAssertEqual(window.count, Self.people.count)
  }

  func testLDAPSWithAnotherCAIsRefused() async throws {
    let directory = try LDAPDirectory(
      url: secureURL, options: LDAPOptions(caFile: Self.stranger!.certificate.path))
    let server = "127.0.0.1:\(Self.server!.server.securePort)"
    let reason =
      "the handshake failed; is the server's certificate signed by the authority in "
      + "\(Self.stranger!.certificate.path)?"
    await assertFails(
      .ldap(.tlsFailed(server: server, reason: reason)),
      saying: "Could not set up a trusted TLS connection to \(server): \(reason)"
    ) { () async throws(DirectoryError) in try await directory.rows(0..<5) }
  }

  func testInsecureTLSAcceptsAnyCertificate() async throws {
    var options = LDAPOptions(caFile: Self.stranger!.certificate.path)
    options.insecureTLS = true
    let directory = try LDAPDirectory(url: secureURL, options: options)
    let window = try await directory.rows(0..<5)
    XCTAssertEqual(window.count, Self.people.count)
  }

  func testStartTLSCarriesThePassword() async throws {
    let good = try LDAPDirectory(
      url: Self.server!.peopleURL,
      options: LDAPOptions(
        bindDN: Self.server!.rootDN, password: Secret(TestServer.password), startTLS: true,
        caFile: Self.authority!.certificate.path))
    let window = try await good.rows(0..<5)
    XCTAssertEqual(window.count, Self.people.count)

    let wrongCA = try LDAPDirectory(
      url: Self.server!.peopleURL,
      options: LDAPOptions(startTLS: true, caFile: Self.stranger!.certificate.path))
    let error = await failure { () async throws(DirectoryError) in try await wrongCA.rows(0..<5) }
    guard case .tlsFailed? = error?.ldap else {
      return XCTFail("expected a TLS failure, got \(String(describing: error))")
    }
  }

  func testEachServerOfAListKeepsItsOwnTLSAndTheSameVerification() async throws {
    // Nothing listens on the first: the list goes on to the ldaps:// one.
    let list = "ldap://127.0.0.1:\(try DemoLDAPServer.freePort()) \(secureURL)"
    let trusted = try LDAPDirectory(
      url: list, options: LDAPOptions(caFile: Self.authority!.certificate.path))
    let window = try await trusted.rows(0..<5)
    XCTAssertEqual(window.count, Self.people.count)
    XCTAssertTrue(trusted.currentServer.isSecure)
    XCTAssertEqual(trusted.statistics.failovers, 1)

    // The next server's certificate is checked as strictly as the first's.
    let untrusted = try LDAPDirectory(
      url: list, options: LDAPOptions(caFile: Self.stranger!.certificate.path))
    let error = await failure { () async throws(DirectoryError) in
      try await untrusted.rows(0..<5)
    }
    guard case .tlsFailed(let server, _)? = error?.ldap else {
      return XCTFail("expected a TLS failure, got \(String(describing: error))")
    }
    XCTAssertEqual(server, "127.0.0.1:\(Self.server!.server.securePort)")
    XCTAssertEqual(untrusted.statistics.failovers, 0)
  }
}
