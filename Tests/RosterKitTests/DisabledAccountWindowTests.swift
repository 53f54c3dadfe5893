import CGtk
import Directory
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// Disabled accounts in a real window under Xvfb: a row dims the whole
/// person and says "Disabled" before the title, the table's Account
/// column says it, and the main menu's "Show Disabled Accounts" leaves
/// them out and brings them back, with the filter bar's own filter kept.
final class DisabledAccountWindowTests: XCTestCase {
  /// Twelve people, every third one (p0, p3, p6, p9) disabled.
  private static let users =
    "["
    + (0..<12).map { index in
      let disabled = index % 3 == 0 ? #", "active": false"# : ""
      return #"{"username": "p\#(index)", "title": "T\#(index)"\#(disabled)}"#
    }.joined(separator: ",") + "]"

  func testARowIsDimmedAndTheMenuLeavesDisabledAccountsOut() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try WindowTestSupport.open(Self.users)
      defer { window.close() }
      _ = folder
      var shown: [String: (role: String, opacity: Double)] = [:]
      window.factory.forEachBoundRow { row, position in
        shown[window.model[position].username] = (row.shownRole, gtk_widget_get_opacity(row.widget))
      }
      XCTAssertEqual(shown["p3"]?.role, "Disabled · T3")
      XCTAssertEqual(shown["p3"]?.opacity ?? 0, Double(PersonView.dimAlpha), accuracy: 0.001)
      XCTAssertEqual(shown["p4"]?.role, "T4")
      XCTAssertEqual(shown["p4"]?.opacity, 1)
      XCTAssertEqual(window.subtitle, "12 people")

      // The menu's check item, as a click on it activates it.
      XCTAssertTrue(window.showsDisabledAccounts)
      XCTAssertTrue(window.activate(.showDisabled))
      XCTAssertFalse(window.showsDisabledAccounts)
      let active = ["p1", "p2", "p4", "p5", "p7", "p8", "p10", "p11"]
      XCTAssertTrue(
        MainContext.run(until: { window.model.elements.map(\.username) == active }),
        "\(window.model.elements.map(\.username))")
      XCTAssertEqual(window.subtitle, "8 of 12 people")

      // With the filter bar's filter: both apply, and the bar's stays when
      // the disabled come back.
      XCTAssertTrue(window.setFilterText(#"title ew "0""#))
      XCTAssertTrue(
        MainContext.run(until: { window.model.elements.map(\.username) == ["p10"] }),
        "\(window.model.elements.map(\.username))")
      XCTAssertTrue(window.activate(.showDisabled))
      XCTAssertTrue(window.showsDisabledAccounts)
      XCTAssertTrue(
        MainContext.run(until: { window.model.elements.map(\.username) == ["p0", "p10"] }),
        "\(window.model.elements.map(\.username))")
      XCTAssertTrue(window.setFilterText(#"title sw "T""#))
      XCTAssertTrue(
        MainContext.run(until: { window.model.elements.count == 12 }),
        "\(window.model.elements.map(\.username))")
    }
  }

  func testTheTableOffersAnAccountColumn() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try WindowTestSupport.open(Self.users)
      defer { window.close() }
      _ = folder
      XCTAssertTrue(TableHeader.menuFields.contains(.active))
      window.viewMode = .table
      window.table.columns.setFields([.username, .active])
      WindowTestSupport.waitForFrames(window)
      var cells: [String: [String]] = [:]
      window.table.factory.forEachBoundRow { row, position in
        cells[window.model[position].username] = row.cellTexts
      }
      XCTAssertEqual(cells["p0"], ["p0", "Disabled"])
      XCTAssertEqual(cells["p1"], ["p1", "Active"])
    }
  }
}
