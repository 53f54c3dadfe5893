import ArgumentParser
import Foundation
import RosterArguments
import RosterBench
import RosterKit

/// `roster-dev soak`: drives the real window for minutes and checks that memory,
/// descriptors, rows and image tasks stay flat.
struct SoakCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "soak",
    abstract: "Drive the real window for minutes; sample what it holds; fail if anything leaks.",
    discussion: """
      Flings both ways, jumps the scrollbar, types and clears searches, switches list and grid \
      and refreshes every --refresh-seconds (a generated directory is rewritten with 1% of its \
      users changed first, so the refresh is applied as differences). Every 10 s it samples \
      RSS, open descriptors, row widgets, item objects, the model's items, image tasks in \
      flight, the cache bytes and malloc's live and free bytes into --csv, and draws them into --plot. Passes when, after the \
      first minute, RSS less the (bounded) image cache grows at most 0.5 MiB a minute (least \
      squares) and descriptors, rows and tasks stay flat; exits 1 otherwise. Under Xvfb when headless (GSK_RENDERER=cairo \
      unless set).
      """)

  @Option(help: "Minutes to run.") var minutes = 10.0
  @Option(help: .hidden) var seconds: Double?
  @Option(help: .hidden) var sampleSeconds = 10.0
  @Option(help: "Seconds between refreshes.") var refreshSeconds = 30.0
  @Option(help: "Users in the generated directory.") var users = 1_000_000
  @Option(help: "Distinct avatar images in the generated directory.") var avatars = 4_000
  @Option(
    help: "An LDAP or SCIM URL of a directory server to soak instead of a generated directory.")
  var source: String?
  @OptionGroup(title: "Directory servers") var server: ServerArguments
  @Flag(
    inversion: .prefixedNo,
    help:
      "Shape the text of rows about to scroll in between frames (the app's way); off soaks without."
  )
  var shapeAhead = true
  @Option(help: "Where to write the samples.") var csv = "soak.csv"
  @Option(help: "Where to draw the samples (PNG).") var plot = "soak.png"

  func validate() throws {
    guard minutes > 0, seconds ?? 1 > 0, sampleSeconds > 0, refreshSeconds > 0 else {
      throw ValidationError("times must be positive")
    }
    guard users > 0, avatars > 0 else { throw ValidationError("counts must be positive") }
    if let source, !ServerOptions.isServerURL(source) {
      throw ValidationError("--source takes an ldap[s]:// or scim+http[s]:// URL")
    }
  }

  func run() throws {
    setenv("GSK_RENDERER", "cairo", 0)
    try HeadlessDisplay.reexecUnderXvfbIfNeeded()
    var options = SoakOptions()
    options.duration = .milliseconds(Int((seconds ?? minutes * 60) * 1000))
    options.sampleInterval = .milliseconds(Int(sampleSeconds * 1000))
    options.refreshInterval = .milliseconds(Int(refreshSeconds * 1000))
    options.users = users
    options.avatars = avatars
    options.source = source
    options.server = server.options
    options.shapeAhead = shapeAhead
    options.csv = URL(fileURLWithPath: csv)
    options.plot = URL(fileURLWithPath: plot)
    let status = MainActor.assumeIsolated { Soak.main(options: options) }
    if status != 0 { throw ExitCode(status) }
  }
}
