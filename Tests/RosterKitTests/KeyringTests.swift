import Foundation
import XCTest

@testable import RosterKit

/// Secrets in the keyring and nowhere else: runs ``KeyringSessionTests`` in a
/// child process, with a real gnome-keyring-daemon in a private D-Bus session
/// (Tests/Keyring/with-keyring.sh) or with no Secret Service, and meanwhile
/// reads every process's command line; then greps the child's output (its
/// GLib debug log included), the config folder and the keyring's files for
/// the secrets.
final class KeyringTests: XCTestCase {
  static let modeVariable = "ROSTER_KEYRING_SESSION"
  static let folderVariable = "ROSTER_KEYRING_FOLDER"
  private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  private let secrets = [KeyringSessionTests.secret, KeyringSessionTests.wrongSecret]

  func testTheSecretIsInTheKeyringAndNowhereElse() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = try runSession(
      "testTheSecretGoesToTheKeyringAndIsLookedUpWhenConnecting", mode: "keyring", folder: folder,
      wrapper: [
        "/usr/bin/dbus-run-session", "--",
        root.appendingPathComponent("Tests/Keyring/with-keyring.sh").path,
      ])
    // The keyring holds it, encrypted: its file exists and has no plain copy.
    let keyrings = folder.appendingPathComponent("data/keyrings")
    let files = try FileManager.default.contentsOfDirectory(atPath: keyrings.path)
    XCTAssertTrue(files.contains("login.keyring"), "no keyring was written: \(files)")
    assertNoSecret(under: keyrings)
    assertNoSecret(under: folder.appendingPathComponent("config"))
    XCTAssertTrue(output.contains("Directory server statistics"), output)
  }

  func testWithoutASecretServiceTheSecretIsNeverWritten() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try runSession(
      "testWithoutASecretServiceTheSecretServesThisSessionOnly", mode: "none", folder: folder,
      wrapper: [], bus: "unix:path=\(folder.appendingPathComponent("no-bus").path)")
    let settings = WindowSettings.load(
      from: folder.appendingPathComponent("config/roster/settings.json"))
    XCTAssertEqual(settings.directories.map(\.kind), [.jsonFile, .ldap], "not remembered")
    assertNoSecret(under: folder)
  }

  private func makeFolder() throws -> URL {
    for tool in ["/usr/bin/dbus-run-session", "/usr/bin/gnome-keyring-daemon"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      throw XCTSkip("\(tool) is missing (make deps installs it)")
    }
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("run under xvfb-run")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-keyring-\(UUID().uuidString)")
    for name in ["config", "data", "run"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    }
    return folder
  }

  /// Runs one test of ``KeyringSessionTests`` in this test bundle, behind
  /// `wrapper`, reading every process's command line while it runs; returns
  /// its output once it passed, with no secret in it.
  private func runSession(
    _ test: String, mode: String, folder: URL, wrapper: [String], bus: String? = nil
  ) throws -> String {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).path
    let command = wrapper + [bundle, "RosterKitTests.KeyringSessionTests/\(test)"]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    var environment = ProcessInfo.processInfo.environment
    environment[Self.modeVariable] = mode
    environment[Self.folderVariable] = folder.path
    environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
    environment["XDG_RUNTIME_DIR"] = folder.appendingPathComponent("run").path
    environment["G_MESSAGES_DEBUG"] = "all"
    environment["GSK_RENDERER"] = "cairo"
    environment["DBUS_SESSION_BUS_ADDRESS"] = bus
    process.environment = environment
    let log = folder.appendingPathComponent("session.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    var linesRead = 0
    while process.isRunning {
      let (read, holding) = try commandLines(holding: secrets)
      linesRead += read
      XCTAssertEqual(holding, [], "a secret on the command line of these processes")
      usleep(20_000)
    }
    try handle.close()
    let output = try String(contentsOf: log, encoding: .utf8)
    XCTAssertGreaterThan(linesRead, 0, "no command line was read")
    XCTAssertEqual(process.terminationStatus, 0, output)
    XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)
    XCTAssertFalse(output.contains("skipped"), output)
    for secret in secrets { XCTAssertFalse(output.contains(secret), "a secret in the output") }
    return output
  }

  func testTheCommandLineCheckFindsASecretOnACommandLine() throws {
    let secret = "a-secret-on-argv-\(UUID().uuidString)"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // `read` is the shell's own: it waits on the open pipe without forking,
    // so no child of the shell carries its command line for a moment (a
    // `sleep` would: between its fork and its exec).
    let input = Pipe()
    process.standardInput = input
    process.arguments = ["-c", "read line", secret]
    try process.run()
    defer {
      process.terminate()
      try? input.fileHandleForWriting.close()
    }
    // `run()` returns once the child is forked; its command line is the test's own until the
    // exec lands, so look again until it shows (or five seconds pass).
    let deadline = ContinuousClock.now + .seconds(5)
    var holding = try commandLines(holding: [secret]).holding
    while holding.isEmpty, ContinuousClock.now < deadline {
      usleep(10_000)
      holding = try commandLines(holding: [secret]).holding
    }
    XCTAssertEqual(holding, ["\(process.processIdentifier)"])
  }

  /// Reads /proc/*/cmdline of every process: how many were read, and the
  /// processes whose command line holds one of `secrets`.
  private func commandLines(holding secrets: [String]) throws -> (read: Int, holding: [String]) {
    var read = 0
    var holding: [String] = []
    for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc")
    where entry.allSatisfy(\.isNumber) {
      guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else {
        continue
      }
      read += 1
      let line = String(decoding: data, as: UTF8.self)
      if secrets.contains(where: { line.contains($0) }) { holding.append(entry) }
    }
    return (read, holding)
  }

  /// Greps every file under `folder` for the secrets.
  private func assertNoSecret(under folder: URL) {
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    var read = 0
    while let file = files?.nextObject() as? URL {
      guard let data = FileManager.default.contents(atPath: file.path) else { continue }
      read += 1
      for secret in secrets {
        XCTAssertNil(data.range(of: Data(secret.utf8)), "a secret in \(file.path)")
      }
    }
    XCTAssertGreaterThan(read, 0, "no file under \(folder.path)")
  }
}
