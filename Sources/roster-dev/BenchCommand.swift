import ArgumentParser
import Directory
import Foundation
import RosterArguments
import RosterBench
import RosterKit

/// `roster-dev bench`: scrolls the real window at constant speeds and prints one
/// JSON line of frame statistics per speed, comparable with run-floor.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract:
      "Measure scrolling: one JSON line per speed, with run-floor's fields and Roster's own.",
    discussion: """
      Generates (once, under .build/bench-data) a directory of --users users and --avatars \
      avatars, opens the real 480x800 window (run it under xvfb-run when headless; \
      GSK_RENDERER=cairo unless set) and scrolls it by a tick callback at each speed.
      """)

  @Option(help: "Users in the generated directory.") var users = 1_000_000
  @Option(help: "Distinct avatar images in the generated directory.") var avatars = 4_000
  @Option(parsing: .upToNextOption, help: "Scroll speeds in px/s (one run each).") var speed:
    [Double] = [6_000]
  @Option(help: "Seconds of scrolling per run.") var seconds = 8.0
  @Option(help: "cold: caches start empty; warm: one unmeasured pass first.")
  var cache = BenchmarkOptions.Cache.cold
  @Option(help: "list: one person a row; grid: cells; table: six columns, 900 px wide.")
  var view = BenchmarkOptions.View.list
  @Option(
    help: """
      Sort the people by these fields (FIELD[:desc],...) a third of the way into each run, \
      and report the frames painted while the sort ran.
      """)
  var sortDuringScroll: String?
  @Option(
    help: """
      Export everyone shown in this format (csv, vcard, ldif, json) a third of the way into \
      each run, as Export… does, and report the frames painted while it ran.
      """)
  var exportDuringScroll: String?
  @Option(
    help: """
      Select everyone (Ctrl+A) a third of the way into each run, then copy this many people \
      (Ctrl+C) and paste them with xclip, and report the frames painted meanwhile.
      """)
  var copyDuringScroll: Int?
  @Option(
    help: """
      With an ldap:// source: instead of scrolling, time the first window of everyone sorted \
      by these fields on the server (a table header's click), beside ldapsearch's (5 runs).
      """)
  var columnSort: String?
  @Option(help: "prepared: the app's pipeline; naive: decode in bind on the main thread.")
  var pipeline = BenchmarkOptions.Pipeline.prepared
  @Option(
    help:
      "Use this users.json, or this LDAP URL of a directory server (again for more servers), instead of a generated directory."
  )
  var source: [String] = []
  @OptionGroup(title: "Directory servers") var server: ServerArguments
  @Option(help: "Add a random delay to every avatar load: MS or MIN-MAX.") var simulateLatency:
    String?
  @Option(
    help:
      "Instead of scrolling: refresh N users with 1% changed and report the main-thread apply time."
  )
  var refreshUsers: Int?
  @Flag(
    help:
      "Instead of scrolling: type searches into the generated directory and report frame intervals."
  )
  var search = false
  @Option(
    help: """
      Scroll the people of the group with this name (or id) instead of everyone. With an \
      ldap:// source: instead of scrolling, time choosing it in the sidebar to its first rows \
      painted, beside ldapsearch's same sorted window (5 runs).
      """)
  var group: String?
  @Option(
    help: """
      With an ldap:// source: instead of scrolling, time showing the reports of the person \
      with this username to their first rows painted, beside ldapsearch's same sorted window \
      (5 runs; after --group's when both are given).
      """)
  var reportsTo: String?
  @Flag(
    help:
      "Instead of scrolling: choose the 20 largest groups, then open 50 org-tree managers, in a row; report first rows and peak memory."
  )
  var browseGroups = false
  @Option(help: "Decode worker threads (default: the pipeline's, 1 on this class of machine).")
  var decoders: Int?
  @Option(
    help:
      "The longest a decode waits for the gap between two frames, in ms (default: the pipeline's, 33; 0 decodes whenever work waits)."
  )
  var decodeHold: Int?
  @Flag(
    inversion: .prefixedNo,
    help:
      "Shape the text of rows about to scroll in between frames (the app's way); off measures without."
  )
  var shapeAhead = true
  @Flag(help: "Show the frame-time HUD while scrolling and report its cost per frame (hud_us).")
  var hud = false
  @Flag(help: "Print only the JSON lines.") var json = false
  @Option(
    name: .customLong("frames-csv"),
    help:
      "Write every measured frame (work, CPU and run-queue ms, binds, text lines shaped inside it) to this CSV; with several speeds, one file each, the speed before the extension."
  )
  var framesCSV: String?

  func validate() throws {
    if let simulateLatency, RosterOptions.parseLatency(simulateLatency) == nil {
      throw ValidationError("--simulate-latency takes MS or MIN-MAX in milliseconds")
    }
    if let decoders, decoders < 1 { throw ValidationError("--decoders must be at least 1") }
    if let decodeHold, decodeHold < 0 { throw ValidationError("--decode-hold cannot be negative") }
    let server = try ServerArguments.source(source)
    if reportsTo != nil, !(server.map(ServerOptions.isServerURL) ?? false) {
      throw ValidationError("--reports-to needs an ldap:// --source")
    }
    if let framesCSV {
      let folder = URL(fileURLWithPath: framesCSV).deletingLastPathComponent().path
      guard FileManager.default.fileExists(atPath: folder) else {
        throw ValidationError("--frames-csv: no folder \(folder)")
      }
    }
    guard users > 0, avatars > 0, seconds > 0, speed.allSatisfy({ $0 > 0 }) else {
      throw ValidationError("counts, seconds and speeds must be positive")
    }
  }

  func run() throws {
    setenv("GSK_RENDERER", "cairo", 0)
    try HeadlessDisplay.reexecUnderXvfbIfNeeded()
    var options = BenchmarkOptions()
    options.users = users
    options.avatars = avatars
    options.speeds = speed
    options.seconds = seconds
    options.cache = cache
    options.view = view
    options.sortDuringScroll = try sortDuringScroll.map { try PersonSort(parsing: $0) }
    if let copyDuringScroll, copyDuringScroll < 1 {
      throw ValidationError("--copy-during-scroll: at least one person")
    }
    options.copyDuringScroll = copyDuringScroll
    if let exportDuringScroll {
      guard let format = PersonExportFormat(rawValue: exportDuringScroll.lowercased()) else {
        throw ValidationError("--export-during-scroll: csv, vcard, ldif or json")
      }
      options.exportDuringScroll = format
    }
    options.columnSort = try columnSort.map { try PersonSort(parsing: $0) }
    options.pipeline = pipeline
    options.source = try ServerArguments.source(source)
    options.server = server.options
    options.simulatedLatency = simulateLatency.flatMap(RosterOptions.parseLatency)
    options.jsonOnly = json
    options.hud = hud
    options.decoders = decoders
    options.decodeHold = decodeHold.map { .milliseconds($0) }
    options.shapeAhead = shapeAhead
    options.framesCSV = framesCSV
    options.refreshUsers = refreshUsers
    options.search = search
    options.group = group
    options.reportsTo = reportsTo
    options.browseGroups = browseGroups
    let status = MainActor.assumeIsolated { RosterBenchmark(options: options).run() }
    if status != 0 { throw ExitCode(status) }
  }
}
