import ArgumentParser
import Directory
import DirectoryGenerator
import Foundation
import RosterBench
import SharedSupport

/// `roster-dev export-speed`: times ``PersonExporter`` writing a generated
/// directory (or a users.json) to CSV, every field, beside a plain Python
/// csv writer writing the same people's same fields to a file in the same
/// run, the two alternating (``PythonCSVWriter``); prints the medians, their
/// ratio and how much the peak resident memory rose while Roster exported.
/// Both files are synced before the clock stops, as an export's file is.
struct ExportSpeedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-speed",
    abstract: "Time exporting a directory to CSV beside Python's csv writer (release build).")

  @Option(help: "People in the generated directory (without --source).") var users = 1_000_000
  @Option(help: "A users.json to export instead of a generated directory.") var source: String?
  @Option(help: "Runs of each writer, alternating.") var runs = 3
  @Option(help: "The folder the files are written in (default: a temporary folder).")
  var folder: String?

  func run() throws {
    let table = try people()
    let folder = URL(
      fileURLWithPath: folder
        ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("roster-export-speed-\(getpid())").path)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = folder.appendingPathComponent("people.json")
    try Self.wait {
      _ = try await PersonExporter.export(table, as: PersonExport(format: .json), to: people)
    }
    let python = try PythonCSVWriter(people: people)
    try? FileManager.default.removeItem(at: people)
    let output = folder.appendingPathComponent("roster.csv")
    var roster: [Duration] = []
    var baseline: [Duration] = []
    var rise: [Double] = []
    for _ in 0..<runs {
      let resident = ResourceUsage.residentMiB
      let reset = ResourceUsage.resetPeak()
      let clock = ContinuousClock()
      let start = clock.now
      try Self.wait {
        _ = try await PersonExporter.export(table, as: PersonExport(format: .csv), to: output)
      }
      roster.append(clock.now - start)
      if reset { rise.append(ResourceUsage.peakResidentMiB - resident) }
      baseline.append(try python.write(to: folder.appendingPathComponent("python.csv")))
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size]) ?? 0
    let rosterMs = Percentiles(roster.map(\.inMilliseconds))
    let pythonMs = Percentiles(baseline.map(\.inMilliseconds))
    print("export \(table.userCount) people to CSV, every field (\(bytes) bytes), \(runs) runs")
    print(
      String(
        format: "roster: median %.0f ms (min %.0f, max %.0f)", rosterMs(0.5)!, rosterMs(0)!,
        rosterMs(1)!))
    print(
      String(
        format: "python3 csv: median %.0f ms (min %.0f, max %.0f)", pythonMs(0.5)!, pythonMs(0)!,
        pythonMs(1)!))
    print(String(format: "ratio roster / python3: %.2f", rosterMs(0.5)! / pythonMs(0.5)!))
    if let most = rise.max() {
      print(String(format: "peak RSS rise while exporting: %.1f MiB at most", most))
    } else {
      print("peak RSS rise: not measured (/proc/self/clear_refs refused)")
    }
  }

  /// The directory: the users.json at `source`, else generated (seed 2026).
  private func people() throws -> UserTable {
    guard let source else {
      let avatars = (1...4_000).map { "avatar-\($0).png" }
      return UserTable(UserGenerator.users(count: users, avatarFileNames: avatars, seed: 2026))
    }
    let url = URL(fileURLWithPath: source)
    let bytes = try Data(contentsOf: url)
    return try DirectoryContents(parsing: bytes, from: .file(url)).viewModels
  }

  /// Runs `body` on a task while this thread waits.
  private static func wait(_ body: @escaping @Sendable () async throws -> Void) throws {
    try BlockingTask.run(body).get()
  }
}
