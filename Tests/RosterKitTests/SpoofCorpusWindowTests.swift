import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// The spoofing corpus in a real window: every row shows its name with
/// controls as visible marks, and the picture of it is saved for the docs
/// (.build/screenshots/spoof-corpus.png, copied into docs/screenshots).
final class SpoofCorpusWindowTests: XCTestCase {
  func testSpoofingNamesShowTheirControlsAsMarks() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try SpoofCorpus.json().write(to: directory.usersFile)
      let window = WindowTestSupport.openWindow(on: directory)
      defer { window.close() }
      let entries = SpoofCorpus.entries
      XCTAssertEqual(window.model.count, entries.count)
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no rows on screen")
      // A list this short is bound whole (GTK binds well beyond the screen).
      var shown: [Int: String] = [:]
      window.factory.forEachBoundRow { row, position in shown[position] = row.shownName }
      for (position, entry) in entries.enumerated() {
        XCTAssertEqual(shown[position], entry.shown, "row \(position)")
        XCTAssertEqual(window.model[position].accessibleText, "\(entry.shown), \(entry.role)")
      }

      let details = try XCTUnwrap(window.openPersonPage(at: 0))
      XCTAssertEqual(details.shownName, entries[0].shown)
      XCTAssertEqual(window.header.titleText, entries[0].shown)
      window.goBack()
      XCTAssertEqual(window.header.titleText, "Roster")

      WindowTestSupport.waitUntilStill(window)
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/spoof-corpus.png").standardizedFileURL
        .path
      try Screenshot.save(window.window, to: path)
      print("screenshot: \(path)")
    }
  }
}
