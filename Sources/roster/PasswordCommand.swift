import ArgumentParser
import Directory
import Glibc
import RosterArguments
import RosterKit

/// `roster password`: sets a person's new password on a directory server
/// (``AccountAdministration/resetPassword(username:to:)``), typed at the
/// terminal, read from standard input or generated; never taken as an
/// argument, never printed except a generated one, once.
struct PasswordCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "password",
    abstract: "Reset a person's password on a directory server.",
    discussion: """
      The new password is typed twice at the terminal (not shown), or read from the first \
      line of standard input with --password-stdin, or made up with --generate and printed \
      once on standard output. It is never an argument. Servers that list the Password \
      Modify operation (RFC 3062: OpenLDAP, 389 Directory Server) get it; Active Directory \
      gets unicodePwd, only over ldaps:// or --start-tls. The change log \
      ($XDG_DATA_HOME/roster/changes.ldif) says that the password was reset, by whom and \
      when, never the password. Exit status 1 when the server refuses (its reason is printed).
      """)

  @Option(name: .long, help: "The LDAP server (ldap://…, ldaps://…).")
  var source: String

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @Flag(name: .long, help: "Read the new password from the first line of standard input.")
  var passwordStdin = false

  @Flag(name: .long, help: "Make up a new password and print it once on standard output.")
  var generate = false

  @Argument(help: "The person's username.")
  var username: String

  func validate() throws {
    guard ServerOptions.isServerURL(source) else {
      throw ValidationError("--source takes a directory server's URL (ldap://…, ldaps://…)")
    }
    guard !(passwordStdin && generate) else {
      throw ValidationError("give --password-stdin or --generate, not both")
    }
  }

  func run() throws {
    let password: Secret
    if generate {
      password = Secret.generated()
    } else {
      guard passwordStdin || isatty(0) == 1 else {
        throw ValidationError(
          "standard input is not a terminal to type the password at: give --password-stdin "
            + "or --generate")
      }
      do {
        password =
          try passwordStdin
          ? NewPasswordInput.standardInput() : NewPasswordInput.typed(for: username)
      } catch {
        LocalDirectory.warn(error.message, command: "password")
        throw ExitCode.failure
      }
    }
    try ServerTask.run("password", source: source, options: server.options) {
      [username] directory throws(DirectoryError) in
      guard let administered = directory as? any AccountAdministration else {
        return "Roster cannot reset passwords on \(directory.location)"
      }
      if let hindrance = try await administered.passwordResetHindrance() { return hindrance }
      switch try await administered.resetPassword(username: username, to: password) {
      case .done(let dn, let logFailure):
        if let logFailure {
          LocalDirectory.warn(
            "the password of \(dn) was reset, but not written to the change log: \(logFailure)",
            command: "password")
        }
        return nil
      case .refused(let reason):
        return "the directory server refused the new password for \(username): \(reason)"
      case .noSuchPerson:
        return "no one in the directory has the username “\(username)”"
      case .changedMeanwhile, .missing:
        return "the directory server did not reset the password of \(username)"
      }
    }
    if generate { print(password.value) }
  }
}
