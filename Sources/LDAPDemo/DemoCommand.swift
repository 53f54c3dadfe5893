import Foundation

/// Why the demo server could not be set up or started.
///
/// Threading: a plain value; `Sendable`.
public enum DemoLDAPError: Error, Sendable, CustomStringConvertible {
  case commandFailed(command: String, status: Int32, output: String)
  case notAnswering(port: Int, output: String)
  case noFreePort

  public var description: String {
    switch self {
    case .commandFailed(let command, let status, let output):
      "\(command) failed (exit status \(status)): \(output)"
    case .notAnswering(let port, let output):
      "slapd did not answer on port \(port): \(output)"
    case .noFreePort:
      "no free TCP port on 127.0.0.1"
    }
  }
}

/// Runs the command-line tools the demo needs (slapadd, openssl).
///
/// Threading: stateless; blocks the calling thread until the tool exits.
enum DemoCommand {
  /// Runs `executable` with `arguments` and returns its output; throws with
  /// the output when it fails.
  @discardableResult
  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: bytes, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      let name = URL(fileURLWithPath: executable).lastPathComponent
      throw DemoLDAPError.commandFailed(
        command: name, status: process.terminationStatus, output: text)
    }
    return text
  }
}
