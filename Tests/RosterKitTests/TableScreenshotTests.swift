import CAdw
import CGtk
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// The table view's screenshot: a dozen people with their details, sorted
/// by department, saved as .build/screenshots/table.png (copied into
/// docs/screenshots by hand), in the dark style as table-dark.png and right
/// to left as table-rtl.png.
final class TableScreenshotTests: XCTestCase {
  private static let people: [(String, String, String, String, String, String)] = [
    ("mgarcia", "María García", "Director", "Engineering", "Madrid", "+34 91 555 0101"),
    ("jchen", "Jun Chen", "Staff Engineer", "Engineering", "Singapore", "+65 6555 0102"),
    ("aokafor", "Adaeze Okafor", "Engineering Manager", "Engineering", "Lagos", "+234 1 555 0103"),
    ("lbauer", "Lena Bauer", "Designer", "Design", "Berlin", "+49 30 555 0104"),
    ("skumar", "Sanjay Kumar", "Product Manager", "Product", "Bengaluru", "+91 80 5550 0105"),
    ("yhaddad", "يوسف حداد", "Accountant", "Finance", "Beirut", "+961 1 555 106"),
    ("edubois", "Émilie Dubois", "Controller", "Finance", "Paris", "+33 1 55 50 01 07"),
    ("tnakamura", "Takeshi Nakamura", "Support Lead", "Support", "Osaka", "+81 6 5550 0108"),
    ("olsson", "Ingrid Olsson", "Recruiter", "People", "Stockholm", "+46 8 555 0109"),
    ("rsilva", "Rafael Silva", "Site Reliability Engineer", "Operations", "Lisbon", ""),
    ("kwalker", "Kate Walker", "Counsel", "Legal", "London", "+44 20 5550 0111"),
    ("dcohen", "David Cohen", "Sales Engineer", "Sales", "Tel Aviv", "+972 3 555 0112"),
  ]

  func testTheTableScreenshot() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      let entries = Self.people.map { username, name, title, department, location, phone in
        #"{"username": "\#(username)", "role": "User", "avatar": "", "displayName": "\#(name)", "#
          + #""title": "\#(title)", "department": "\#(department)", "location": "\#(location)", "#
          + #""email": "\#(username)@example.org", "phone": "\#(phone)"}"#
      }
      try directory.write("[" + entries.joined(separator: ",\n") + "]")
      let window = WindowTestSupport.openWindow(on: directory)
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 1180, 560)
      window.viewMode = .table
      window.table.header.click(.department)
      XCTAssertTrue(
        MainContext.run(until: {
          !window.local.isSorting && !window.model.isReloading
            && window.table.shownRows.count == Self.people.count
        }), "the sorted table did not show")
      XCTAssertEqual(window.table.shownRows.first?.row.cellTexts[2], "Design")
      window.select(2)
      WindowTestSupport.waitUntilStill(window)
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/table.png").standardizedFileURL.path
      try Screenshot.save(window.window, to: path)
      print("screenshot: \(path)")

      // Dark style: the rows draw in the theme's light text colour.
      let manager = adw_style_manager_get_default()!
      adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_DARK)
      defer { adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_DEFAULT) }
      // The new style applies as GTK lays the window out.
      WindowTestSupport.waitUntilStill(window)
      let row = try XCTUnwrap(window.table.shownRows.last?.row)
      var color = GdkRGBA()
      gtk_style_context_get_color(
        gtk_widget_get_style_context(row.widget), &color)
      XCTAssertGreaterThan(color.red + color.green + color.blue, 2.1, "dark text on a dark list")
      try Screenshot.save(
        window.window, to: path.replacingOccurrences(of: ".png", with: "-dark.png"))
      adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_DEFAULT)

      // Right to left, the header and the rows mirror together: the first
      // column's end edge is right of the second's.
      gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
      defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
      WindowTestSupport.waitUntilStill(window)
      let header = window.table.header
      let first = try XCTUnwrap(header.edgePoint(of: 0, in: window.window))
      let second = try XCTUnwrap(header.edgePoint(of: 1, in: window.window))
      XCTAssertGreaterThan(first.x, second.x)
      try Screenshot.save(
        window.window, to: path.replacingOccurrences(of: ".png", with: "-rtl.png"))
    }
  }
}
