import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// `roster password`, `roster delete` and `roster create` as processes
/// against slapd: the new password from standard input or generated (and
/// printed once), never on the command line, in the change log or in an
/// error; a refusal in the server's words; a delete only with --yes when
/// there is no terminal to ask on; a new person missing a required
/// attribute refused before anything is sent. On a terminal the password
/// is typed twice and never shown, and a delete is asked first.
final class RosterAdministrationServerTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  private var data: TemporaryDirectory!

  override class func setUp() {
    super.setUp()
    server = EditServer.started()
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  override func setUp() {
    super.setUp()
    data = TemporaryDirectory()
  }

  override func tearDown() {
    data = nil
    super.tearDown()
  }

  /// Runs `roster` with `arguments` after the command's name, bound as
  /// `uid` (its password in the environment), the change log under the
  /// test's own data folder, `input` its standard input.
  private func roster(_ arguments: [String], as uid: String, input: String? = nil) throws
    -> (run: RosterProcess.Run, argv: [String])
  {
    let server = try XCTUnwrap(Self.server)
    let argv =
      [arguments[0], "--source", server.peopleURL, "--bind-dn", EditServer.dn(uid)]
      + arguments.dropFirst()
    let run = try RosterProcess.run(
      argv,
      environment: [
        "XDG_DATA_HOME": data.path, "ROSTER_BIND_PASSWORD": EditServer.password(of: uid),
      ], input: input ?? "")
    return (run, argv)
  }

  private var log: String {
    (try? String(
      contentsOfFile: data.url.appendingPathComponent("roster/changes.ldif").path, encoding: .utf8))
      ?? ""
  }

  /// Whether `uid` signs in with `password` (ldapwhoami, no Roster code).
  private func signsIn(_ uid: String, with password: String) throws -> Bool {
    let server = try XCTUnwrap(Self.server)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldapwhoami")
    let secret = data.url.appendingPathComponent("whoami.password")
    try Data(password.utf8).write(to: secret)
    process.arguments = [
      "-x", "-H", server.server.url, "-D", EditServer.dn(uid), "-y", secret.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  func testTheNewPasswordComesFromStandardInputAndNowhereElse() throws {
    let new = "From-Stdin-Password-31"
    let (run, argv) = try roster(
      ["password", "--password-stdin", "ken"], as: EditServer.editor, input: new + "\n")
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(try signsIn("ken", with: new))
    XCTAssertFalse(try signsIn("ken", with: EditServer.password(of: "ken")))
    XCTAssertFalse(argv.contains { $0.contains(new) }, "not in argv")
    XCTAssertFalse(run.output.contains(new), run.output)
    XCTAssertFalse(run.errors.contains(new), run.errors)
    XCTAssertFalse(log.contains(new), log)
    XCTAssertTrue(log.contains("# password reset: dn: \(EditServer.dn("ken"))\n"), log)
    let edits = try RosterProcess.run(["edits"], environment: ["XDG_DATA_HOME": data.path])
    XCTAssertTrue(
      edits.output.contains("\t\(EditServer.dn("ken"))\t(password)\t\t(reset)"), edits.output)
    XCTAssertFalse(edits.output.contains(new))
  }

  func testTheCommandTakesNoPasswordArgument() throws {
    let help = try RosterProcess.run(["password", "--help"])
    XCTAssertEqual(help.status, 0, help.errors)
    XCTAssertTrue(help.output.contains("--password-stdin"), help.output)
    // One argument, the username; the flags take no value.
    XCTAssertTrue(
      help.output.contains("USAGE: roster password [<options>] --source <source> <username>\n"),
      help.output)
    XCTAssertFalse(help.output.contains("<password>"), help.output)
    XCTAssertFalse(help.output.contains("<new-password>"), help.output)
    let (extra, _) = try roster(
      ["password", "ken", "--password-stdin", "ken"], as: EditServer.editor, input: "x-Y-1234\n")
    XCTAssertEqual(extra.status, 64, "a second argument is refused: \(extra.errors)")
    let (noTerminal, _) = try roster(["password", "ken"], as: EditServer.editor)
    XCTAssertEqual(noTerminal.status, 64, noTerminal.errors)
    XCTAssertTrue(noTerminal.errors.contains("--password-stdin"), noTerminal.errors)
    XCTAssertEqual(log, "")
  }

  func testAGeneratedPasswordIsPrintedOnceAndSignsIn() throws {
    let (run, _) = try roster(["password", "--generate", "alan"], as: EditServer.editor)
    XCTAssertEqual(run.status, 0, run.errors)
    let lines = run.output.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, run.output)
    let password = String(lines[0])
    XCTAssertEqual(password.count, 20)
    XCTAssertTrue(try signsIn("alan", with: password))
    XCTAssertFalse(log.contains(password), log)
  }

  func testARefusedResetPrintsTheServersWordsAndNotThePassword() throws {
    let new = "Refused-Password-99"
    let (run, _) = try roster(
      ["password", "--password-stdin", "grace"], as: "ada", input: new + "\n")
    XCTAssertEqual(run.status, 1, run.errors)
    XCTAssertTrue(
      run.errors.hasPrefix(
        "roster password: the directory server refused the new password for grace: "
          + "Insufficient access (50)"), run.errors)
    XCTAssertFalse(run.errors.contains(new), run.errors)
    XCTAssertTrue(try signsIn("grace", with: EditServer.password(of: "grace")))
    XCTAssertEqual(log, "")
  }

  func testADeleteNeedsYesWithoutATerminalAndThenDeletes() throws {
    let server = try XCTUnwrap(Self.server)
    let (asked, _) = try roster(["delete", "barbara"], as: EditServer.editor)
    XCTAssertEqual(asked.status, 64, asked.errors)
    XCTAssertTrue(asked.errors.contains("--yes"), asked.errors)
    XCTAssertTrue(try server.ldapsearch(["(uid=barbara)", "cn"]).contains("cn: Barbara Liskov"))
    let (run, _) = try roster(["delete", "--yes", "barbara", "edsger"], as: EditServer.editor)
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(try server.ldapsearch(["(|(uid=barbara)(uid=edsger))", "cn"]), "")
    XCTAssertTrue(log.contains("# entry: cn: Barbara Liskov\n"), log)
    XCTAssertTrue(log.contains("# entry: cn: Edsger Dijkstra\n"), log)
    // roster edits lists what each had, nothing after.
    let edits = try RosterProcess.run(["edits"], environment: ["XDG_DATA_HOME": data.path])
    XCTAssertTrue(
      edits.output.contains("\t\(EditServer.dn("barbara"))\tcn\tBarbara Liskov\t\n"), edits.output)
    let ldif = try RosterProcess.run(
      ["edits", "--ldif"], environment: ["XDG_DATA_HOME": data.path])
    XCTAssertEqual(ldif.output, log)
  }

  func testARefusedDeleteSaysSoAndKeepsThePerson() throws {
    let server = try XCTUnwrap(Self.server)
    let (run, _) = try roster(["delete", "--yes", "frances"], as: "ada")
    XCTAssertEqual(run.status, 1, run.errors)
    XCTAssertTrue(
      run.errors.hasPrefix("roster delete: the directory server refused to delete frances: "),
      run.errors)
    XCTAssertTrue(try server.ldapsearch(["(uid=frances)", "cn"]).contains("cn: Frances Allen"))
  }

  func testCreateAddsAPersonAndPrintsTheDN() throws {
    let server = try XCTUnwrap(Self.server)
    let (run, _) = try roster(
      [
        "create", "username=katherine", "cn=Katherine Johnson", "sn=Johnson",
        "email=kj@example.org",
      ],
      as: EditServer.editor)
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(run.output, EditServer.dn("katherine") + "\n")
    let added = try server.ldapsearch(["(uid=katherine)", "mail"])
    XCTAssertTrue(added.contains("mail: kj@example.org"), added)
    XCTAssertTrue(log.contains("changetype: add\n"), log)
  }

  func testCreateWithoutARequiredAttributeNamesIt() throws {
    let server = try XCTUnwrap(Self.server)
    let (run, _) = try roster(["create", "uid=nameless", "sn=Less"], as: EditServer.editor)
    XCTAssertEqual(run.status, 1, run.errors)
    XCTAssertTrue(
      run.errors.hasPrefix("roster create: a new inetOrgPerson needs cn (required: "), run.errors)
    XCTAssertTrue(run.errors.contains("nothing was sent"), run.errors)
    XCTAssertEqual(try server.ldapsearch(["(uid=nameless)", "cn"]), "")
  }

  /// `roster` with `arguments` on a terminal, bound as `uid`.
  private func terminal(_ arguments: [String], as uid: String) throws -> TerminalProcess {
    let server = try XCTUnwrap(Self.server)
    return try TerminalProcess(
      [arguments[0], "--source", server.peopleURL, "--bind-dn", EditServer.dn(uid)]
        + arguments.dropFirst(),
      environment: [
        "XDG_DATA_HOME": data.path, "ROSTER_BIND_PASSWORD": EditServer.password(of: uid),
      ])
  }

  func testAtATerminalThePasswordIsTypedTwiceAndNeverShown() throws {
    let new = "Typed-Twice-Password-5"
    let run = try terminal(["password", "margaret"], as: EditServer.editor)
    XCTAssertTrue(run.expect("New password for margaret: "), run.transcript)
    run.type(new)
    XCTAssertTrue(run.expect("Again: "), run.transcript)
    run.type(new)
    XCTAssertEqual(run.finish(), 0, run.transcript)
    XCTAssertFalse(run.transcript.contains(new), "not echoed: \(run.transcript)")
    XCTAssertTrue(try signsIn("margaret", with: new))
  }

  func testAtATerminalTwoDifferentPasswordsSendNothing() throws {
    let run = try terminal(["password", "margaret"], as: EditServer.editor)
    XCTAssertTrue(run.expect("New password for margaret: "), run.transcript)
    run.type("First-Password-1")
    XCTAssertTrue(run.expect("Again: "), run.transcript)
    run.type("Second-Password-2")
    XCTAssertEqual(run.finish(), 1, run.transcript)
    XCTAssertTrue(run.transcript.contains("the two passwords differ"), run.transcript)
    XCTAssertFalse(run.transcript.contains("Password-"), run.transcript)
    XCTAssertEqual(log, "")
  }

  func testAtATerminalADeleteIsAskedFirst() throws {
    let server = try XCTUnwrap(Self.server)
    let no = try terminal(["delete", "dennis", "grace"], as: EditServer.editor)
    XCTAssertTrue(no.expect("Delete 2 people? [y/N] "), no.transcript)
    no.type("")
    XCTAssertEqual(no.finish(), 1, no.transcript)
    XCTAssertTrue(no.transcript.contains("nothing was deleted"), no.transcript)
    XCTAssertTrue(try server.ldapsearch(["(uid=dennis)", "cn"]).contains("cn: Dennis Ritchie"))
    let yes = try terminal(["delete", "dennis"], as: EditServer.editor)
    XCTAssertTrue(yes.expect("Delete 1 person? [y/N] "), yes.transcript)
    yes.type("y")
    XCTAssertEqual(yes.finish(), 0, yes.transcript)
    XCTAssertEqual(try server.ldapsearch(["(uid=dennis)", "cn"]), "")
  }
}
