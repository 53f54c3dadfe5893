import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The password, passphrase and token a person hands Roster in its
/// environment stay with Roster: the real roster, started by D-Bus with
/// them set, holds none in its environment block (what a core dump and
/// `/proc/PID/environ` show), and the mail app a window opens for a person
/// (a desktop file of the test's own in a temporary XDG_DATA_HOME, the
/// default for mailto:, launched by ``MainWindow/open(_:)``) starts without
/// them even while they are still in the window's environment.
final class SecretEnvironmentTests: XCTestCase {
  private let secrets = [
    "ROSTER_BIND_PASSWORD": "bind-secret-4711",
    "ROSTER_KEY_PASSPHRASE": "key-secret-4712",
    "ROSTER_TOKEN": "token-secret-4713",
  ]

  func testRosterStartedWithSecretsHoldsNoneInItsEnvironment() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-secrets-\(UUID())")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: data) }
    let users = data.appendingPathComponent("users.json")
    try Data(
      #"""
      {"people": [
        {"id": "p-ada", "username": "ada", "displayName": "Ada Lovelace",
         "email": "ada@example.org", "role": "Admin"}
      ]}
      """#.utf8
    ).write(to: users)
    let directory = RememberedDirectory(kind: .jsonFile, location: users.path)
    let session = try SearchProviderSession(
      remembering: directory, environment: secrets)
    defer { session.stop() }

    let pid = try session.startRoster()
    let own = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
    for (name, value) in secrets {
      XCTAssertNil(own.range(of: Data(value.utf8)), "roster's own environment holds \(name)")
    }
  }

  func testTheMailAppAWindowOpensStartsWithoutTheSecrets() throws {
    let folder = ProcessInfo.processInfo.environment["ROSTER_TEST_MAIL_FOLDER"].map {
      URL(fileURLWithPath: $0)
    }
    let written = folder?.appendingPathComponent("mail-app.environ")
    let report = try FreshTestProcess.output(
      of: "RosterKitTests.SecretEnvironmentTests/testTheMailAppAWindowOpensStartsWithoutTheSecrets",
      variable: "ROSTER_TEST_MAIL_CHILD",
      environment: folder == nil ? try mailAppFolder() : [:]
    ) {
      try MainActor.assumeIsolated {
        try WindowTestSupport.setUp()
        let (window, directory) = try WindowTestSupport.open(
          #"[{"username": "ada", "displayName": "Ada Lovelace", "email": "ada@example.org"}]"#)
        defer { window.close() }
        _ = directory
        let written = try XCTUnwrap(written)
        window.open("mailto:ada@example.org")
        let ran = MainContext.run(
          until: { FileManager.default.fileExists(atPath: written.path) }, timeout: .seconds(20))
        return "mail_app_ran=\(ran ? 1 : 0)"
      }
    }
    guard let report, let folder = lastMailFolder else { return }
    defer { try? FileManager.default.removeItem(at: folder) }
    XCTAssertEqual(FreshTestProcess.fields(report)["mail_app_ran"], 1, report)
    let child = try Data(contentsOf: folder.appendingPathComponent("mail-app.environ"))
    let variables = String(decoding: child, as: UTF8.self).split(separator: "\0")
    XCTAssertTrue(
      variables.contains { $0.hasPrefix("XDG_DATA_HOME=") },
      "the mail app got the window's environment: \(variables.count) variables")
    for (name, value) in secrets {
      XCTAssertFalse(variables.contains { $0.hasPrefix("\(name)=") }, "the mail app got \(name)")
      XCTAssertNil(child.range(of: Data(value.utf8)), "the mail app got \(name)'s value")
    }
  }

  private var lastMailFolder: URL?

  /// A temporary XDG_DATA_HOME and XDG_CONFIG_HOME whose default mailto:
  /// app is a script that writes its environment block
  /// (`/proc/PID/environ`) beside it; the variables for the fresh process,
  /// the secrets among them.
  private func mailAppFolder() throws -> [String: String?] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-mail-app-\(UUID())")
    let applications = folder.appendingPathComponent("data/applications")
    let config = folder.appendingPathComponent("config")
    try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    lastMailFolder = folder
    let written = folder.appendingPathComponent("mail-app.environ")
    let handler = folder.appendingPathComponent("mail-app.sh")
    try Data(
      """
      #!/bin/sh
      cat /proc/$$/environ > '\(written.path).part' && mv '\(written.path).part' '\(written.path)'

      """.utf8
    ).write(to: handler)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: handler.path)
    try Data(
      """
      [Desktop Entry]
      Type=Application
      Name=Test Mail
      Exec=\(handler.path) %u
      MimeType=x-scheme-handler/mailto;
      NoDisplay=true

      """.utf8
    ).write(to: applications.appendingPathComponent("roster-test-mail.desktop"))
    try Data(
      """
      [Default Applications]
      x-scheme-handler/mailto=roster-test-mail.desktop

      """.utf8
    ).write(to: config.appendingPathComponent("mimeapps.list"))
    var environment: [String: String?] = secrets
    environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
    environment["XDG_CONFIG_HOME"] = config.path
    environment["ROSTER_TEST_MAIL_FOLDER"] = folder.path
    return environment
  }
}
