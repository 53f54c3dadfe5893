import CGtk
import Directory
import DirectorySCIM
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// Edit on a person's page in a real window on a real scim2-server: the
/// fields read into entries (the city, which SCIM keeps nowhere, offered
/// insensitive), Save PATCHes the one changed, the server holds it and the
/// SCIM change log has it.
final class SCIMPersonEditWindowTests: XCTestCase {
  func testEditSavesATitleOnTheServer() throws {
    let folder = try TemporaryDirectory()
    let log = SCIMChangeLog(path: folder.folder.appendingPathComponent("changes.scim.jsonl").path)
    try MainActor.assumeIsolated {
      let server = try runBlocking { try await TestSCIMServer(people: TestSCIMServer.people(5)) }
      defer { server.kill() }
      var options = SCIMOptions()
      options.changeLog = log
      let directory = try SCIMDirectory(
        url: server.url, token: Secret(TestSCIMServer.token), options: options)
      let window = try ServerTestCase.openWindow(directory: directory)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let usernames = ServerTestCase.firstRows(page, count: 5)
      let position = try XCTUnwrap(usernames.firstIndex(of: "user0001"), "\(usernames)")
      let person = try XCTUnwrap(window.openPersonPage(at: position))
      let editor = person.editor
      XCTAssertNotEqual(gtk_widget_get_visible(editor.editButton), 0, "no Edit on a SCIM page")
      cgtk_emit(gobject(editor.editButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { editor.phase == .editing }, timeout: .seconds(20)),
        "the fields were not read: \(editor.phase) \(editor.errorText)")
      XCTAssertEqual(editor.rows[.title]?.text, "Designer")
      XCTAssertEqual(editor.rows[.email]?.text, "user0001@example.org")
      XCTAssertEqual(editor.writable?.contains(.city), false)
      XCTAssertEqual(editor.writable?.contains(.title), true)
      let title = try XCTUnwrap(editor.rows[.title])
      gtk_editable_set_text(gtkObject(title.entry), "Lead Designer")
      cgtk_emit(gobject(editor.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { editor.phase == .viewing }, timeout: .seconds(20)),
        "not saved: \(editor.errorText)")
      XCTAssertEqual(editor.errorText, "")
      XCTAssertEqual(window.toasts.last, "Saved")
      let saved = try runBlocking {
        let list = try await server.json("/Users?filter=userName%20eq%20%22user0001%22")
        return (list["Resources"] as? [[String: Any]])?.first?["title"] as? String
      }
      XCTAssertEqual(saved, "Lead Designer")
      XCTAssertEqual(try log.records().records.map(\.changes.first?.after), [["Lead Designer"]])
    }
  }
}
