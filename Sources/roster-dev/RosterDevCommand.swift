import ArgumentParser
import RosterKit

/// `roster-dev`: the developer's tools around Roster, kept out of the
/// shipped `roster`: demo directories, benchmarks, the soak and a demo LDAP
/// server.
struct RosterDevCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "roster-dev",
    abstract:
      "Roster's developer tools: generate, bench, soak, demo-ldap, sort-speed and http-speed.",
    discussion: """
      The window itself is `roster`; demo-ldap opens it from the same folder as this tool.
      """,
    version: "roster-dev \(RosterVersion.current)",
    subcommands: [
      GenerateCommand.self, BenchCommand.self, SoakCommand.self, DemoLDAPCommand.self,
      SortSpeedCommand.self, ExportSpeedCommand.self, SyncSpeedCommand.self,
      CopyChangesCommand.self, HTTPSpeedCommand.self, SearchSpeedCommand.self,
    ]
  )
}
