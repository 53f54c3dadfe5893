import Directory
import DirectoryLDAP
import Foundation
import TestSupport
import XCTest

/// Whom Roster is signed in as on Active Directory (the tests' Samba DC),
/// which does not answer Who am I? (RFC 4532): the bind DN, said to be one,
/// never "anonymous"; after a Kerberos sign-in, the ticket's principal, and
/// the person whose account it is.
final class ActiveDirectorySignInTests: XCTestCase {
  func testTheServerDoesNotAnswerWhoAmIAndTheBindDNIsNamed() async throws {
    let dc = try TestSambaDC.shared()
    let directory = try LDAPDirectory(
      url: ActiveDirectorySortTests.url(dc), options: ActiveDirectorySortTests.options(dc))
    let answer = try await directory.signedInAs()
    XCTAssertNil(answer)
    let description = try await directory.signedInDescription()
    XCTAssertEqual(
      description,
      "\(TestSambaDC.administratorDN) (the bind DN; the server does not answer Who am I?)")
  }

  func testRosterCheckNamesTheBindDNAndCountsThePeople() throws {
    let dc = try TestSambaDC.shared()
    let run = try RosterProcess.run(
      [
        "check", "--source", ActiveDirectorySortTests.url(dc), "--bind-dn",
        TestSambaDC.administratorDN, "--ldap-schema", "ad", "--ca-file",
        dc.certificateAuthority.path,
      ], environment: ["ROSTER_BIND_PASSWORD": TestSambaDC.password])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(
      run.output.contains(
        "Signed in as: \(TestSambaDC.administratorDN) (the bind DN; the server does not answer Who am I?)\n"
      ), run.output)
    XCTAssertTrue(run.output.contains("People: \(dc.people.people.count)\n"), run.output)
  }

  func testAKerberosTicketSignsInAndListsThePeople() throws {
    // The DC's own KDC, a ticket for the administrator, SASL GSSAPI to
    // ldap/localhost (the DC's service principal name), no password given.
    let dc = try TestSambaDC.shared()
    let environment = try dc.ticket()
    let check = try RosterProcess.run(
      ["check", "--source", dc.kerberosURL(), "--sasl", "gssapi"], environment: environment)
    XCTAssertEqual(check.status, 0, check.errors)
    XCTAssertTrue(check.output.contains("Directory: Active Directory (Samba 4."), check.output)
    XCTAssertTrue(check.output.contains("People: \(dc.people.people.count)\n"), check.output)
    XCTAssertTrue(
      check.output.contains(
        "Signed in as: Administrator@\(TestSambaDC.realm) (Kerberos; the server does not answer Who am I?)\n"
      ), check.output)
    // The administrator is no person under the people's OU.
    XCTAssertFalse(check.output.contains("Your entry:"), check.output)
    let list = try RosterProcess.run(
      ["list", "--source", dc.kerberosURL(), "--sasl", "gssapi", "--columns", "username"],
      environment: environment)
    XCTAssertEqual(list.status, 0, list.errors)
    XCTAssertEqual(
      list.output.split(separator: "\n").dropFirst().map(String.init).sorted(),
      dc.people.people.map(\.username).sorted())

    // Without a ticket: said at once, no people.
    var empty = environment
    empty["KRB5CCNAME"] = "FILE:/nonexistent/roster-no-ticket"
    let refused = try RosterProcess.run(
      ["check", "--source", dc.kerberosURL(), "--sasl", "gssapi"], environment: empty)
    XCTAssertNotEqual(refused.status, 0)
    XCTAssertTrue(refused.errors.contains("No Kerberos ticket"), refused.errors)
  }

  func testWithoutASchemaTheRootDSESaysActiveDirectory() throws {
    // The people's OU with no filter and no --ldap-schema: the root DSE
    // names Active Directory, so its names and its people filter are used
    // (the OU itself and the groups in it are no people).
    let dc = try TestSambaDC.shared()
    let common = [
      "--source", dc.ldapsURL(), "--bind-dn", TestSambaDC.administratorDN, "--ca-file",
      dc.certificateAuthority.path,
    ]
    let environment = ["ROSTER_BIND_PASSWORD": TestSambaDC.password]
    let list = try RosterProcess.run(
      ["list"] + common + ["--columns", "username", "--sort", "username"],
      environment: environment)
    XCTAssertEqual(list.status, 0, list.errors)
    XCTAssertEqual(
      list.output.split(separator: "\n").dropFirst().map(String.init),
      dc.people.people.map(\.username).sorted())
    let check = try RosterProcess.run(["check"] + common, environment: environment)
    XCTAssertEqual(check.status, 0, check.errors)
    XCTAssertTrue(
      check.output.contains("Directory: Active Directory (Samba 4."), check.output)
    XCTAssertTrue(check.output.contains("DirSync"), check.output)
    XCTAssertTrue(check.output.contains("People: \(dc.people.people.count)\n"), check.output)
  }

