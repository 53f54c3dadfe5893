import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// Group membership from the people's context menu in a real window on a
/// real slapd with groups: Add to Group… puts the selected people in the
/// group chosen in its dialog, Remove from Group takes the selected
/// members out of the group shown and the list follows at once, and a
/// person without the right sees the server's refusal in the dialog.
final class GroupMembershipWindowTests: ServerTestCase {
  override class func makeServer() throws -> TestServer {
    try EditingPeople.server(groups: [
      LDIFGroup(cn: "Ops", members: [EditingPeople.dn("ada")]),
      LDIFGroup(cn: "Labs", members: [EditingPeople.dn("grace")]),
      LDIFGroup(
        cn: "Team",
        members: ["ada", "grace", "ken"].map(EditingPeople.dn)),
    ])
  }

  private var folder: TemporaryDirectory!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = try TemporaryDirectory()
  }

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  /// The usernames in the group `cn`, read with ldapsearch.
  private static func members(of cn: String) throws -> [String] {
    let output = try server().ldapsearch(
      ["-s", "base", "member"], base: "cn=\(cn),\(TestServer.groupsDN)")
    return output.split(separator: "\n").filter { $0.hasPrefix("member: uid=") }
      .map { String($0.dropFirst("member: uid=".count).prefix { $0 != "," }) }.sorted()
  }

  /// A window on the people bound as `uid`, its groups offered.
  @MainActor private static func openWindow(as uid: String, log: String) throws -> MainWindow {
    var options = LDAPOptions(
      bindDN: EditingPeople.dn(uid), password: Secret(EditingPeople.password(of: uid)))
    options.groupsBase = TestServer.groupsDN
    options.changeLog = LDAPChangeLog(path: log)
    let window = try Self.openWindow(
      directory: try LDAPDirectory(url: try Self.server().peopleURL, options: options))
    XCTAssertTrue(
      MainContext.run(until: { window.offersGroups }, timeout: .seconds(20)),
      "the server's groups were not offered")
    return window
  }

  /// Selects `usernames` among the first rows of the window's page.
  @MainActor private static func select(
    _ usernames: [String], in window: MainWindow, count: Int
  ) throws {
    let page = try XCTUnwrap(window.server)
    let shown = firstRows(page, count: count)
    let positions = try usernames.map { name in
      try XCTUnwrap(shown.firstIndex(of: name), "\(name) is not among \(shown)")
    }
    page.views.selection.replace(
      with: SelectionRanges(positions.map { $0..<($0 + 1) }), focus: positions.first)
    XCTAssertEqual(page.views.selection.count, usernames.count)
  }

  /// The labels of the last section of the people's menu, opened at the
  /// selection as the Menu key opens it (then closed).
  @MainActor private static func entries(_ window: MainWindow) throws -> [String] {
    let menu = try XCTUnwrap(window.peoplePage.contextMenus.first)
    menu.popUpAtSelection()
    let shown = try XCTUnwrap(menu.shown, "no menu shows")
    defer { gtk_popover_popdown(cgtk_popover(shown)) }
    let model = try XCTUnwrap(gtk_popover_menu_get_menu_model(OpaquePointer(shown)))
    let sections = g_menu_model_get_n_items(model)
    let items = try XCTUnwrap(g_menu_model_get_item_link(model, sections - 1, "section"))
    defer { g_object_unref(items) }
    return (0..<g_menu_model_get_n_items(items)).compactMap { item in
      guard let value = g_menu_model_get_item_attribute_value(items, item, "label", nil) else {
        return nil
      }
      defer { g_variant_unref(value) }
      return String(cString: g_variant_get_string(value, nil))
    }
  }

  /// Adds the people selected to `group` through the dialog.
  @MainActor private static func add(to group: String, in window: MainWindow) throws
    -> GroupPickerDialog
  {
    XCTAssertTrue(window.activate(.addToGroup))
    let dialog = try XCTUnwrap(window.contacts.membership.dialog, "no dialog")
    // The groups the sidebar read show at once.
    XCTAssertEqual(dialog.groups.map(\.name), ["Labs", "Ops", "Team"])
    XCTAssertTrue(
      MainContext.run(until: { dialog.groups.count == 3 }, timeout: .seconds(20)),
      "the groups were not listed: \(dialog.groups.map(\.name))")
    XCTAssertEqual(dialog.groups.map(\.name), ["Labs", "Ops", "Team"])
    XCTAssertTrue(dialog.select(named: group))
    cgtk_emit(gobject(dialog.addButton), "clicked")
    return dialog
  }

  func testAddToGroupPutsTheSelectedPeopleInTheGroupChosen() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(as: EditingPeople.editor, log: log)
      defer { window.close() }
      try Self.select(["alan", "barbara"], in: window, count: EditingPeople.people.count)
      XCTAssertEqual(try Self.entries(window), ["Add to Group…"], "no group is shown")
      _ = try Self.add(to: "Ops", in: window)
      XCTAssertTrue(
        MainContext.run(
          until: {
            window.contacts.membership.dialog == nil && window.toasts.last != nil
              && !window.contacts.membership.isChanging
          }, timeout: .seconds(20)),
        "the dialog stayed: \(window.contacts.membership.dialog?.statusText ?? "")")
      XCTAssertEqual(window.toasts.last, "Added 2 people to Ops")
      XCTAssertEqual(try Self.members(of: "Ops"), ["ada", "alan", "barbara"])
    }
  }

  func testRemoveFromGroupTakesTheSelectedOutOfTheGroupShownAndTheListFollows() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(as: EditingPeople.editor, log: log)
      defer { window.close() }
      window.isSidebarOpen = true
      XCTAssertTrue(
        MainContext.run(
          until: { window.sidebar.line(named: "Team") != nil }, timeout: .seconds(20)),
        "no line for Team")
      XCTAssertTrue(window.sidebar.select(named: "Team"))
      let page = try XCTUnwrap(window.server)
      XCTAssertTrue(
        MainContext.run(until: { !page.isLoading && page.count == 3 }, timeout: .seconds(20)),
        "the group's people did not show: \(page.count)")
      try Self.select(["grace", "ken"], in: window, count: 3)
      XCTAssertEqual(try Self.entries(window), ["Add to Group…", "Remove from Group"])
      XCTAssertTrue(window.activate(.removeFromGroup))
      XCTAssertTrue(
        MainContext.run(
          until: { window.toasts.last == "Removed 2 people from Team" }, timeout: .seconds(20)),
        "no toast: \(String(describing: window.toasts.last))")
      XCTAssertEqual(try Self.members(of: "Team"), ["ada"])
      XCTAssertTrue(
        MainContext.run(
          until: { !page.isLoading && page.count == 1 && page.person(at: 0)?.username == "ada" },
          timeout: .seconds(20)),
        "the group shown did not follow: \(page.count)")
    }
  }

  func testARefusalShowsInTheDialogAndNothingIsWritten() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(as: "ada", log: log)
      defer { window.close() }
      try Self.select(["ada"], in: window, count: EditingPeople.people.count)
      let dialog = try Self.add(to: "Labs", in: window)
      XCTAssertTrue(
        MainContext.run(
          until: { !window.contacts.membership.isChanging && dialog.statusText != "" },
          timeout: .seconds(20)),
        "no refusal shown")
      XCTAssertTrue(dialog.statusText.contains("Insufficient access"), dialog.statusText)
      XCTAssertTrue(window.contacts.membership.dialog === dialog, "the dialog went")
      XCTAssertEqual(try Self.members(of: "Labs"), ["grace"])
      dialog.close()
    }
  }
}
