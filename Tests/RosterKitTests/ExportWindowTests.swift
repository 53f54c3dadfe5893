import CGtk
import Directory
import Foundation
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

/// "Export…" in a real window: the people shown (a group, filtered and
/// sorted) written to a file read back by Python's csv module, the bar
/// under the people while it runs, Cancel leaving nothing behind, and the
/// bar's screenshot.
final class ExportWindowTests: XCTestCase {

  /// The usernames column of the CSV file at `url`, as Python's csv module reads it.
  private static func csvUsernames(_ url: URL) throws -> [String] {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    python.arguments = [
      "-c",
      "import csv, sys\nfor row in csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')):\n"
        + "    print(row['username'])",
      url.path,
    ]
    let output = Pipe()
    python.standardOutput = output
    try python.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    python.waitUntilExit()
    XCTAssertEqual(python.terminationStatus, 0, "python3 could not read the CSV")
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// The names in `folder` other than users.json.
  private static func leftovers(in folder: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.folder.path)
      .filter { $0 != "users.json" }.sorted()
  }

  func testTheGroupShownFilteredAndSortedIsExported() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try WindowTestSupport.open(PersonPageTests.directory)
      defer { window.close() }
      // "Everyone": ceo, vp, dev and intern; without the developer, by name descending.
      XCTAssertTrue(window.showGroup(1))
      window.page.narrow(.filter(try PersonFilter(parsing: #"not (title eq "Developer")"#)))
      window.local.order.sort(by: PersonSort([.init(.displayName, descending: true)]))
      let shown = ["vp", "intern", "ceo"]
      XCTAssertTrue(
        MainContext.run(until: {
          !window.local.isFiltering && !window.model.isReloading
            && window.model.elements.map(\.username) == shown
        }), "the view: \(window.model.elements.map(\.username))")

      let file = folder.folder.appendingPathComponent("people.csv")
      XCTAssertTrue(window.export(to: file, as: .csv))
      XCTAssertTrue(window.isExporting)
      XCTAssertFalse(window.export(to: file, as: .csv), "one export at a time")
      XCTAssertTrue(MainContext.run(until: { !window.isExporting }), "the export did not end")
      XCTAssertEqual(try Self.csvUsernames(file), shown)
      XCTAssertEqual(window.lastToast, "Exported 3 people to people.csv")
      XCTAssertEqual(try Self.leftovers(in: folder), ["people.csv"], "a temporary file was left")
    }
  }

  func testCancelLeavesNoFileAndTheOldOneAsItWas() throws {
    try MainActor.assumeIsolated {
      let people = (0..<100_000).map {
        #"{"username": "user\#($0)", "email": "u\#($0)@example.org"}"#
      }
      let (window, folder) = try WindowTestSupport.open("[" + people.joined(separator: ",\n") + "]")
      defer { window.close() }
      XCTAssertTrue(
        MainContext.run(until: { window.model.count == 100_000 }, timeout: .seconds(20)))
      let file = folder.folder.appendingPathComponent("people.vcf")
      try Data("the old file".utf8).write(to: file)

      XCTAssertTrue(window.export(to: file, as: .vcard))
      XCTAssertTrue(window.exportBar.isShown)
      XCTAssertTrue(window.exportBar.text.hasPrefix("Exporting 0 of 100,000 people to people.vcf"))
      cgtk_emit(gobject(window.exportBar.cancelButton), "clicked")
      XCTAssertTrue(MainContext.run(until: { !window.isExporting }), "the export did not stop")
      XCTAssertEqual(window.lastToast, "Export to people.vcf cancelled; nothing was written")
      XCTAssertFalse(window.exportBar.isShown)
      XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "the old file")
      XCTAssertEqual(try Self.leftovers(in: folder), ["people.vcf"], "a temporary file was left")
    }
  }

  func testAFolderThatCannotBeWrittenSaysSo() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try WindowTestSupport.open(PersonPageTests.directory)
      defer { window.close() }
      let file = folder.folder.appendingPathComponent("missing/people.ldif")
      XCTAssertTrue(window.export(to: file, as: .ldif))
      XCTAssertTrue(MainContext.run(until: { !window.isExporting }), "the export did not end")
      let toast = try XCTUnwrap(window.lastToast)
      XCTAssertTrue(toast.hasPrefix("Can't export to people.ldif: "), toast)
      XCTAssertFalse(window.exportBar.isShown)
    }
  }

  func testTheBarSaysHowManyOfHowManyAndTheTimeLeft() {
    let progress = ExportProgress(done: 412_000, total: 1_000_000, elapsed: .milliseconds(1200))
    XCTAssertEqual(
      ExportBar.text(progress, to: "people.csv"),
      "Exporting 412,000 of 1,000,000 people to people.csv · about 2 seconds left")
    XCTAssertEqual(
      ExportBar.text(ExportProgress(done: 500, total: nil, elapsed: .seconds(1)), to: "a.ldif"),
      "Exporting 500 people to a.ldif", "a server still counting: no time left")
    XCTAssertEqual(
      ExportBar.text(ExportProgress(done: 10, total: 100_000, elapsed: .seconds(1)), to: "b.vcf"),
      "Exporting 10 of 100,000 people to b.vcf · about 166 minutes left")
  }

  /// The bar under the list, as docs/screenshots/export-progress.png shows
  /// it (saved as .build/screenshots/export-progress.png).
  func testTheExportProgressScreenshot() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openEmbeddedWindow(
        pipeline: ImagePipeline(configuration: WindowTestSupport.avatarConfiguration()))
      defer { window.close() }
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no rows on screen")
      MainContext.run(until: { window.visibleRowsWaitingForAvatars == 0 })
      window.exportBar.show(
        ExportProgress(done: 412_000, total: 1_000_000, elapsed: .milliseconds(1200)),
        to: "people.csv")
      XCTAssertTrue(window.exportBar.isShown)
      XCTAssertEqual(window.exportBar.fraction, 0.412, accuracy: 0.001)
      WindowTestSupport.waitUntilStill(window)
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/export-progress.png")
        .standardizedFileURL.path
      try Screenshot.save(window.window, to: path)
      print("screenshot: \(path)")
    }
  }
}
