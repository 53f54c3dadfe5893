import ArgumentParser
import FoundationEssentials
import RosterArguments
import RosterKit

/// `roster`: browse a user directory. (Demo directories, benchmarks and the
/// soak are `roster-dev`'s.)
struct RosterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "roster",
    abstract: "Browse a directory of people: avatar, username and role.",
    discussion: """
      Without --source, Roster opens the directory embedded in the package (data/users.json). \
      A source is a path to a users.json file or an http(s) URL of one, or a path to a CSV \
      (.csv, .tsv) or vCard (.vcf, .vcard) file such as a spreadsheet or a contacts app \
      exports. Avatars in it are http(s) URLs or paths relative to the file.

      Keys: Ctrl+R or F5 refreshes; Ctrl+G switches list and grid; Ctrl+1, Ctrl+2 and \
      Ctrl+3 show the list, the grid and the table; Ctrl+F or typing searches; \
      Enter shows the selected person; F12 shows the frame-time HUD; Ctrl+? lists every shortcut.

      Roster remembers the window size and the list, grid or table choice in GSettings \
      (gsettings list-recursively org.roster.Roster).
      """,
    version: "roster \(RosterVersion.current)",
    subcommands: [
      ShowCommand.self, ListCommand.self, PersonCommand.self, WhoCommand.self, ExportCommand.self,
      CheckCommand.self, CheckDataCommand.self, OrgChartCommand.self, ChangesCommand.self,
      SetCommand.self, EditsCommand.self, DisableCommand.self, EnableCommand.self,
      GroupCommand.self, PhotoCommand.self, PasswordCommand.self, DeleteCommand.self,
      CreateCommand.self,
    ],
    defaultSubcommand: ShowCommand.self
  )
}

/// The default subcommand: open the window.
struct ShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Open the Roster window (the default).")

  @Option(
    name: .long,
    help: """
      A users.json path or http(s) URL, a CSV or vCard file, an LDAP URL \
      (ldap[s]://host:port/base??one?filter) or a SCIM 2.0 service \
      (scim+https://host/scim/v2, token from $ROSTER_TOKEN or --token-file); \
      default: the embedded directory. \
      Give an LDAP source again (or a space-separated list) for more servers of the same \
      directory: Roster continues on the next when one goes away.
      """)
  var source: [String] = []

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @Option(name: .long, help: "Save a PNG of the window once the list is on screen.")
  var screenshot: String?

  @Flag(name: .long, help: "Quit once the directory is on screen, after printing a summary.")
  var quitAfterLoad = false

  @Option(name: .long, help: "Memory budget for prepared avatars, in MiB.")
  var imageCacheMb = RosterOptions().imageCacheMiB

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Add a random delay to every avatar load: MS or MIN-MAX milliseconds.",
      valueName: "MS|MIN-MAX"))
  var simulateLatency: String?

  @Flag(name: .long, help: "Print the avatar pipeline's statistics on exit.")
  var stats = false

  @Flag(name: .long, help: "Show the frame-time HUD from the start (F12 toggles it).")
  var hud = false

  @Option(name: .long, help: "Start with this search (by name, email or role).")
  var search: String?

  @Option(name: .long, help: "Refresh the directory every SECONDS (applied as differences).")
  var refreshInterval: Double?

  @Flag(
    name: .long, inversion: .prefixedNo,
    help: "Open as a grid of large avatars (--no-grid: as a list). Default: as last time.")
  var grid: Bool?

  @Flag(name: .long, help: "Open as a table whose columns sort when their title is clicked.")
  var table = false

  @Flag(name: .long, help: "Open as the org tree: the organisation from the top down.")
  var tree = false

  @Flag(
    name: .long, inversion: .prefixedNo,
    help: """
      Keep an offline copy of an LDAP server that offers Content Sync: later starts open it \
      at once and show the server's changes as they happen (--no-offline-copy: read the \
      server a window at a time only).
      """)
  var offlineCopy = true

  /// How the session bus starts Roster for the shell's search and for
  /// activation (the D-Bus service file's Exec): no window until asked.
  @Flag(name: .customLong("gapplication-service"), help: .hidden)
  var gapplicationService = false

  func validate() throws {
    if let simulateLatency, RosterOptions.parseLatency(simulateLatency) == nil {
      throw ValidationError("--simulate-latency takes MS or MIN-MAX in milliseconds, e.g. 0-1000")
    }
    if let refreshInterval, !(refreshInterval >= 1) {
      throw ValidationError("--refresh-interval takes at least 1 second")
    }
    if imageCacheMb < 1 { throw ValidationError("--image-cache-mb must be at least 1") }
    _ = try ServerArguments.source(source)
  }

  func run() throws {
    var options = RosterOptions()
    options.imageCacheMiB = imageCacheMb
    options.simulatedLatency = simulateLatency.flatMap(RosterOptions.parseLatency)
    options.printStatistics = stats
    options.showHud = hud
    options.grid = grid
    options.table = table
    options.tree = tree
    options.refreshInterval = refreshInterval
    options.search = search
    options.source = try ServerArguments.source(source)
    options.server = server.options
    options.screenshot = screenshot
    options.quitAfterLoad = quitAfterLoad
    options.isService = gapplicationService
    options.offlineCopies = offlineCopy
    let status = MainActor.assumeIsolated { RosterApplication(options: options).run() }
    if status != 0 { throw ExitCode(status) }
  }
}