  func testWithoutABaseTheWholeDomainIsRead() throws {
    // ldaps://host alone: the root DSE's defaultNamingContext, whose
    // subtree search also brings continuation references (skipped).
    let dc = try TestSambaDC.shared()
    let common = [
      "--source", "ldaps://127.0.0.1", "--bind-dn", TestSambaDC.administratorDN, "--ca-file",
      dc.certificateAuthority.path,
    ]
    let environment = ["ROSTER_BIND_PASSWORD": TestSambaDC.password]
    let everyone = try RosterProcess.run(
      ["list"] + common + ["--columns", "username", "--limit", "1000"], environment: environment)
    XCTAssertEqual(everyone.status, 0, everyone.errors)
    let usernames = Set(everyone.output.split(separator: "\n").dropFirst().map(String.init))
    XCTAssertTrue(usernames.isSuperset(of: dc.people.people.map(\.username)))
    XCTAssertTrue(usernames.contains("Administrator"), "\(usernames.count) people")
    let sales = try RosterProcess.run(
      ["list"] + common + ["--group", "Dept Sales", "--columns", "username"],
      environment: environment)
    XCTAssertEqual(sales.status, 0, sales.errors)
    XCTAssertEqual(
      sales.output.split(separator: "\n").dropFirst().map(String.init),
      dc.people.people.filter { $0.department == "Sales" }.map(\.username).sorted())
  }

  func testEveryLevelOfAGroupIsOneQueryInOneOrder() throws {
    // "All Staff" holds the Finance and Platform groups: their people come
    // sorted together (the in-chain matching rule), not group by group.
    let dc = try TestSambaDC.shared()
    let run = try RosterProcess.run(
      [
        "list", "--source", dc.ldapsURL(), "--bind-dn", TestSambaDC.administratorDN,
        "--ca-file", dc.certificateAuthority.path, "--group", CompanyPeople.nestingGroup,
        "--all-levels", "--columns", "username",
      ], environment: ["ROSTER_BIND_PASSWORD": TestSambaDC.password])
    XCTAssertEqual(run.status, 0, run.errors)
    let inner = Set(CompanyPeople.departments.prefix(2))
    XCTAssertEqual(
      run.output.split(separator: "\n").dropFirst().map(String.init),
      dc.people.people.filter { inner.contains($0.department) }.map(\.username).sorted())
  }

  func testAKerberosSignInIsMappedToThePersonWhoseTicketItIs() throws {
    // A person of the class's own OU signs in with their own ticket: AD
    // issues it for their sAMAccountName, and gives them no userPrincipalName.
    let dc = try TestSambaDC.shared()
    let base = "OU=KerberosSelf,\(TestSambaDC.baseDN)"
    let password = "kerb.ada-Passw0rd!"
    let encoded = Data(
      ("\"" + password + "\"").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    try dc.modify(
      """
      dn: \(base)
      changetype: add
      objectClass: organizationalUnit
      ou: KerberosSelf

      dn: CN=Kerberos Ada,\(base)
      changetype: add
      objectClass: user
      sAMAccountName: kerb.ada
      displayName: Kerberos Ada
      unicodePwd:: \(encoded.base64EncodedString())
      userAccountControl: 512

      dn: CN=Kerberos Grace,\(base)
      changetype: add
      objectClass: user
      sAMAccountName: kerb.grace
      displayName: Kerberos Grace
      userAccountControl: 514

      """)
    defer {
      try? dc.modify(
        """
        dn: CN=Kerberos Ada,\(base)
        changetype: delete

        dn: CN=Kerberos Grace,\(base)
        changetype: delete

        dn: \(base)
        changetype: delete

        """)
    }
    let check = try RosterProcess.run(
      ["check", "--source", dc.kerberosURL(base: base), "--sasl", "gssapi"],
      environment: try dc.ticket("kerb.ada", password: password))
    XCTAssertEqual(check.status, 0, check.errors)
    XCTAssertTrue(
      check.output.contains(
        "Signed in as: kerb.ada@\(TestSambaDC.realm) (Kerberos; the server does not answer Who am I?)\n"
      ), check.output)
    XCTAssertTrue(check.output.contains("Your entry: kerb.ada\n"), check.output)
  }
}
