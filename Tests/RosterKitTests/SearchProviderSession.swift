import CGtk
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A private D-Bus session for one test, as the shell's is: a
/// `dbus-daemon --session` whose services folder (the test's
/// XDG_DATA_HOME/dbus-1/services) holds Roster's D-Bus service file, so
/// the first call to org.roster.Roster starts the built roster with
/// `--gapplication-service`, with the test's XDG folders (its remembered
/// directory) and display. Calls go through `gdbus`, a real D-Bus client.
/// ``stop()`` ends the roster it started and the bus.
final class SearchProviderSession {
  static let bus = "org.roster.Roster"
  static let interface = "org.gnome.Shell.SearchProvider2"

  let folder: URL
  let address: String
  private let daemon: Process
  private let environment: [String: String]

  /// A session whose remembered directory shown last is `directory`, with
  /// `extra` added to the environment of the bus and what it starts, and
  /// the search from the overview turned on (`searchProvider`) or not.
  init(
    remembering directory: RememberedDirectory, environment extra: [String: String] = [:],
    searchProvider: Bool = true
  ) throws {
    for tool in ["/usr/bin/dbus-daemon", "/usr/bin/gdbus"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      throw XCTSkip("\(tool) is missing (make deps installs it)")
    }
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("run under xvfb-run")
    }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-search-provider-\(UUID())")
    let services = folder.appendingPathComponent("data/dbus-1/services")
    try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
    let roster = RosterProcess.url.path
    try Data(
      """
      [D-BUS Service]
      Name=\(Self.bus)
      Exec=\(roster) --gapplication-service

      """.utf8
    ).write(to: services.appendingPathComponent("\(Self.bus).service"))
    var settings = WindowSettings()
    settings.directories = [directory]
    settings.lastDirectory = directory.id
    settings.searchFromOverview = searchProvider
    try settings.save(to: folder.appendingPathComponent("config/roster/settings.json"))

    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    environment.merge(
      TestPreferences.environment(configHome: folder.appendingPathComponent("config"))
    ) { $1 }
    environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
    environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
    environment["GSK_RENDERER"] = "cairo"
    environment["DBUS_SESSION_BUS_ADDRESS"] = nil
    environment.merge(extra) { _, new in new }
    daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    daemon.arguments = ["--session", "--nofork", "--print-address=1"]
    daemon.environment = environment
    let output = Pipe()
    daemon.standardOutput = output
    try daemon.run()
    guard let line = Self.firstLine(of: output.fileHandleForReading, within: .seconds(10)) else {
      daemon.terminate()
      throw XCTSkip("dbus-daemon printed no address")
    }
    address = line
    environment["DBUS_SESSION_BUS_ADDRESS"] = address
    self.environment = environment
  }

  /// Ends the roster the bus started (if any), then the bus.
  func stop() {
    if let pid = try? rosterPID() { kill(pid, SIGTERM) }
    daemon.terminate()
    daemon.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Starts Roster by D-Bus activation, as a first call would; its process.
  @discardableResult
  func startRoster() throws -> pid_t {
    _ = try call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      method: "org.freedesktop.DBus.StartServiceByName", [Self.bus, "0"])
    return try rosterPID()
  }

  /// Starts `roster` as a person would (no arguments) on this session.
  func launchRoster() throws -> Process {
    let process = Process()
    process.executableURL = RosterProcess.url
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Whether `pid` comes to own org.roster.Roster within 20 seconds.
  func waitForOwner(_ pid: pid_t) -> Bool {
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
      if (try? ownerPID()) == pid { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return false
  }

  /// Whether `process` ends within 20 seconds.
  func waitForExit(_ process: Process) -> Bool {
    let deadline = ContinuousClock.now + .seconds(20)
    while process.isRunning, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    return !process.isRunning
  }

  /// The owner of org.roster.Roster, without starting one.
  private func ownerPID() throws -> pid_t? {
    let owned = try call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      method: "org.freedesktop.DBus.NameHasOwner", [Self.bus])
    return owned.contains("true") ? try rosterPID() : nil
  }

  /// The process that owns org.roster.Roster.
  func rosterPID() throws -> pid_t {
    let reply = try call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      method: "org.freedesktop.DBus.GetConnectionUnixProcessID", [Self.bus])
    guard let number = reply.split(whereSeparator: { !$0.isNumber }).last.flatMap({ Int32($0) })
    else { throw XCTSkip("no pid in \(reply)") }
    return number
  }

  /// Calls the search provider's `method` with `arguments` (GVariant text);
  /// gdbus's printed answer and how long the call took.
  func callProvider(_ method: String, _ arguments: [String]) throws -> (String, Duration) {
    let start = ContinuousClock.now
    let reply = try call(
      destination: Self.bus, path: SearchProvider.objectPath,
      method: "\(Self.interface).\(method)", arguments)
    return (reply, ContinuousClock.now - start)
  }

  /// Calls the search provider's `method` with `parameters` (a floating
  /// GVariant tuple, for arguments too long for gdbus's command line)
  /// through GIO's own D-Bus client on this session; the printed answer
  /// and how long the call took.
  func callProvider(_ method: String, parameters: OpaquePointer) throws -> (String, Duration) {
    var error: UnsafeMutablePointer<GError>?
    let flags = GDBusConnectionFlags(
      rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
    guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
    else {
      defer { g_clear_error(&error) }
      throw XCTSkip(
        "no connection to the session: \(error.map { String(cString: $0.pointee.message) } ?? "")")
    }
    return try ObjectSlot.withAdopted(connection) { connection in
      let start = ContinuousClock.now
      let reply = g_dbus_connection_call_sync(
        connection, Self.bus, SearchProvider.objectPath, Self.interface, method, parameters, nil,
        G_DBUS_CALL_FLAGS_NONE, 20_000, nil, &error)
      let took = ContinuousClock.now - start
      guard let reply else {
        defer { g_clear_error(&error) }
        throw NSError(
          domain: "gdbus", code: 1,
          userInfo: [
            NSLocalizedDescriptionKey:
              "\(method) failed: \(error.map { String(cString: $0.pointee.message) } ?? "")"
          ])
      }
      defer { g_variant_unref(reply) }
      let printed = g_variant_print(reply, 0)!
      defer { g_free(printed) }
      return (String(cString: printed), took)
    }
  }

  /// The result ids of a GetInitialResultSet answer.
  func results(_ terms: [String]) throws -> [String] {
    try Self.strings(in: callProvider("GetInitialResultSet", [Self.array(terms)]).0)
  }

  /// Runs `gdbus call` on this session; its output, or throws with its errors.
  func call(destination: String, path: String, method: String, _ arguments: [String]) throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
    process.arguments =
      [
        "call", "--session", "--timeout", "20", "--dest", destination, "--object-path", path,
        "--method", method,
      ] + arguments
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw NSError(
        domain: "gdbus", code: Int(process.terminationStatus),
        userInfo: [NSLocalizedDescriptionKey: "gdbus \(method) failed: \(problem)"])
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs Tests/Accessibility/check_person.py against the roster on this
  /// bus until it reads `name`'s page (a new AT-SPI client per attempt);
  /// its exit status and report.
  func readPersonPage(_ name: String) throws -> (Int32, String) {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      throw XCTSkip("/usr/bin/python3 is missing (make deps installs it)")
    }
    let pid = try rosterPID()
    let script = RosterProcess.url.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/Accessibility/check_person.py")
    var report = ""
    for _ in 0..<12 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = [script.path, name, String(pid)]
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      if process.terminationStatus != 3 { return (process.terminationStatus, report) }
    }
    return (3, report)
  }

  /// The quoted strings of a gdbus answer, in order ("(['a', 'b'],)").
  static func strings(in reply: String) -> [String] {
    let pattern = try! NSRegularExpression(pattern: "'((?:[^'\\\\]|\\\\.)*)'")
    let range = NSRange(reply.startIndex..., in: reply)
    return pattern.matches(in: reply, range: range).compactMap {
      Range($0.range(at: 1), in: reply).map { String(reply[$0]) }
    }
  }

  /// `strings` as a GVariant text array: "['ingr']".
  static func array(_ strings: [String]) -> String {
    "["
      + strings.map { "'\($0.replacingOccurrences(of: "'", with: "\\'"))'" }.joined(separator: ", ")
      + "]"
  }

  /// The first line `handle` gives within `limit`, read on a thread of its own.
  private static func firstLine(of handle: FileHandle, within limit: Duration) -> String? {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var line: String?
    Thread.detachNewThread {
      var bytes: [UInt8] = []
      while let data = try? handle.read(upToCount: 1), let byte = data.first, byte != 10 {
        bytes.append(byte)
      }
      line = String(decoding: bytes, as: UTF8.self)
      done.signal()
    }
    let seconds = Double(limit.components.seconds)
    guard done.wait(timeout: .now() + seconds) == .success, let line, !line.isEmpty else {
      return nil
    }
    return line
  }
}
