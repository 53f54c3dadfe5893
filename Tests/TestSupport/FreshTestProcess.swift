import Foundation

/// Runs one test of this test bundle in a fresh copy of the test process
/// (for checks that need a process of their own: a small heap, GTK started
/// under other settings) and returns what it printed.
public enum FreshTestProcess {
  /// Runs `test` ("Module.Class/testName") with `changes` made to this
  /// process's environment (nil removes a variable).
  public static func run(_ test: String, environment changes: [String: String?]) throws -> String {
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

  /// A test that checks something in a process of its own, in one call: in
  /// the fresh copy (`variable` set) it prints `check()` and returns nil, and
  /// the test returns; in the test run itself it runs `test` in a fresh copy
  /// with `variable` set and `changes` made, and returns what the copy printed.
  public static func output(
    of test: String, variable: String, environment changes: [String: String?] = [:],
    check: () throws -> String
  ) throws -> String? {
    if ProcessInfo.processInfo.environment[variable] != nil {
      print(try check())
      return nil
    }
    var environment = changes
    environment[variable] = "1"
    return try run(test, environment: environment)
  }

  /// The `name=integer` fields of what a fresh copy printed (fields are
  /// separated by spaces or lines; a later field of the same name wins).
  public static func fields(_ report: String) -> [String: Int] {
    Dictionary(
      report.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap {
        field -> (String, Int)? in
        let parts = field.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let value = Int(parts[1]) else { return nil }
        return (String(parts[0]), value)
      }, uniquingKeysWith: { _, last in last })
  }
}
