import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// Edit on a person's page while the window shows a server's offline copy
/// (slapd with Content Sync): the change goes to the server with the values
/// seen, and the copy's sync brings it to the page and the rows, as it
/// brings anyone's; on the server's own page, the rows are read again.
/// Each prints how long from Save until the row shows the change.
final class CopyEditWindowTests: XCTestCase {
  nonisolated(unsafe) private var server: TestServer!
  private var folder: TemporaryDirectory!

  override func setUpWithError() throws {
    try super.setUpWithError()
    try MainActor.assumeIsolated { try WindowTestSupport.setUp() }
    server = try EditingPeople.server(editors: false, contentSync: true)
    folder = try TemporaryDirectory()
  }

  override func tearDown() {
    server?.shutDown()
    folder = nil
    super.tearDown()
  }

  func testAChangeSavedOnACopysPageReachesThePageAndTheRows() throws {
    let (server, base) = (server!, folder!.folder)
    try MainActor.assumeIsolated {
      var options = LDAPOptions(
        bindDN: EditingPeople.dn("ada"), password: Secret(EditingPeople.password(of: "ada")))
      options.changeLog = LDAPChangeLog(
        path: base.appendingPathComponent("changes.ldif").path)
      let copy = OfflineCopy(
        directory: try LDAPDirectory(url: server.peopleURL, options: options),
        folder: base.appendingPathComponent("copy"),
        backoff: .milliseconds(50)...Duration.milliseconds(200))
      let window = MainWindow(
        application: nil, content: .copy(copy), pipeline: nil, probe: RowProbe())
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
      window.present()
      window.refresh()
      XCTAssertTrue(
        MainContext.run(
          until: {
            guard let page = window.page as? LocalDirectoryPage else { return false }
            return page.count == EditingPeople.people.count && !page.isLoading && !page.isSorting
          }, timeout: .seconds(20)), "the copy did not take over")
      let page = try XCTUnwrap(window.page as? LocalDirectoryPage)
      let position = try XCTUnwrap(page.model.elements.firstIndex { $0.username == "ada" })
      let person = try XCTUnwrap(window.openPersonPage(at: position))
      let editor = person.editor
      XCTAssertNotEqual(gtk_widget_get_visible(editor.editButton), 0, "a copy's person has Edit")

      /// Saves `phone` as Ada's and returns how long until her page and row show it.
      @MainActor func save(_ phone: String) throws -> Duration {
        cgtk_emit(gobject(editor.editButton), "clicked")
        XCTAssertTrue(
          MainContext.run(until: { editor.phase == .editing }, timeout: .seconds(20)),
          "the fields were not read: \(editor.phase)")
        gtk_editable_set_text(gtkObject(try XCTUnwrap(editor.rows[.phone]?.entry)), phone)
        let clicked = ContinuousClock.now
        cgtk_emit(gobject(editor.saveButton), "clicked")
        let shown = MainContext.run(
          until: {
            editor.phase == .viewing && person.facts?.person.details.phone == phone
              && page.model.elements.first { $0.username == "ada" }?.details.phone == phone
          }, timeout: .seconds(20))
        XCTAssertTrue(shown, "\(editor.phase), \(editor.errorText)")
        return ContinuousClock.now - clicked
      }

      var times: [Duration] = []
      for round in 0..<20 { times.append(try save("+44 20 7946 \(1000 + round)")) }
      XCTAssertEqual(editor.errorText, "")
      XCTAssertEqual(
        try EditingPeople.texts("telephoneNumber", of: "ada", on: server), ["+44 20 7946 1019"])
      let sorted = times.sorted()
      print("Save → the copy's row shows it, 20 saves: p50 \(sorted[10]), max \(sorted[19])")
    }
  }

  func testAChangeSavedOnAServersPageReachesThePageAndTheRows() throws {
    let (server, base) = (server!, folder!.folder)
    try MainActor.assumeIsolated {
      var options = LDAPOptions(
        bindDN: EditingPeople.dn("ada"), password: Secret(EditingPeople.password(of: "ada")))
      options.changeLog = LDAPChangeLog(path: base.appendingPathComponent("changes.ldif").path)
      let window = try ServerTestCase.openWindow(
        directory: try LDAPDirectory(url: server.peopleURL, options: options))
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let usernames = ServerTestCase.firstRows(page, count: EditingPeople.people.count)
      let position = try XCTUnwrap(usernames.firstIndex(of: "ada"))
      let person = try XCTUnwrap(window.openPersonPage(at: position))
      let editor = person.editor
      var times: [Duration] = []
      for round in 0..<20 {
        let phone = "+44 20 7946 \(2000 + round)"
        cgtk_emit(gobject(editor.editButton), "clicked")
        XCTAssertTrue(
          MainContext.run(until: { editor.phase == .editing }, timeout: .seconds(20)),
          "the fields were not read: \(editor.phase)")
        gtk_editable_set_text(gtkObject(try XCTUnwrap(editor.rows[.phone]?.entry)), phone)
        let clicked = ContinuousClock.now
        cgtk_emit(gobject(editor.saveButton), "clicked")
        XCTAssertTrue(
          MainContext.run(
            until: {
              editor.phase == .viewing && person.facts?.person.details.phone == phone
                && page.person(at: position)?.details.phone == phone
            }, timeout: .seconds(20)), "\(editor.phase), \(editor.errorText)")
        times.append(ContinuousClock.now - clicked)
      }
      let sorted = times.sorted()
      print("Save → the server's row shows it, 20 saves: p50 \(sorted[10]), max \(sorted[19])")
    }
  }
}
