import Directory
import DirectoryLDAP
import Foundation
import TestSupport
import XCTest

/// Whom Roster is signed in as on Active Directory (the tests' Samba DC),
/// which does not answer Who am I? (RFC 4532): the bind DN, said to be one,
/// never "anonymous".
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
}
