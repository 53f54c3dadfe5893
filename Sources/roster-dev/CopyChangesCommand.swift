import ArgumentParser
import Foundation
import RosterArguments
import RosterBench

/// `roster-dev copy-changes`: how fast the server's changes reach the rows
/// of the window on its offline copy (``CopyChangeLatency``).
struct CopyChangesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "copy-changes",
    abstract:
      "Time the server's changes reaching the window on an LDAP server's offline copy (release build).",
    discussion: """
      Opens the window on the copy (filled first if there is none), changes --changes titles with \
      ldapmodify one at a time and times each from ldapmodify's start to the row showing it, then \
      times a column sort of the copy. The server names people by employee number (the demo \
      directory) unless --dn-template says otherwise: roster-dev demo-ldap --run … is not \
      needed; pass the URL it printed. For Active Directory: --ldap-schema ad, --bind-dn, \
      --ca-file, the password in ROSTER_BIND_PASSWORD, and \
      --dn-template 'CN={username},{base}'.
      """)

  @Option(help: "The server's people (one ldap:// URL with base DN, scope and filter).")
  var source: String
  @Option(help: "Changes, one at a time.") var changes = 50
  @Option(help: "Whom ldapmodify binds as.") var adminDn = "cn=admin,dc=example,dc=com"
  @Option(help: "A file holding that DN's password (read by ldapmodify).")
  var adminPasswordFile: String
  @Option(help: "A person's DN from {employeeNumber}, {username} and {base} (the URL's base DN).")
  var dnTemplate = "employeeNumber={employeeNumber},{base}"
  @OptionGroup(title: "Directory servers") var server: ServerArguments

  func run() throws {
    setenv("GSK_RENDERER", "cairo", 0)
    try HeadlessDisplay.reexecUnderXvfbIfNeeded()
    let (source, changes, adminDN, file) = (source, changes, adminDn, adminPasswordFile)
    let (template, server) = (dnTemplate, server.options)
    let line = MainActor.assumeIsolated {
      CopyChangeLatency(
        url: source, changes: changes, adminDN: adminDN, passwordFile: file, server: server,
        dnTemplate: template
      ).run()
    }
    guard let line else { throw ExitCode(1) }
    print(line)
  }
}
