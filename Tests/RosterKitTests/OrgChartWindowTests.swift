import CGtk
import Directory
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The org chart of the person shown, from a real window: printed through
/// GTK's print operation to a PDF that pdftotext reads back (the person
/// and three levels under them, nobody deeper), and written as SVG with a
/// toast saying where; a server read by ranges says what a chart needs.
final class OrgChartWindowTests: XCTestCase {
  /// The text of the PDF at `path`, as pdftotext reads it.
  private static func text(ofPDF path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
    process.arguments = [path, "-"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    return String(decoding: data, as: UTF8.self)
  }

  /// A window on the person page test's directory showing `username`'s page.
  @MainActor private static func window(showing username: String) throws -> (
    MainWindow, TemporaryDirectory
  ) {
    let (window, folder) = try WindowTestSupport.open(PersonPageTests.directory)
    let position = try XCTUnwrap(window.model.elements.firstIndex { $0.username == username })
    XCTAssertNotNil(window.openPersonPage(at: position))
    return (window, folder)
  }

  func testThePrintedChartHoldsThePersonAndThreeLevelsUnderThem() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.window(showing: "vp")
      defer { window.close() }
      let pdf = folder.folder.appendingPathComponent("printed.pdf").path
      var printed: Bool?
      window.printOrgChart(toFile: pdf) { printed = $0 }
      XCTAssertTrue(MainContext.run(until: { printed != nil }, timeout: .seconds(10)))
      XCTAssertEqual(printed, true)
      let text = try Self.text(ofPDF: pdf)
      for name in ["Vi Vice", "Di Rector", "Oh Ops", "Ma Nager", "Lee Lead"] {
        XCTAssertTrue(text.contains(name), "\(name) is not on the page: \(text)")
      }
      for name in ["Dee Dev", "Cy Chief"] {
        XCTAssertFalse(text.contains(name), "\(name) is on the page")
      }
    }
  }

  func testTheChartIsWrittenAndAToastSaysWhere() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.window(showing: "mgr")
      defer { window.close() }
      var chart: OrgChartContent?
      Task { @MainActor in chart = await window.orgChartOfShownPerson()?.content }
      XCTAssertTrue(MainContext.run(until: { chart != nil }, timeout: .seconds(10)))
      let file = folder.folder.appendingPathComponent("chart.svg")
      window.write(try XCTUnwrap(chart), as: .svg, to: file)
      XCTAssertTrue(
        MainContext.run(
          until: { window.lastToast == "Org chart saved as chart.svg" },
          timeout: .seconds(10)), "\(window.lastToast ?? "no toast")")
      let svg = try String(contentsOf: file, encoding: .utf8)
      XCTAssertEqual(svg.components(separatedBy: "<g class=\"person\">").count - 1, 4)
      // A folder that is not there: the toast says why, nothing is written.
      let nowhere = folder.folder.appendingPathComponent("missing/chart.svg")
      window.write(try XCTUnwrap(chart), as: .svg, to: nowhere)
      XCTAssertTrue(
        MainContext.run(
          until: { window.lastToast?.hasPrefix("Can't save the org chart: ") == true },
          timeout: .seconds(10)), "\(window.lastToast ?? "no toast")")
      XCTAssertFalse(FileManager.default.fileExists(atPath: nowhere.path))
    }
  }
}
