import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// Kerberos sign-in for real: an MIT KDC with a realm of its own, a slapd
/// that accepts SASL GSSAPI for `ldap/localhost` with the keytab the KDC
/// made and maps principals to entries, tickets fetched with kinit, and the
/// built `roster` run as a process with that realm's krb5.conf and ticket
/// cache (the Kerberos libraries read both from the environment).
final class LDAPKerberosSignInTests: XCTestCase {
  nonisolated(unsafe) private static var realm: TestKerberosServer?
  private static let people =
    [
      LDIFPerson(uid: "ada", cn: "Ada Lovelace", sn: "Lovelace"),
      LDIFPerson(uid: "grace", cn: "Grace Hopper", sn: "Hopper"),
    ] + TestPeople.people(count: 30, seed: 11)

  override class func setUp() {
    super.setUp()
    do {
      realm = try TestKerberosServer(people: people, users: ["ada", "grace"])
    } catch {
      XCTFail("could not start the KDC and slapd: \(error)")
    }
  }

  override class func tearDown() {
    realm?.shutDown()
    realm = nil
    super.tearDown()
  }

  private var url: String { Self.realm!.url }
  private var port: Int { Self.realm!.server.server.port }

  /// `roster` with `arguments`, signing in with the ticket in `cache`.
  private func roster(_ arguments: [String], cache: URL) throws -> RosterProcess.Run {
    try RosterProcess.run(arguments, environment: Self.realm!.kdc.environment(cache: cache))
  }

  private func ticket(_ user: String) throws -> URL { try Self.realm!.ticket(user) }

  func testATicketSignsInAsItsPrincipalsEntry() throws {
    for user in ["ada", "grace"] {
      let run = try roster(["check", "--source", url, "--sasl", "gssapi"], cache: ticket(user))
      XCTAssertEqual(run.status, 0, run.errors)
      let lines = run.output.split(separator: "\n").map(String.init)
      XCTAssertEqual(lines.first, "Server: localhost:\(port)")
      // The root DSE's words: slapd's, and the mechanism Roster signed in with.
      XCTAssertTrue(lines.contains("Directory: OpenLDAP"), "\(lines)")
      XCTAssertTrue(
        lines.contains { $0.hasPrefix("Sign-in mechanisms: ") && $0.contains("GSSAPI") }, "\(lines)"
      )
      XCTAssertEqual(
        lines.suffix(3),
        [
          "Signed in as: dn:uid=\(user),ou=people,\(TestServer.suffix)",
          "Your entry: \(user)",
          "People: \(Self.people.count)",
        ])
    }
  }

  func testTheSignedInListIsThePeople() throws {
    let run = try roster(
      ["list", "--source", url, "--sasl", "gssapi", "--columns", "username", "--format", "tsv"],
      cache: ticket("ada"))
    XCTAssertEqual(run.status, 0, run.errors)
    let usernames = run.output.split(separator: "\n").dropFirst().map(String.init)
    XCTAssertEqual(usernames.sorted(), Self.people.map(\.uid).sorted())
  }

  /// "At once" is before any answer from the server: this one takes the
  /// connection and never says a word, so a sign-in that waited for it
  /// would end only at the operation timeout, with another sentence. The
  /// sentence alone is the verdict, on any machine.
  func testNoTicketSaysSoAtOnce() throws {
    let silent = try SilentListener()
    defer { silent.close() }
    let missing = Self.realm!.kdc.folder.appendingPathComponent("no-such-cache")
    let run = try roster(
      [
        "check", "--source", "ldap://localhost:\(silent.port)/ou=people,\(TestServer.suffix)??one",
        "--sasl", "gssapi",
      ], cache: missing)
    XCTAssertNotEqual(run.status, 0)
    XCTAssertEqual(run.output, "")
    XCTAssertEqual(
      run.errors, "roster check: No Kerberos ticket: run kinit or sign in to the domain\n")
  }

  func testAServiceOutsideTheRealmIsNamedInTheError() throws {
    // 127.0.0.1 is not the name the service principal has: the KDC knows
    // no ldap/127.0.0.1 (no reverse lookup turns the address into a name).
    let address = "ldap://127.0.0.1:\(port)/ou=people,\(TestServer.suffix)??one"
    let run = try roster(["check", "--source", address, "--sasl", "gssapi"], cache: ticket("ada"))
    XCTAssertNotEqual(run.status, 0)
    XCTAssertEqual(
      run.errors,
      "roster check: Kerberos sign-in to 127.0.0.1:\(port) failed: "
        + "Server ldap/127.0.0.1@\(Self.realm!.kdc.realm) not found in Kerberos database\n")
  }

  func testAServerInAnotherRealmIsRefusedClearly() throws {
    // This machine's krb5.conf says localhost is in OTHER.TEST, a realm
    // the ticket's KDC shares no trust with.
    let kdc = Self.realm!.kdc
    let configuration = kdc.folder.appendingPathComponent("other-realm.conf")
    try
      (TestKDC.clientConfiguration(realm: kdc.realm, kdcPort: kdc.port)
      .replacingOccurrences(of: "localhost = \(kdc.realm)", with: "localhost = OTHER.TEST"))
      .write(to: configuration, atomically: true, encoding: .utf8)
    var environment = kdc.environment(cache: try ticket("ada"))
    environment["KRB5_CONFIG"] = configuration.path
    let run = try RosterProcess.run(
      ["check", "--source", url, "--sasl", "gssapi"], environment: environment)
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(
      run.errors.hasPrefix(
        "roster check: Kerberos sign-in to localhost:\(port) failed: "),
      run.errors)
    XCTAssertTrue(run.errors.contains("OTHER.TEST"), run.errors)
  }

  func testSASLAndABindDNAreRefusedTogether() throws {
    let run = try RosterProcess.run([
      "check", "--source", url, "--sasl", "gssapi", "--bind-dn", "cn=admin,\(TestServer.suffix)",
    ])
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(run.errors.contains("--sasl signs in without a bind DN"), run.errors)
  }
}
