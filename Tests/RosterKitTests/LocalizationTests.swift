import CGtk
import Directory
import Foundation
import RosterKit
import SharedSupport
import XCTest

/// Roster in German: the catalogue compiled from po/de.po (make locale) is
/// found in the checkout, a real window shows German words and German digit
/// grouping under de_DE.UTF-8, and po/roster.pot and po/de.po keep up with
/// the texts in Sources/.
final class LocalizationTests: XCTestCase {
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func testAWindowSpeaksGermanUnderAGermanLocale() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      guard let folder = ResourceLocator.localeDirectory else {
        return XCTFail("no .build/locale: run scripts/build-locale.sh (make locale)")
      }
      let previous = String(cString: setlocale(LC_ALL, nil))
      setenv("LANGUAGE", "de", 1)
      setenv("LC_ALL", "de_DE.UTF-8", 1)
      // What Localization.start() does, less disabling GTK's own set-up,
      // which is done already in this process.
      bindTranslations(to: folder.path)
      defer {
        unsetenv("LANGUAGE")
        unsetenv("LC_ALL")
        setlocale(LC_ALL, previous)
      }
      guard String(cString: setlocale(LC_MESSAGES, nil)).hasPrefix("de_DE") else {
        return XCTFail("no de_DE.UTF-8 locale: run scripts/install-deps.sh")
      }
      let window = WindowTestSupport.openWindow(source: RosterApplication.resolveSource(nil))
      XCTAssertEqual(window.subtitle, "2.000 Personen")
      window.close()
      XCTAssertEqual(Role.admin.displayText, "Administrator")

      let missing = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(URL(fileURLWithPath: "/nonexistent/users.json")))
      defer { missing.close() }
      guard case .failed(let message) = missing.state else {
        return XCTFail("expected the error state, got \(missing.state)")
      }
      XCTAssertEqual(
        message,
        "Das Verzeichnis kann nicht abgerufen werden: Keine Datei unter /nonexistent/users.json")
    }
    // Back in the locale the other tests expect.
    XCTAssertEqual(Role.admin.displayText, "Admin")
  }

  func testTheTemplateHoldsEveryTextAndGermanTranslatesEachOne() throws {
    let fresh = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-\(UUID().uuidString).pot")
    defer { try? FileManager.default.removeItem(at: fresh) }
    try run("/bin/bash", ["scripts/update-pot.sh", fresh.path])
    let committed = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("po/roster.pot"), encoding: .utf8)
    XCTAssertEqual(
      try String(contentsOf: fresh, encoding: .utf8), committed,
      "po/roster.pot is out of date with Sources/: run `make pot` and translate what is new")
    // Every entry of the template has a German translation that is neither
    // missing nor fuzzy, with the same placeholders (msgfmt --check).
    let statistics = try run(
      "/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null", "po/de.po"])
    XCTAssertTrue(statistics.hasSuffix("translated messages.\n"), statistics)
    try run("/usr/bin/msgcmp", ["po/de.po", "po/roster.pot"])
  }

  /// Runs `tool` in the package root; its standard error, or a failure
  /// with it when the exit status is not 0.
  @discardableResult
  private func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.currentDirectoryURL = Self.packageRoot
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments): \(text)")
    return text
  }
}
