import Foundation
import TestSupport
import XCTest

@testable import RosterKit

/// Reads the real app through AT-SPI (python3-pyatspi from Debian), under a
/// private D-Bus session and the test's Xvfb display, as a screen reader does.
final class AccessibilityTests: XCTestCase {
  private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  func testRowsReadAsNameAndTitleAndAvatarsAreHidden() throws {
    // The first rows of the embedded directory, as a screen reader should read them.
    let data = try Data(contentsOf: root.appendingPathComponent("data/users.json"))
    // The object form: the people beside the groups.
    let directory = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let users = try XCTUnwrap(directory["people"] as? [[String: Any]])
    // "display name (else username), title (else role)".
    let expected = users.prefix(3).map { user -> String in
      let role = user["role"] as? String ?? ""
      let name = user["displayName"] as? String ?? user["username"] as? String ?? ""
      let subtitle =
        user["title"] as? String ?? (["User", "Owner", "Admin"].contains(role) ? role : "Unknown")
      return "\(name), \(subtitle)"
    }
    let (status, report) = try readRows(expecting: expected)
    XCTAssertEqual(status, 0, "AT-SPI check failed: \(report)")
    XCTAssertTrue(report.contains(expected[0]), report)
  }

  func testTheOrgTreesExpandersReadTheirLevelAndTeam() throws {
    // The embedded directory's top: one chief executive with five reports.
    let (status, report) = try readRows(
      expecting: ["Level 1, 5 reports"], arguments: ["--tree"], script: "check_tree.py")
    XCTAssertEqual(status, 0, "AT-SPI check failed: \(report)")
  }

  func testSpoofingNamesReadAsTheirVisibleMarks() throws {
    let corpus = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-spoof-\(UUID()).json")
    try SpoofCorpus.json().write(to: corpus)
    defer { try? FileManager.default.removeItem(at: corpus) }
    let expected = SpoofCorpus.accessibleNames
    // Every row must read exactly so ("⟨U+202E⟩evil, User"): a raw control
    // or an uncut name anywhere fails the match.
    let (status, report) = try readRows(expecting: expected, arguments: ["--source", corpus.path])
    XCTAssertEqual(status, 0, "AT-SPI check failed: \(report)")
  }

  func testTheDirectoryShownLastOpensAtStartWithoutASource() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-a11y-last-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let users = folder.appendingPathComponent("users.json")
    try Data(#"[{"username": "remembered-ada", "role": "Admin"}]"#.utf8).write(to: users)
    var settings = WindowSettings()
    settings.directories = [RememberedDirectory(kind: .jsonFile, location: users.path)]
    settings.lastDirectory = settings.directories[0].id
    try settings.save(to: folder.appendingPathComponent("roster/settings.json"))
    let (status, report) = try readRows(expecting: ["remembered-ada, Admin"], configHome: folder)
    XCTAssertEqual(status, 0, "AT-SPI check failed: \(report)")
  }

  /// Runs `roster ARGUMENTS` under a private D-Bus session and reads its rows
  /// with Tests/Accessibility/check_rows.py; its exit status and report.
  private func readRows(
    expecting expected: [String], arguments: [String] = [], configHome: URL? = nil,
    script name: String = "check_rows.py"
  ) throws -> (Int32, String) {
    let roster = root.appendingPathComponent(".build/debug/roster")
    let script = root.appendingPathComponent("Tests/Accessibility/\(name)")
    for tool in ["/usr/bin/python3", "/usr/bin/dbus-run-session"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      throw XCTSkip("\(tool) is missing (make deps installs it)")
    }
    XCTAssertTrue(
      FileManager.default.isExecutableFile(atPath: roster.path), "build the roster executable first"
    )
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("run under xvfb-run")
    }
    // The test process holds its own connection to the display: when the
    // last client of an X server leaves, the server resets, and a client
    // connecting during the reset is refused ("cannot open display"). With
    // only the children connected, each test's roster was the last client
    // to leave, and the next test's roster, started a moment later, could
    // land in that reset.
    try MainActor.assumeIsolated { try WindowTestSupport.setUp() }
    let expectedFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-a11y-\(UUID()).json")
    try JSONSerialization.data(withJSONObject: expected).write(to: expectedFile)
    defer { try? FileManager.default.removeItem(at: expectedFile) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
    process.arguments =
      [
        "--", "bash", "-c",
        """
        roster="$1"; script="$2"; expected="$3"; shift 3
        "$roster" "$@" & app=$!
        # A fresh client per attempt: see check_rows.py on the AT-SPI cache.
        for attempt in $(seq 12); do
          /usr/bin/python3 "$script" "$expected" "$app"; status=$?
          [ $status -ne 3 ] && break
        done
        kill $app; wait $app 2>/dev/null
        exit $status
        """,
        "a11y", roster.path, script.path, expectedFile.path,
      ] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GSK_RENDERER"] = "cairo"
    let config =
      configHome
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("roster-a11y-config")
    environment["XDG_CONFIG_HOME"] = config.path
    environment.merge(TestPreferences.environment(configHome: config)) { $1 }
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    print("accessibility: \(report)")
    return (process.terminationStatus, report)
  }
}
