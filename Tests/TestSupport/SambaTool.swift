import Foundation
import LDAPDemo

/// Runs one of Samba's or OpenLDAP's tools to its end, for the tests'
/// domain controller.
///
/// Threading: stateless; `run` blocks while the tool runs.
enum SambaTool {
  struct Run {
    let status: Int32
    let output: String
  }

  /// Runs `executable` with `arguments` (and `environment` added to this
  /// process's), `input` on its standard input (empty by default); returns
  /// its status and output.
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    input: String? = nil
  ) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let feed = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : feed
    try process.run()
    if let input {
      feed.fileHandleForWriting.write(Data(input.utf8))
      try? feed.fileHandleForWriting.close()
    }
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: String(decoding: bytes, as: UTF8.self))
  }

  /// Runs the tool and throws with its output when it fails.
  @discardableResult
  static func check(_ executable: String, _ arguments: [String]) throws -> String {
    let run = try run(executable, arguments)
    guard run.status == 0 else {
      throw DemoLDAPError.commandFailed(
        command: ([executable] + arguments).joined(separator: " "), status: run.status,
        output: run.output)
    }
    return run.output
  }
}
