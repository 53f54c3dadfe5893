import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A window on the tests' Samba AD domain controller (``TestSambaDC``),
/// signed in as the administrator over LDAPS: the table clicked on its
/// Department column is ordered by the department (AD takes that one key),
/// the disabled accounts are dimmed with "Disabled" in the Account column,
/// and no libldap call runs on the main thread. The picture is
/// .build/screenshots/active-directory.png (copied into docs/screenshots by
/// hand).
final class ActiveDirectoryWindowTests: XCTestCase {
  private static let mainThreadCalls = LDAPMainThreadCalls()

  func testTheTableSortedByDepartmentDimsTheDisabledAccounts() throws {
    let dc = try TestSambaDC.shared()
    try MainActor.assumeIsolated {
      var options = LDAPOptions(
        bindDN: TestSambaDC.administratorDN, password: Secret(TestSambaDC.password),
        caFile: dc.certificateAuthority.path)
      options.schema = .activeDirectory
      options.mainThreadCalls = Self.mainThreadCalls
      let calls = Self.mainThreadCalls.count
      let directory = try LDAPDirectory(url: dc.ldapsURL(), options: options)
      let window = try ServerTestCase.openWindow(directory: directory)
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 1100, 860)
      let page = try XCTUnwrap(window.server)
      window.peoplePage.viewMode = .table
      page.table.columns.setFields([.displayName, .title, .department, .active])
      // The directors and the disabled accounts: the first department's
      // (Design: 10 directors, 1 disabled) fit on the first screen whatever
      // order AD gives people equal in it.
      XCTAssertTrue(window.setFilterText(#"title eq "Director" or active eq "false""#))
      page.order.sortByColumn(.department)
      XCTAssertEqual(page.order.key, PersonSort.Key(.department))

      let people = dc.people.people.filter { $0.title == "Director" || $0.disabled }
      let names = Dictionary(uniqueKeysWithValues: people.map { ($0.displayName, $0) })
      let firstDepartment = people.map(\.department).min()!
      let first = people.filter { $0.department == firstDepartment }
      XCTAssertTrue(first.contains(where: \.disabled))
      var rows: [(name: String, cells: [String], opacity: Double)] = []
      XCTAssertTrue(
        MainContext.run(
          until: {
            rows = page.table.shownRows.filter { $0.row.identity != nil }
              .sorted { $0.position < $1.position }
              .map {
                (
                  $0.row.cellTexts[0], $0.row.cellTexts,
                  gtk_widget_get_opacity($0.row.widget)
                )
              }
            return !page.isLoading && page.model.count == people.count
              && rows.count > first.count
              && rows.prefix(first.count).allSatisfy { $0.cells[2] == firstDepartment }
          }, timeout: .seconds(20)),
        "\(page.model.count) people: \(rows.map(\.cells))")
      // In the department's order, each a director or disabled; the
      // disabled dimmed and saying so.
      XCTAssertEqual(rows.map { $0.cells[2] }, rows.map { $0.cells[2] }.sorted())
      for row in rows {
        let person = try XCTUnwrap(names[row.name], row.name)
        XCTAssertEqual(row.cells[3], person.disabled ? "Disabled" : "Active", row.name)
        XCTAssertEqual(
          row.opacity, person.disabled ? Double(PersonView.dimAlpha) : 1, accuracy: 0.001,
          row.name)
      }
      XCTAssertTrue(rows.contains { names[$0.name]?.disabled == true }, "no disabled account shown")
      XCTAssertEqual(Self.mainThreadCalls.count, calls, "no libldap call on main")
      WindowTestSupport.waitForFrames(window)
      try Screenshot.save(window.window, to: Self.path("active-directory.png"))
    }
  }

  private static func path(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../.build/screenshots/\(name)").standardizedFileURL.path
  }
}
