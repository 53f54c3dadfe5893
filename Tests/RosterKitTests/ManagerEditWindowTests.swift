import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The manager on the person page's form, on a real slapd, by the editor:
/// the entry holds the manager's username; the button beside it searches
/// the directory as the window's search does and a click on a person found
/// puts theirs in the entry; Save writes the manager's DN.
final class ManagerEditWindowTests: ServerTestCase {
  override class func makeServer() throws -> TestServer {
    try EditingPeople.server()
  }

  func testAManagerChosenBySearchIsSavedAsTheirDN() throws {
    let folder = try TemporaryDirectory()
    let server = try Self.server()
    try server.server.modify(
      ldif:
        "dn: \(EditingPeople.dn("ada"))\nchangetype: modify\nreplace: manager\nmanager: \(EditingPeople.dn("alan"))\n-\n\n"
    )
    try MainActor.assumeIsolated {
      var options = LDAPOptions(
        bindDN: EditingPeople.dn(EditingPeople.editor),
        password: Secret(EditingPeople.password(of: EditingPeople.editor)))
      options.changeLog = LDAPChangeLog(
        path: folder.folder.appendingPathComponent("changes.ldif").path)
      let window = try Self.openWindow(
        directory: try LDAPDirectory(url: server.peopleURL, options: options))
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let usernames = Self.firstRows(page, count: EditingPeople.people.count)
      let position = try XCTUnwrap(usernames.firstIndex(of: "ada"))
      let person = try XCTUnwrap(window.openPersonPage(at: position))
      let editor = person.editor
      cgtk_emit(gobject(editor.editButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { editor.phase == .editing }, timeout: .seconds(20)),
        "the fields were not read: \(editor.phase)")
      let manager = try XCTUnwrap(editor.rows[.manager])
      XCTAssertEqual(manager.text, "alan", "the manager's DN reads as their username")
      XCTAssertNotEqual(gtk_widget_get_sensitive(editor.managerPicker.button), 0)

      let picker = editor.managerPicker
      gtk_editable_set_text(gtkObject(picker.searchEntry), "grac")
      XCTAssertTrue(
        MainContext.run(until: { !picker.found.isEmpty }, timeout: .seconds(20)),
        "nobody found: \(picker.statusText)")
      XCTAssertEqual(picker.found.map(\.username), ["grace"])
      picker.choose(0)
      XCTAssertEqual(manager.text, "grace")

      gtk_editable_set_text(gtkObject(picker.searchEntry), "no such person at all")
      XCTAssertTrue(
        MainContext.run(until: { picker.statusText == "No one found" }, timeout: .seconds(20)))
      XCTAssertTrue(picker.found.isEmpty)

      cgtk_emit(gobject(editor.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { editor.phase == .viewing }, timeout: .seconds(20)),
        "the save did not end: \(editor.phase)")
      XCTAssertEqual(editor.errorText, "")
      XCTAssertEqual(
        try EditingPeople.texts("manager", of: "ada", on: server), [EditingPeople.dn("grace")])
    }
  }
}
