import ArgumentParser
import Directory
import FoundationEssentials
import RosterArguments
import RosterKit

/// `roster check`: connects to a directory server and signs in as the
/// window would, then prints what the server is and offers (an LDAP
/// server's root DSE), whom it says Roster is (an LDAP server's "Who am
/// I?", RFC 4532) and how many people the source holds:
/// the first thing to run when a sign-in is refused, with the same
/// sentences the window shows.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract:
      "Sign in to a directory server and print who you are there and how many people it holds."
  )

  @Option(
    name: .long,
    help:
      "An LDAP URL (ldap[s]://host:port/base??one?filter) or a SCIM 2.0 service (scim+https://…).")
  var source: String

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  func validate() throws {
    guard ServerOptions.isServerURL(source) else {
      throw ValidationError(
        "--source must name a directory server (ldap://, ldaps://, scim+https://)")
    }
  }

  func run() throws {
    try ServerTask.run("check", source: source, options: server.options) {
      directory throws(DirectoryError) in
      let first = try await directory.rows(0..<20)
      let described = directory as? any DescribedServer
      var lines = ["Server: \(described?.serverAddress ?? directory.location)"]
      if let described { lines += try await described.facts() }
      // Read forward, the count grows page by page: "500+" until the last.
      lines.append("People: \(first.count)\(first.isCountFinal ? "" : "+")")
      if let described, described.readsAnonymously, described.showsNamesOnly(first.entries) {
        // 389's access controls as installed: names, usernames and email.
        lines.append(
          "Shown to anonymous readers: no title, department, location, phone or manager; "
            + "signing in may show more")
      }
      // The identity and the server's name are the server's words.
      print(lines.map(TerminalText.escaped).joined(separator: "\n"))
      return nil
    }
  }
}
