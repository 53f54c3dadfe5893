import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// Certificate sign-in for real: a slapd on ldaps:// that asks every client
/// for a certificate signed by the test's CA (made by openssl) and maps the
/// certificate's subject to an entry; Roster signs in with SASL EXTERNAL.
final class LDAPCertificateSignInTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer?
  nonisolated(unsafe) private static var authority: DemoCertificateAuthority?
  nonisolated(unsafe) private static var stranger: DemoCertificateAuthority?
  private static let people =
    [LDIFPerson(uid: "ada", cn: "Ada Lovelace", sn: "Lovelace")]
    + TestPeople.people(count: 12, seed: 5)
  private static let passphrase = "correct horse battery"

  override class func setUp() {
    super.setUp()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-ldap-external-\(UUID().uuidString)")
    do {
      let authority = try DemoCertificateAuthority(folder: folder.appendingPathComponent("ca"))
      self.authority = authority
      stranger = try DemoCertificateAuthority(
        folder: folder.appendingPathComponent("other-ca"), name: "Someone Else's CA")
      server = try TestServer(people: people, tls: authority.server, folder: folder) {
        configuration in
        configuration.clientCertificateAuthority = authority.certificate
        configuration.sasl = .init(mappings: [
          .init("cn=([^,]*),o=roster test", to: "uid=$1,ou=people,\(TestServer.suffix)")
        ])
      }
    } catch {
      XCTFail("could not make the certificates or start slapd: \(error)")
    }
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  private var secureURL: String {
    "\(Self.server!.server.secureURL)/ou=people,\(TestServer.suffix)??one"
  }

  private var serverName: String { "127.0.0.1:\(Self.server!.server.securePort)" }

  /// Options that trust the test's CA and sign in with `certificate`.
  private func options(
    _ certificate: (certificate: URL, key: URL)?, passphrase: String? = nil,
    signIn: LDAPSignIn = .certificate
  ) -> LDAPOptions {
    var options = LDAPOptions(caFile: Self.authority!.certificate.path)
    options.signIn = signIn
    options.clientCertificate = certificate.map {
      LDAPClientCertificate(certificateFile: $0.certificate.path, keyFile: $0.key.path)
    }
    options.keyPassphrase = passphrase.map(Secret.init)
    return options
  }

  private func failure(_ options: LDAPOptions, url: String? = nil) async throws -> LDAPError? {
    let directory = try LDAPDirectory(url: url ?? secureURL, options: options)
    do {
      _ = try await directory.rows(0..<5)
      XCTFail("signed in")
      return nil
    } catch {
      return error.ldap
    }
  }

  func testACertificateSignsInAsItsSubjectsEntry() async throws {
    let certificate = try Self.authority!.clientCertificate(for: "ada")
    let directory = try LDAPDirectory(url: secureURL, options: options(certificate))
    let window = try await directory.rows(0..<5)
    XCTAssertEqual(window.count, Self.people.count)
    let identity = try await directory.signedInAs()
    XCTAssertEqual(identity, "dn:uid=ada,ou=people,\(TestServer.suffix)")
  }

  func testAnEncryptedKeyOpensWithItsPassphrase() async throws {
    let certificate = try Self.authority!.clientCertificate(
      for: "ada", passphrase: Self.passphrase)
    let key = try String(contentsOf: certificate.key, encoding: .utf8)
    XCTAssertTrue(key.contains("ENCRYPTED PRIVATE KEY"))
    let directory = try LDAPDirectory(
      url: secureURL, options: options(certificate, passphrase: Self.passphrase))
    let identity = try await directory.signedInAs()
    XCTAssertEqual(identity, "dn:uid=ada,ou=people,\(TestServer.suffix)")
  }

  func testAnEncryptedKeyWithoutOrWithAWrongPassphraseSaysSo() async throws {
    let certificate = try Self.authority!.clientCertificate(
      for: "ada", passphrase: Self.passphrase)
    let path = certificate.key.path
    let missing = try await failure(options(certificate))
    XCTAssertEqual(missing, .keyPassphraseNeeded(path: path))
    let wrong = try await failure(options(certificate, passphrase: "incorrect horse"))
    XCTAssertEqual(wrong, .keyPassphraseWrong(path: path))
    XCTAssertEqual(
      wrong?.errorDescription, "The passphrase does not open the key \(path)")
  }

  func testACertificateFromAnotherAuthorityIsRefused() async throws {
    let certificate = try Self.stranger!.clientCertificate(for: "ada")
    let error = try await failure(options(certificate))
    guard case .certificateRefused(let server, _)? = error else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(server, serverName)
  }

  func testNoCertificateIsRefusedWithTheLikelyReason() async throws {
    let error = try await failure(options(nil, signIn: .password))
    XCTAssertEqual(
      error,
      .tlsFailed(
        server: serverName,
        reason: "the server ended the handshake; does it ask for a client certificate?"))
  }

  func testACertificateIsNeverSentWithoutTLS() async throws {
    let certificate = try Self.authority!.clientCertificate(for: "ada")
    let plain = "\(Self.server!.server.url)/ou=people,\(TestServer.suffix)??one"
    let error = try await failure(options(certificate), url: plain)
    XCTAssertEqual(error, .certificateNeedsTLS(server: "127.0.0.1:\(Self.server!.server.port)"))
  }

  func testAMissingKeyFileIsNamed() async throws {
    let certificate = try Self.authority!.clientCertificate(for: "ada")
    let missing = certificate.key.deletingLastPathComponent().appendingPathComponent("gone.key")
    let error = try await failure(options((certificate.certificate, missing)))
    XCTAssertEqual(error, .clientCertificateUnreadable(path: missing.path, reason: "no such file"))
  }

  func testTheCommandLineTakesThePassphraseFromTheEnvironment() throws {
    let certificate = try Self.authority!.clientCertificate(
      for: "ada", passphrase: Self.passphrase)
    let arguments = [
      "check", "--source", secureURL, "--ca-file", Self.authority!.certificate.path, "--sasl",
      "external", "--client-cert", certificate.certificate.path, "--client-key",
      certificate.key.path,
    ]
    let run = try RosterProcess.run(
      arguments, environment: ["ROSTER_KEY_PASSPHRASE": Self.passphrase])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(
      run.output.contains("Signed in as: dn:uid=ada,ou=people,\(TestServer.suffix)\n"), run.output)
    let without = try RosterProcess.run(arguments, environment: ["ROSTER_KEY_PASSPHRASE": ""])
    XCTAssertEqual(
      without.errors,
      "roster check: The key \(certificate.key.path) is encrypted: enter its passphrase\n")
  }
}
