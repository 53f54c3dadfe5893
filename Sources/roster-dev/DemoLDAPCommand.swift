import ArgumentParser
import Foundation
import LDAPDemo

/// `roster-dev demo-ldap`: a generated directory served by a slapd of its
/// own on 127.0.0.1, and Roster (the `roster` beside this tool) opened on it.
struct DemoLDAPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo-ldap",
    abstract: "Serve a generated directory from a local slapd and open Roster on it.",
    discussion: """
      Generates --users people (roster-dev generate --format ldif), loads them with slapadd into \
      $XDG_CACHE_HOME/roster/ldap-demo-<users>-<avatars> (reused on the next run), starts slapd \
      on 127.0.0.1 with server-side sort and virtual list view, prints its URL and opens Roster \
      on it. slapd stops when Roster exits or on Ctrl+C. Without a display Roster runs under \
      Xvfb, saves a screenshot in that folder and quits once the list is shown. Options after \
      -- go to Roster: roster-dev demo-ldap --users 1000 -- --grid
      """)

  @Option(help: "People in the directory.") var users = 1_000_000
  @Option(help: "Distinct photos they share.") var avatars = 1_000
  @Option(help: "The seed of the generator.") var seed: UInt64 = 2026
  @Option(help: "The port slapd listens on (default: a free one).") var port: Int?
  @Option(
    name: .customLong("run"),
    help: ArgumentHelp(
      "Run this roster-dev subcommand on the server instead of opening the window (bench, soak).",
      valueName: "SUBCOMMAND"))
  var subcommand: String?
  @Argument(parsing: .postTerminator, help: "Options for the Roster window (after --).")
  var rosterArguments: [String] = []

  func validate() throws {
    guard users > 0, avatars >= 0 else {
      throw ValidationError("--users must be positive and --avatars not negative")
    }
    if let port, !(1...65_535).contains(port) {
      throw ValidationError("--port takes 1 to 65535")
    }
    if let subcommand, !["bench", "soak"].contains(subcommand) {
      throw ValidationError("--run takes bench or soak")
    }
  }

  func run() throws {
    let demo = LDAPDemoFolder(users: users, avatars: avatars, seed: seed)
    let session = DemoLDAPSession(server: try demo.prepare(port: port ?? 0))
    let status = try session.run { url in
      print("serving \(url)")
      return rosterCommand(source: url, folder: demo.folder)
    }
    if status != 0 { throw ExitCode(status) }
  }

  /// Roster on `source` with the pass-through options; under Xvfb with a
  /// screenshot and --quit-after-load when there is no display, as `make run`.
  /// A --run subcommand starts Xvfb itself when it needs one.
  private func rosterCommand(source: String, folder: URL) -> [String] {
    if let subcommand {
      return [HeadlessDisplay.executable, subcommand, "--source", source] + rosterArguments
    }
    let roster = [HeadlessDisplay.roster, "--source", source] + rosterArguments
    guard !HeadlessDisplay.hasDisplay, let xvfbRun = try? HeadlessDisplay.xvfbRunPath() else {
      return roster
    }
    var headless = roster
    if !rosterArguments.contains("--screenshot") {
      headless += ["--screenshot", folder.appendingPathComponent("screenshot.png").path]
    }
    if !rosterArguments.contains("--quit-after-load") { headless.append("--quit-after-load") }
    return [xvfbRun] + HeadlessDisplay.xvfbArguments + headless
  }
}
