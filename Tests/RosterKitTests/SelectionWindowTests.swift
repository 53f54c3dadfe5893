import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// Selecting many people in a real window: clicks as GTK's list handles
/// them (Ctrl+click, Shift+click, Ctrl+A), the subtitle's count, the
/// selection kept by who is selected across a sort, a search and a
/// refresh, and Ctrl+C of all of them read back by another X client.
final class SelectionWindowTests: XCTestCase {
  static let directory = """
    [{"username": "ada", "displayName": "Ada Lovelace", "email": "ada@example.org", "title": "Zoologist"},
     {"username": "ken", "displayName": "Ken Thompson", "email": "ken@example.org", "title": "Hacker"},
     {"username": "grace", "displayName": "Grace Hopper", "email": "grace@example.org", "title": "Admiral"},
     {"username": "linus", "title": "Kernel"},
     {"username": "barbara", "displayName": "Barbara Liskov", "title": "Professor"},
     {"username": "margaret", "displayName": "Margaret Hamilton", "title": "Director"}]
    """

  @MainActor
  private static func open() throws -> (MainWindow, TemporaryDirectory) {
    try WindowTestSupport.open(directory)
  }

  /// What a click (with Ctrl: `modify`, with Shift: `extend`) on the row
  /// at `position` of the view on screen does.
  @MainActor
  private static func click(
    _ position: Int, in window: MainWindow, modify: Bool = false, extend: Bool = false
  ) {
    gtk_widget_activate_action_variant(
      window.local.shownView, "list.select-item",
      g_variant_new_tuple(
        [
          g_variant_new_uint32(guint32(position)), g_variant_new_boolean(modify ? 1 : 0),
          g_variant_new_boolean(extend ? 1 : 0),
        ], 3))
  }

  @MainActor
  private static func position(of username: String, in window: MainWindow) throws -> Int {
    try XCTUnwrap(window.model.elements.firstIndex { $0.username == username }, username)
  }

  /// The usernames selected, in the view's order.
  @MainActor
  private static func selected(in window: MainWindow) -> [String] {
    window.local.selection.ranges.positions.map { window.model[$0].username }
  }

  func testClicksSelectManyAndTheSubtitleCountsThem() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      Self.click(1, in: window)
      XCTAssertEqual(window.subtitle, "6 people", "one selected is not counted")
      Self.click(3, in: window, modify: true, extend: true)
      Self.click(5, in: window, modify: true)
      XCTAssertEqual(Self.selected(in: window), ["ken", "grace", "linus", "margaret"])
      XCTAssertEqual(window.subtitle, "4 selected")
      Self.click(2, in: window, modify: true)
      XCTAssertEqual(Self.selected(in: window), ["ken", "linus", "margaret"])
      XCTAssertEqual(window.selectedPosition, 5, "the last clicked is the one shown")

      // Ctrl+A, as GTK's list binds it.
      gtk_widget_activate_action_variant(window.local.shownView, "list.select-all", nil)
      XCTAssertEqual(window.subtitle, "6 selected")

