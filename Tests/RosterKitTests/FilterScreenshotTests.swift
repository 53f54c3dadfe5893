import CGtk
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// The filter bar's screenshot: the table of a dozen people with the bar
/// open, two chips and the rows they leave, saved as
/// .build/screenshots/filter.png (copied into docs/screenshots by hand).
final class FilterScreenshotTests: XCTestCase {
  private static let people: [(String, String, String, String, String)] = [
    ("mgarcia", "María García", "Director", "Engineering", "Madrid"),
    ("jchen", "Jun Chen", "Staff Engineer", "Engineering", "Singapore"),
    ("aokafor", "Adaeze Okafor", "Engineering Manager", "Engineering", "Lagos"),
    ("lbauer", "Lena Bauer", "Designer", "Design", "Berlin"),
    ("skumar", "Sanjay Kumar", "Product Manager", "Product", "Bengaluru"),
    ("edubois", "Émilie Dubois", "Controller", "Finance", "Paris"),
    ("tnakamura", "Takeshi Nakamura", "Support Lead", "Support", "Osaka"),
    ("olsson", "Ingrid Olsson", "Recruiter", "People", "Stockholm"),
    ("rsilva", "Rafael Silva", "Site Reliability Engineer", "Operations", "Lisbon"),
    ("kwalker", "Kate Walker", "Counsel", "Legal", "London"),
    ("dcohen", "David Cohen", "Sales Engineer", "Sales", "Tel Aviv"),
  ]

  func testTheFilterScreenshot() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      let entries = Self.people.map { username, name, title, department, location in
        #"{"username": "\#(username)", "role": "User", "avatar": "", "displayName": "\#(name)", "#
          + #""title": "\#(title)", "department": "\#(department)", "location": "\#(location)", "#
          + #""email": "\#(username)@example.org"}"#
      }
      try directory.write("[" + entries.joined(separator: ",\n") + "]")
      let window = WindowTestSupport.openWindow(on: directory)
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 1180, 560)
      window.viewMode = .table
      window.isFilterBarOpen = true
      let bar = window.filterBar
      bar.choose(.title, .co, "Engineer")
      bar.addFromMenus()
      bar.choose(.location, .ne, "Lagos")
      bar.addFromMenus()
      let shown = ["Jun Chen", "Rafael Silva", "David Cohen"]
      XCTAssertTrue(
        MainContext.run(until: {
          !window.local.isFiltering && !window.model.isReloading
            && window.table.shownRows.map({ $0.row.cellTexts.first ?? "" }) == shown
        }), "the filtered table did not show")
      XCTAssertEqual(bar.chips.count, 2)
      XCTAssertEqual(window.subtitle, "3 of 11 people")
      WindowTestSupport.waitUntilStill(window)
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/filter.png").standardizedFileURL.path
      try Screenshot.save(window.window, to: path)
      print("screenshot: \(path)")
    }
  }
}
