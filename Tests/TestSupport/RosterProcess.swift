import Foundation

/// The built `roster` binary (.build/debug, beside the test bundle) run as
/// a process, as a script runs it.
public enum RosterProcess {
  /// What one run printed and how it ended.
  public struct Run: Sendable {
    public let status: Int32
    public let output: String
    public let errors: String
  }

  /// The binary's path.
  public static var url: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/roster")
  }

  /// Runs `roster` with `arguments` until it exits, with `environment`
  /// added to this process's (and preferences kept in memory, never in the
  /// user's dconf, unless `environment` says otherwise); with `input`,
  /// that text is its standard input (then closed).
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], input: String? = nil
  ) throws -> Run {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment
      .merging(TestPreferences.environment(configHome: nil)) { $1 }
      .merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let feed = input.map { _ in Pipe() }
    if let feed { process.standardInput = feed }
    try process.run()
    if let feed, let input {
      feed.fileHandleForWriting.write(Data(input.utf8))
      try feed.fileHandleForWriting.close()
    }
    let text = output.fileHandleForReading.readDataToEndOfFile()
    let problems = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: text, as: UTF8.self),
      errors: String(decoding: problems, as: UTF8.self))
  }
}