      // The table and the grid show the same selection.
      window.viewMode = .table
      XCTAssertEqual(window.local.selection.count, 6)
      Self.click(0, in: window)
      window.viewMode = .grid
      XCTAssertEqual(Self.selected(in: window), ["ada"])
      XCTAssertEqual(window.subtitle, "6 people")
    }
  }

  func testTheSelectionFollowsThePeopleAcrossASortASearchAndARefresh() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      window.viewMode = .table
      Self.click(try Self.position(of: "ada", in: window), in: window)
      Self.click(try Self.position(of: "linus", in: window), in: window, modify: true)
      Self.click(try Self.position(of: "barbara", in: window), in: window, modify: true)
      XCTAssertEqual(Self.selected(in: window), ["ada", "linus", "barbara"])

      window.table.header.click(.title)
      XCTAssertTrue(
        MainContext.run(until: { !window.local.isSorting && !window.model.isReloading }))
      // By title: Admiral, Director, Hacker, Kernel, Professor, Zoologist.
      XCTAssertEqual(Self.selected(in: window), ["linus", "barbara", "ada"])
      XCTAssertEqual(window.subtitle, "3 selected")

      window.setSearchText("lovelace")
      XCTAssertTrue(MainContext.run(until: { window.local.showsSearchResult(for: "lovelace") }))
      XCTAssertEqual(Self.selected(in: window), ["ada"])
      XCTAssertEqual(window.subtitle, "1 of 6 people", "one selected is not counted")
      window.setSearchText("")
      XCTAssertTrue(MainContext.run(until: { window.local.showsSearchResult(for: "") }))
      XCTAssertEqual(Self.selected(in: window), ["ada"], "who was not shown left the selection")
      Self.click(try Self.position(of: "barbara", in: window), in: window, modify: true)

      // Ada becomes an Abbess: the refresh moves her to the top.
      var text = try String(contentsOf: folder.usersFile, encoding: .utf8)
      text = text.replacingOccurrences(of: "Zoologist", with: "Abbess")
      try folder.write(text)
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      XCTAssertTrue(MainContext.run(until: { window.model.elements.first?.username == "ada" }))
      XCTAssertNotNil(window.lastRefresh?.diff, "the refresh was not applied as differences")
      XCTAssertEqual(Self.selected(in: window), ["ada", "barbara"])
    }
  }

  func testControlCCopiesEveryoneSelectedInTheirOrder() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      Self.click(0, in: window)
      Self.click(2, in: window, extend: true)
      Self.click(4, in: window, modify: true)
      XCTAssertTrue(window.activate(.copy))
      XCTAssertEqual(window.lastToast, "Copied 4 people")
      XCTAssertEqual(
        try WindowTestSupport.clipboard("UTF8_STRING"),
        """
        Ada Lovelace <ada@example.org>
        Ken Thompson <ken@example.org>
        Grace Hopper <grace@example.org>
        Barbara Liskov
        """)
      let cards = try WindowTestSupport.clipboard("text/vcard")
      XCTAssertEqual(cards.components(separatedBy: "BEGIN:VCARD\r\n").count - 1, 4, cards)
      XCTAssertTrue(cards.contains("FN:Barbara Liskov\r\n"), cards)
    }
  }

  func testExportWritesOnlyTheSelectedWhenAsked() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      Self.click(1, in: window)
      Self.click(5, in: window, modify: true)
      let file = folder.folder.appendingPathComponent("selected.csv")
      XCTAssertTrue(window.export(to: file, as: .csv, onlySelected: true))
      XCTAssertTrue(MainContext.run(until: { !window.isExporting }, timeout: .seconds(20)))
      XCTAssertEqual(window.lastToast, "Exported 2 people to selected.csv")
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\r\n")
      XCTAssertEqual(lines.count, 3)
      XCTAssertTrue(lines[1].hasPrefix("ken,"), String(lines[1]))
      XCTAssertTrue(lines[2].hasPrefix("margaret,"), String(lines[2]))
    }
  }

  func testAnEmailGoesToEveryoneSelectedOrTheirAddressesAreCopied() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      Self.click(0, in: window)
      Self.click(3, in: window, extend: true)  // ada, ken, grace and linus (no address)
      XCTAssertTrue(window.activate(.email))
      XCTAssertTrue(MainContext.run(until: { window.lastOpenedURI != nil }))
      XCTAssertEqual(
        window.lastOpenedURI, "mailto:ada@example.org,ken@example.org,grace@example.org")

      // Three hundred addresses do not fit in one link: they are offered to copy.
      let many = (0..<300).map {
        #"{"username": "person\#($0)", "email": "person\#($0)@example.org"}"#
      }
      try folder.write("[" + many.joined(separator: ",") + "]")
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      XCTAssertTrue(MainContext.run(until: { window.model.count == 300 }))
      gtk_widget_activate_action_variant(window.local.shownView, "list.select-all", nil)
      window.lastOpenedURI = nil
      XCTAssertTrue(window.activate(.email))
      XCTAssertTrue(
        MainContext.run(until: { window.lastToast == "300 people are too many for one email" }))
      XCTAssertNil(window.lastOpenedURI)
      XCTAssertTrue(window.activate(.copyAddresses))
      let pasted = try WindowTestSupport.clipboard("UTF8_STRING").split(separator: "\n")
      XCTAssertEqual(pasted.count, 300)
      XCTAssertEqual(pasted.first, "person0@example.org")
    }
  }

  /// A drag from a selected row carries everyone selected, as Ctrl+C
  /// does; from a row that is not selected it carries nothing (and the
  /// drag scrolls).
  func testADragFromASelectedRowCarriesTheSelection() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      Self.click(1, in: window)
      Self.click(2, in: window, modify: true)
      let drag = try XCTUnwrap(window.peoplePage.dragSources.first)
      let (x, y) = try Self.point(ofRow: 2, in: window)
      let content = try XCTUnwrap(drag.content(atX: x, y: y), "a selected row drags nothing")
      let (outsideX, outsideY) = try Self.point(ofRow: 4, in: window)
      XCTAssertNil(drag.content(atX: outsideX, y: outsideY), "a row not selected drags")
      PeopleClipboard.set(content, on: window.window)
      XCTAssertEqual(content.productions, 0)
      XCTAssertEqual(
        try WindowTestSupport.clipboard("UTF8_STRING"),
        "Ken Thompson <ken@example.org>\nGrace Hopper <grace@example.org>")
    }
  }

  /// A right-click on a person not selected selects them and offers what
  /// one person allows; on one of many selected it offers what many allow;
  /// the Menu key opens it at the selection.
  func testTheContextMenuOffersWhatTheSelectionAllows() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      let menu = try XCTUnwrap(window.peoplePage.contextMenus.first)
      let (x, y) = try Self.point(ofRow: 1, in: window)
      menu.rightClick(atX: x, y: y)
      XCTAssertEqual(Self.selected(in: window), ["ken"])
      XCTAssertEqual(
        try Self.labels(of: menu),
        ["Send Email", "Call", "Copy", "Copy Email", "Copy Username", "Export…"])
      let popover = try XCTUnwrap(menu.shown)
      XCTAssertTrue(
        MainContext.run(until: { gtk_widget_get_mapped(popover) != 0 }), "the menu did not map")
      XCTAssertTrue(window.activate(.copyUsername))
      XCTAssertEqual(try WindowTestSupport.clipboard("UTF8_STRING"), "ken")

      Self.click(3, in: window, extend: true)
      let (x2, y2) = try Self.point(ofRow: 2, in: window)
      menu.rightClick(atX: x2, y: y2)
      XCTAssertEqual(Self.selected(in: window), ["ken", "grace", "linus"], "the selection stays")
      XCTAssertEqual(try Self.labels(of: menu), ["Send Email", "Copy 3 people", "Export…"])

      if let shown = menu.shown { gtk_popover_popdown(cgtk_popover(shown)) }
      XCTAssertTrue(window.activate(.contextMenu))
      XCTAssertNotNil(menu.shown, "the Menu key opened nothing")
    }
  }

  /// The labels of the menu showing, in order.
  @MainActor
  private static func labels(of menu: PeopleContextMenu) throws -> [String] {
    let shown = try XCTUnwrap(menu.shown, "no menu shows")
    let model = try XCTUnwrap(gtk_popover_menu_get_menu_model(OpaquePointer(shown)))
    var labels: [String] = []
    for section in 0..<g_menu_model_get_n_items(model) {
      guard let items = g_menu_model_get_item_link(model, section, "section") else { continue }
      defer { g_object_unref(items) }
      for item in 0..<g_menu_model_get_n_items(items) {
        var label: UnsafeMutablePointer<CChar>?
        guard let value = g_menu_model_get_item_attribute_value(items, item, "label", nil) else {
          continue
        }
        label = g_variant_dup_string(value, nil)
        g_variant_unref(value)
        labels.append(String(cString: label!))
        g_free(label)
      }
    }
    return labels
  }

  /// A point inside the list row at `position`, in the list view's coordinates.
  @MainActor
  private static func point(ofRow position: Int, in window: MainWindow) throws -> (Double, Double) {
    var found: Widget?
    window.factory.forEachBoundRow { row, bound in if bound == position { found = row.widget } }
    let row = try XCTUnwrap(found, "row \(position) is not bound")
    var x = 0.0
    var y = 0.0
    XCTAssertNotEqual(gtk_widget_translate_coordinates(row, window.listView, 20, 10, &x, &y), 0)
    return (x, y)
  }
}
