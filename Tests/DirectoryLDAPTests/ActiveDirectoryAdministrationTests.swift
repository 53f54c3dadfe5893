import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// An administrator's changes on Active Directory (the tests' Samba DC):
/// a new password goes as `unicodePwd` over LDAPS and the person then signs
/// in with it; over plain LDAP (signed in with Kerberos) it is refused
/// before anything is sent; a user is refused someone else's password in
/// the server's words; a delete keeps the entry in the change log; a new
/// user needs a CN and an account name.
final class ActiveDirectoryAdministrationTests: XCTestCase {
  /// The OU of this class's people, beside the shared DC's people (whose
  /// count other classes check).
  private static let base = "OU=Administration,\(TestSambaDC.baseDN)"
  private static let people = ["adm.ada": "Adm Ada", "adm.grace": "Adm Grace"]

  /// `username`'s first password.
  private static func password(of username: String) -> String { "\(username)-Passw0rd!" }

  private static func dn(_ username: String) -> String { "CN=\(people[username]!),\(base)" }

  nonisolated(unsafe) private static var dc: TestSambaDC?
  private var folder: TemporaryDirectory!

  override class func setUp() {
    super.setUp()
    do {
      let dc = try TestSambaDC.shared()
      var ldif =
        "dn: \(base)\nchangetype: add\nobjectClass: organizationalUnit\nou: Administration\n\n"
      for (username, name) in people.sorted(by: { $0.key < $1.key }) {
        let password = Data(LDAPDirectory.unicodePassword(Secret(password(of: username))))
        ldif += """
          dn: \(dn(username))
          changetype: add
          objectClass: user
          sAMAccountName: \(username)
          displayName: \(name)
          title: Analyst
          unicodePwd:: \(password.base64EncodedString())
          userAccountControl: 512


          """
      }
      try dc.modify(ldif)
      Self.dc = dc
    } catch {
      XCTFail("could not start the DC or add the people: \(error)")
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

  private var logFile: String { folder.url.appendingPathComponent("roster/changes.ldif").path }

  /// The OU's people over LDAPS, signed in as `bindDN` with `password`
  /// (by default the administrator).
  private func directory(
    bindDN: String = TestSambaDC.administratorDN, password: String = TestSambaDC.password
  ) throws -> LDAPDirectory {
    let dc = try XCTUnwrap(Self.dc)
    var options = LDAPOptions(
      bindDN: bindDN, password: Secret(password), caFile: dc.certificateAuthority.path)
    options.schema = .activeDirectory
    options.changeLog = LDAPChangeLog(path: logFile)
    return try LDAPDirectory(
      url: dc.ldapsURL(base: Self.base) + "??one?(&(objectCategory=person)(objectClass=user))",
      options: options)
  }

  /// Whether `username` signs in with `password` over LDAPS.
  private func signsIn(_ username: String, with password: String) async throws -> Bool {
    let directory = try directory(bindDN: Self.dn(username), password: password)
    do {
      _ = try await directory.values(of: username, fields: [.title])
      return true
    } catch {
      return false
    }
  }

  func testTheAdministratorSetsUnicodePwdOverLDAPSAndThePersonSignsIn() async throws {
    let administrator = try directory()
    let hindrance = try await administrator.passwordResetHindrance()
    XCTAssertNil(hindrance, "LDAPS is encrypted")
    let new = "Adm-Ada-New-Passw0rd!"
    let outcome = try await administrator.resetPassword(username: "adm.ada", to: Secret(new))
    XCTAssertEqual(outcome, .done(dn: Self.dn("adm.ada"), logFailure: nil))
    let withNew = try await signsIn("adm.ada", with: new)
    XCTAssertTrue(withNew)
    let withWrong = try await signsIn("adm.ada", with: "Not-Her-Passw0rd!")
    XCTAssertFalse(withWrong)
    // (The old password is not tried: Samba takes it for an hour more,
    // its "old password allowed period".)
    let log = try String(contentsOfFile: logFile, encoding: .utf8)
    XCTAssertFalse(log.contains(new), log)
    XCTAssertTrue(log.contains("# password reset: dn: \(Self.dn("adm.ada"))\n"), log)
  }

  func testOverPlainLDAPTheNewPasswordIsRefusedBeforeSending() throws {
    // Kerberos signs in over plain ldap://; TLS is what unicodePwd needs.
    let dc = try XCTUnwrap(Self.dc)
    var environment = try dc.ticket()
    environment["XDG_DATA_HOME"] = folder.path
    let new = "Adm-Grace-Plain-Passw0rd!"
    let run = try RosterProcess.run(
      [
        "password", "--source", dc.kerberosURL(base: Self.base), "--sasl", "gssapi",
        "--password-stdin", "adm.grace",
      ], environment: environment, input: new + "\n")
    XCTAssertEqual(run.status, 1, run.errors)
    XCTAssertTrue(
      run.errors.contains(
        "Active Directory takes a new password only over an encrypted connection"), run.errors)
    XCTAssertFalse(run.errors.contains(new), run.errors)
    XCTAssertFalse(FileManager.default.fileExists(atPath: logFile), "nothing logged")
  }

  func testAUserIsRefusedSomeoneElsesPasswordInTheServersWords() async throws {
    let grace = try directory(
      bindDN: Self.dn("adm.grace"), password: Self.password(of: "adm.grace"))
    let outcome = try await grace.resetPassword(
      username: "adm.ada", to: Secret("Grace-Sets-Ada-Passw0rd!"))
    guard case .refused(let reason) = outcome else {
      return XCTFail("expected a refusal, got \(outcome)")
    }
    XCTAssertTrue(reason.hasPrefix("Insufficient access (50)"), reason)
  }

  func testADeleteKeepsTheEntryAndANewUserNeedsACNAndAnAccountName() async throws {
    let administrator = try directory()
    let form = try await administrator.newPersonForm()
    XCTAssertEqual(form.personClass, "user")
    XCTAssertEqual(Set(form.required.map { $0.lowercased() }), ["cn", "samaccountname"])
    XCTAssertEqual(form.namingAttribute, "cn")
    let missing = try await administrator.create(
      NewPerson(attributes: [.init(name: "cn", values: ["Adm Hedy"])]))
    XCTAssertEqual(missing, .missing(["sAMAccountName"]))
    let created = try await administrator.create(
      NewPerson(attributes: [
        .init(name: "cn", values: ["Adm Hedy"]), .init(name: "username", values: ["adm.hedy"]),
        .init(name: "title", values: ["Inventor"]),
      ]))
    XCTAssertEqual(created, .done(dn: "cn=Adm Hedy,\(Self.base)", logFailure: nil))
    let hedy = try await administrator.values(of: "adm.hedy", fields: [.title])
    XCTAssertEqual(hedy?[.title], ["Inventor"])

    let deleted = try await administrator.delete(username: "adm.hedy")
    XCTAssertEqual(deleted, .done(dn: "CN=Adm Hedy,\(Self.base)", logFailure: nil))
    let gone = try await administrator.values(of: "adm.hedy", fields: [.title])
    XCTAssertNil(gone)
    let records = try LDAPChangeLog(path: logFile).records()
    XCTAssertEqual(records.records.map(\.kind), [.add, .delete])
    XCTAssertTrue(
      records.records.last?.changes.contains { $0.attribute == "sAMAccountName" } == true)
  }
}
