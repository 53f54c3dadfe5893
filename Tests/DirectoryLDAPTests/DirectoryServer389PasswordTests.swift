import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A password reset on 389 Directory Server over TLS (the tests' instance
/// with TLS on, its certificate verified against the CA that signed it):
/// the root DN resets a person's password with the Password Modify
/// operation over ldaps:// and over StartTLS, the person then signs in with
/// the new password and is refused the old one, and the change log says
/// "password reset" without the password. Over plain LDAP the same server
/// refuses it, and a client that does not trust the CA reaches nothing.
final class DirectoryServer389PasswordTests: XCTestCase {
  /// This class's people, beside the shared server's (whose count other
  /// classes check).
  private static let base = "ou=passwords,\(Test389Server.suffix)"
  nonisolated(unsafe) private static var server: Test389Server?
  private var folder: TemporaryDirectory!

  override class func setUp() {
    super.setUp()
    do {
      let server = try Test389Server.shared(tls: true)
      var ldif = "dn: \(base)\nobjectClass: organizationalUnit\nou: passwords\n\n"
      for uid in ["pw.ken", "pw.grace", "pw.ada"] {
        ldif += """
          dn: uid=\(uid),\(base)
          objectClass: inetOrgPerson
          uid: \(uid)
          cn: \(uid)
          sn: \(uid)
          userPassword: \(oldPassword(of: uid))


          """
      }
      try server.add(ldif, name: "passwords")
      Self.server = server
    } catch {
      XCTFail("could not start 389 Directory Server with TLS or add the people: \(error)")
    }
  }

  override func setUp() {
    super.setUp()
    folder = TemporaryDirectory()
  }

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  private static func oldPassword(of uid: String) -> String { "\(uid)-Old-Password-1" }
  private static func dn(_ uid: String) -> String { "uid=\(uid),\(base)" }

  private var logFile: String { folder.url.appendingPathComponent("roster/changes.ldif").path }

  /// The directory of this class's people as `bindDN`: over ldaps://
  /// (`secure`) or over the plain port, with StartTLS when asked; the
  /// server's certificate verified against its CA (`trustsCA`) or the
  /// system's authorities.
  private func directory(
    bindDN: String = Test389Server.rootDN, password: String = Test389Server.password,
    secure: Bool = true, startTLS: Bool = false, trustsCA: Bool = true
  ) throws -> LDAPDirectory {
    let server = try XCTUnwrap(Self.server)
    var options = LDAPOptions(
      bindDN: bindDN, password: Secret(password), startTLS: startTLS,
      caFile: trustsCA ? server.caFile : nil)
    options.changeLog = LDAPChangeLog(path: logFile)
    let url = secure ? server.ldapsURL(base: Self.base) : server.ldapURL(base: Self.base)
    return try LDAPDirectory(url: try XCTUnwrap(url), options: options)
  }

  /// How a sign-in as `uid` with `password` over ldaps:// ends: nil when
  /// the bind (and a root DSE read) succeeds.
  private func signInFailure(_ uid: String, with password: String) async throws
    -> DirectoryError?
  {
    let person = try directory(bindDN: Self.dn(uid), password: password)
    return await failure { () async throws(DirectoryError) in try await person.rootDSE() }
  }

  func testTheRootDNResetsAPasswordOverLDAPSAndTheNewOneSignsIn() async throws {
    let root = try directory()
    let hindrance = try await root.passwordResetHindrance()
    XCTAssertNil(hindrance)
    let new = "Pw-Ken-New-Password-2"
    let outcome = try await root.resetPassword(username: "pw.ken", to: Secret(new))
    XCTAssertEqual(outcome, .done(dn: Self.dn("pw.ken"), logFailure: nil))
    let withNew = try await signInFailure("pw.ken", with: new)
    XCTAssertNil(withNew)
    let withOld = try await signInFailure("pw.ken", with: Self.oldPassword(of: "pw.ken"))
    XCTAssertEqual(withOld, .ldap(.credentialsRefused(bindDN: Self.dn("pw.ken"))))
    let text = try String(contentsOfFile: logFile, encoding: .utf8)
    XCTAssertFalse(text.contains(new), "no password in the log")
    XCTAssertTrue(text.contains("# password reset: dn: \(Self.dn("pw.ken"))\n"), text)
    XCTAssertTrue(text.contains(" by \(Test389Server.rootDN)\n"), text)
    let records = LDIFChangeRecord.records(in: Array(text.utf8))
    XCTAssertEqual(records.unreadable, 0)
    XCTAssertEqual(records.records.map(\.kind), [.passwordReset])
    XCTAssertEqual(records.records.first?.dn, Self.dn("pw.ken"))
  }

  func testStartTLSOnThePlainPortCarriesAResetToo() async throws {
    let root = try directory(secure: false, startTLS: true)
    let new = "Pw-Grace-New-Password-3"
    let outcome = try await root.resetPassword(username: "pw.grace", to: Secret(new))
    XCTAssertEqual(outcome, .done(dn: Self.dn("pw.grace"), logFailure: nil))
    let withNew = try await signInFailure("pw.grace", with: new)
    XCTAssertNil(withNew)
    let withOld = try await signInFailure("pw.grace", with: Self.oldPassword(of: "pw.grace"))
    XCTAssertEqual(withOld, .ldap(.credentialsRefused(bindDN: Self.dn("pw.grace"))))
  }

  func testOverPlainLDAPTheSameServerRefusesAReset() async throws {
    let root = try directory(secure: false)
    let new = "Pw-Ada-New-Password-4"
    let outcome = try await root.resetPassword(username: "pw.ada", to: Secret(new))
    XCTAssertEqual(
      outcome,
      .refused(reason: "Confidentiality required (13): Operation requires a secure connection."))
    let withOld = try await signInFailure("pw.ada", with: Self.oldPassword(of: "pw.ada"))
    XCTAssertNil(withOld, "the old password still signs in")
    let withNew = try await signInFailure("pw.ada", with: new)
    XCTAssertEqual(withNew, .ldap(.credentialsRefused(bindDN: Self.dn("pw.ada"))))
    XCTAssertFalse(FileManager.default.fileExists(atPath: logFile), "nothing logged")
  }

  func testAClientThatDoesNotTrustTheServersCAReachesNothing() async throws {
    let server = try XCTUnwrap(Self.server)
    let root = try directory(trustsCA: false)
    let new = "Never-Sent-Password-5"
    let error = await failure { () async throws(DirectoryError) in
      try await root.resetPassword(username: "pw.ada", to: Secret(new))
    }
    guard case .tlsFailed(let address, let reason)? = error?.ldap else {
      return XCTFail("expected a TLS failure, got \(String(describing: error))")
    }
    XCTAssertEqual(address, "127.0.0.1:\(try XCTUnwrap(server.securePort))")
    XCTAssertEqual(
      reason, "the handshake failed; is the server's certificate signed by a trusted authority?")
    let withNew = try await signInFailure("pw.ada", with: new)
    XCTAssertEqual(withNew, .ldap(.credentialsRefused(bindDN: Self.dn("pw.ada"))))
    XCTAssertFalse(FileManager.default.fileExists(atPath: logFile), "nothing logged")
  }
}
