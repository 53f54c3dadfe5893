import Foundation

/// A server the demo or a test runs as a child process on 127.0.0.1 (slapd,
/// a KDC), started and waited for until it answers.
///
/// Threading: stateless; `serve` blocks the calling thread (at most 10 s).
public enum ServerProcess {
  /// Starts the server `executable` with `arguments` (and `environment`
  /// added to this process's), its output going to `log`, and returns it
  /// once something accepts connections on 127.0.0.1:`port`; if it exits or
  /// stays silent for 10 seconds it is stopped, and the error holds its
  /// output.
  public static func serve(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    log: URL, port: Int
  ) throws -> Process {
    let server = Process()
    server.executableURL = URL(fileURLWithPath: executable)
    server.arguments = arguments
    if !environment.isEmpty {
      server.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    server.standardOutput = handle
    server.standardError = handle
    try server.run()
    let deadline = Date().addingTimeInterval(10)
    while !DemoLDAPServer.answers(port: port) {
      guard server.isRunning, Date() < deadline else {
        if server.isRunning {
          server.terminate()
          server.waitUntilExit()
        }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw DemoLDAPError.notAnswering(port: port, output: text)
      }
      usleep(20_000)
    }
    return server
  }
}
