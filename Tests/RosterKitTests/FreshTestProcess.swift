import Foundation

/// Runs one test of this test bundle in a fresh copy of the test process
/// (for checks that need a process of their own: a small heap, GTK started
/// under other settings) and returns what it printed.
enum FreshTestProcess {
  /// Runs `test` ("Module.Class/testName") with `changes` made to this
  /// process's environment (nil removes a variable).
  static func run(_ test: String, environment changes: [String: String?]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [test]
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
