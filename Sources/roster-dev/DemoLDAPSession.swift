import Dispatch
import Foundation
import LDAPDemo

/// Runs the demo's slapd for as long as Roster runs on it, and stops it in
/// every way the demo can end: Roster exits, starting fails, or the demo
/// gets SIGINT (Ctrl+C) or SIGTERM (then Roster is terminated too).
///
/// Threading: `run` blocks the calling thread; the signal handlers run on a
/// Dispatch queue and reach the child process through `lock`.
final class DemoLDAPSession: @unchecked Sendable {
  private let server: DemoLDAPServer
  private let lock = NSLock()
  private var child: Process?

  init(server: DemoLDAPServer) {
    self.server = server
  }

  /// Starts slapd, runs the command `command(url)` returns (the URL of the
  /// people with its search filter) as a child process, waits for it, stops
  /// slapd and returns the child's exit status.
  func run(_ command: (String) -> [String]) throws -> Int32 {
    let signals = [SIGINT, SIGTERM].map(handle)
    defer {
      for source in signals { source.cancel() }
      server.stop()
    }
    try server.start()
    let configuration = server.configuration
    let url = "\(server.url)/ou=people,\(configuration.suffix)??one?(objectClass=inetOrgPerson)"
    let arguments = command(url)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    var environment = ProcessInfo.processInfo.environment
    if environment["GSK_RENDERER"] == nil { environment["GSK_RENDERER"] = "cairo" }
    process.environment = environment
    fflush(nil)  // what the demo printed, before Roster's own output
    try lock.withLock {
      try process.run()
      child = process
    }
    process.waitUntilExit()
    lock.withLock { child = nil }
    return process.terminationStatus
  }

  /// Ignores `signal`'s default action and, when it comes, terminates the
  /// child, stops slapd and exits with 128 + the signal, as a shell reports it.
  private func handle(_ signal: Int32) -> any DispatchSourceSignal {
    Foundation.signal(signal, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
    source.setEventHandler { [self] in
      lock.withLock { child }?.terminate()
      server.stop()
      exit(128 + signal)
    }
    source.resume()
    return source
  }
}
