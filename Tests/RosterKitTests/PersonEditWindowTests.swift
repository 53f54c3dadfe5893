import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// Changing a person on their page in a real window, on a real slapd whose
/// people may change their own phone, mobile, room and title: Edit reads
/// the fields into entries, Save writes the ones changed and Undo writes
/// them back; someone else's change since Edit is a conflict that
/// overwrites nothing until "Keep Mine"; the server's refusal shows in its
/// own words, and so does a server gone away; a users.json's page has no Edit.
final class PersonEditWindowTests: ServerTestCase {
  /// Each test edits a person of its own.
  static let people = EditingPeople.people

  override class func makeServer() throws -> TestServer {
    try EditingPeople.server(editors: false)
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

  static func dn(_ uid: String) -> String { EditingPeople.dn(uid) }
  static func password(of uid: String) -> String { EditingPeople.password(of: uid) }

  /// What `attribute` of `uid` holds on the server, read with ldapsearch.
  private static func texts(_ attribute: String, of uid: String) throws -> [String] {
    let output = try server().ldapsearch(["-s", "base", attribute], base: dn(uid))
    return output.split(separator: "\n").compactMap { line in
      line.hasPrefix("\(attribute): ") ? String(line.dropFirst(attribute.count + 2)) : nil
    }
  }

  /// A window on the people, bound as `uid`, its libldap calls on the
  /// main thread counted into `calls`; and the page of `person`.
  @MainActor private static func openPage(
    of person: String, as uid: String, calls: LDAPMainThreadCalls, log: String,
    url: String? = nil
  ) throws -> (MainWindow, PersonPage) {
    var options = LDAPOptions(bindDN: Self.dn(uid), password: Secret(Self.password(of: uid)))
    options.changeLog = LDAPChangeLog(path: log)
    options.mainThreadCalls = calls
    let directory = try LDAPDirectory(url: try url ?? Self.server().peopleURL, options: options)
    let window = try Self.openWindow(directory: directory)
    let page = try XCTUnwrap(window.server)
    let usernames = Self.firstRows(page, count: Self.people.count)
    let position = try XCTUnwrap(usernames.firstIndex(of: person), "\(usernames)")
    let personPage = try XCTUnwrap(window.openPersonPage(at: position))
    XCTAssertEqual(personPage.editor.username, person)
    return (window, personPage)
  }

  /// Clicks Edit and waits for the entries.
  @MainActor private static func edit(_ page: PersonPage) {
    let editor = page.editor
    XCTAssertNotEqual(gtk_widget_get_visible(editor.buttons), 0, "no Edit")
    XCTAssertNotEqual(gtk_widget_get_visible(editor.editButton), 0, "no Edit")
    XCTAssertEqual(gtk_widget_get_visible(editor.form), 0, "the form shows before Edit")
    cgtk_emit(gobject(editor.editButton), "clicked")
    XCTAssertTrue(
      MainContext.run(until: { editor.phase == .editing }, timeout: .seconds(20)),
      "the fields were not read: \(editor.phase)")
    XCTAssertNotEqual(gtk_widget_get_visible(editor.form), 0)
    XCTAssertNotEqual(gtk_widget_get_visible(editor.saveButton), 0)
    XCTAssertEqual(gtk_widget_get_visible(editor.editButton), 0)
  }

  /// Types `text` into the entry of `field`.
  @MainActor private static func type(
    _ text: String, into field: EditableField, of page: PersonPage
  )
    throws
  {
    let row = try XCTUnwrap(page.editor.rows[field])
    gtk_editable_set_text(gtkObject(row.entry), text)
  }

  /// Waits until a save or read ends with the page editing (true) or not.
  @MainActor private static func waitForSave(_ page: PersonPage, editing: Bool) -> Bool {
    MainContext.run(
      until: { page.editor.phase == (editing ? .editing : .viewing) }, timeout: .seconds(20))
  }

  @MainActor private static func saveScreenshot(_ window: MainWindow, _ name: String) throws {
    WindowTestSupport.waitUntilStill(window)
    let shot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../.build/screenshots/\(name)").standardizedFileURL.path
    try Screenshot.save(window.window, to: shot)
  }

  func testAPersonChangesTheirOwnPhoneAndUndoPutsItBack() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      let calls = LDAPMainThreadCalls()
      let (window, page) = try Self.openPage(of: "ada", as: "ada", calls: calls, log: log)
      defer { window.close() }
      Self.edit(page)
      let phone = try XCTUnwrap(page.editor.rows[.phone])
      XCTAssertEqual(phone.text, "+44 20 7946 0001")
      XCTAssertEqual(page.editor.rows[.title]?.text, "Analyst")
      XCTAssertEqual(page.editor.rows[.mobile]?.text, "")
      try Self.type("+44 20 7946 0999", into: .phone, of: page)
      try Self.saveScreenshot(window, "edit-self.png")

      cgtk_emit(gobject(page.editor.saveButton), "clicked")
      XCTAssertTrue(Self.waitForSave(page, editing: false), "not saved: \(page.editor.errorText)")
      XCTAssertEqual(page.editor.errorText, "")
      XCTAssertEqual(window.toasts.last, "Saved")
      XCTAssertEqual(gtk_widget_get_visible(page.editor.form), 0, "still editing")
      XCTAssertEqual(try Self.texts("telephoneNumber", of: "ada"), ["+44 20 7946 0999"])
      // The page and the list read the person again from the server.
      XCTAssertTrue(
        MainContext.run(
          until: { page.attributes.lines.contains("telephoneNumber: +44 20 7946 0999") },
          timeout: .seconds(20)), "the page shows \(page.attributes.lines)")
      let server = try XCTUnwrap(window.server)
      XCTAssertTrue(
        MainContext.run(
          until: {
            (0..<server.count).contains {
              server.person(at: $0)?.details.phone == "+44 20 7946 0999"
            }
          }, timeout: .seconds(20)), "the row was not read again")

      // Undo writes the old value back, with the new one as its condition.
      let undo = try XCTUnwrap(window.toasts.button(labelled: "Undo"), "no Undo on the toast")
      cgtk_emit(gobject(undo), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { window.toasts.last == "Change undone" }, timeout: .seconds(20)),
        "not undone: \(String(describing: window.toasts.last)) \(page.editor.errorText)")
      XCTAssertEqual(page.editor.phase, .viewing)
      XCTAssertEqual(try Self.texts("telephoneNumber", of: "ada"), ["+44 20 7946 0001"])
      XCTAssertTrue(
        MainContext.run(
          until: { page.attributes.lines.contains("telephoneNumber: +44 20 7946 0001") },
          timeout: .seconds(20)), "the page shows \(page.attributes.lines)")
      XCTAssertEqual(calls.count, 0, "libldap was called on the main thread")
    }
  }

  func testSomeoneElsesChangeSinceEditIsAConflictUntilKeepMine() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      let calls = LDAPMainThreadCalls()
      let (window, page) = try Self.openPage(of: "alan", as: "alan", calls: calls, log: log)
      defer { window.close() }
      Self.edit(page)
      XCTAssertEqual(page.editor.rows[.phone]?.text, "+44 161 555 0103")
      // Someone changes the phone on the server after Edit read it.
      try Self.server().server.modify(
        ldif: """
          dn: \(Self.dn("alan"))
          changetype: modify
          replace: telephoneNumber
          telephoneNumber: +44 161 555 0777
          -

          """)
      try Self.type("+44 161 555 0123", into: .phone, of: page)
      try Self.type("Codebreaker", into: .title, of: page)
      let phone = try XCTUnwrap(page.editor.rows[.phone])
      XCTAssertEqual(phone.conflictText, "")
      cgtk_emit(gobject(page.editor.saveButton), "clicked")
      XCTAssertTrue(Self.waitForSave(page, editing: true))
      XCTAssertTrue(
        MainContext.run(until: { phone.conflictText != "" }, timeout: .seconds(5)),
        "no conflict shown: \(page.editor.errorText)")
      XCTAssertEqual(phone.conflictText, "Changed on the server to “+44 161 555 0777”")
      XCTAssertEqual(page.editor.rows[.title]?.conflictText, "", "the title did not conflict")
      XCTAssertNotEqual(gtk_widget_get_visible(phone.keepMineButton), 0)
      XCTAssertEqual(phone.text, "+44 161 555 0123", "the typed value went")
      XCTAssertEqual(page.editor.rows[.title]?.text, "Codebreaker")
      XCTAssertEqual(try Self.texts("telephoneNumber", of: "alan"), ["+44 161 555 0777"])
      XCTAssertEqual(
        try Self.texts("title", of: "alan"), ["Mathematician"], "part of the change was written")
      try Self.saveScreenshot(window, "edit-conflict.png")

      // Keep Mine: the next Save overwrites the server's value knowingly.
      cgtk_emit(gobject(phone.keepMineButton), "clicked")
      XCTAssertEqual(phone.conflictText, "")
      cgtk_emit(gobject(page.editor.saveButton), "clicked")
      XCTAssertTrue(Self.waitForSave(page, editing: false), "not saved: \(page.editor.errorText)")
      XCTAssertEqual(try Self.texts("telephoneNumber", of: "alan"), ["+44 161 555 0123"])
      XCTAssertEqual(try Self.texts("title", of: "alan"), ["Codebreaker"])
      XCTAssertEqual(window.toasts.last, "Saved")
      XCTAssertEqual(calls.count, 0, "libldap was called on the main thread")
    }
  }

  func testLeavingUnsavedChangesAsksFirstAndDiscardWritesNothing() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      let (window, page) = try Self.openPage(of: "edsger", as: "edsger", calls: .init(), log: log)
      let closed = ClosedFlag(window)
      defer { if !closed.value { window.close() } }
      Self.edit(page)
      XCTAssertFalse(page.editor.hasUnsavedChanges, "nothing typed yet")
      try Self.type("Computer Scientist", into: .title, of: page)
      XCTAssertTrue(page.editor.hasUnsavedChanges)

      // Back asks; Cancel stays, the entry as typed.
      XCTAssertTrue(window.canGoBack)
      window.goBack()
      XCTAssertNotNil(page.editor.discardQuestion, "Back did not ask")
      XCTAssertNotNil(window.shownPersonPage, "Back left before the answer")
      page.editor.answerDiscardQuestion("cancel")
      XCTAssertNil(page.editor.discardQuestion)
      XCTAssertEqual(page.editor.phase, .editing)
      XCTAssertEqual(page.editor.rows[.title]?.text, "Computer Scientist")

      // Another person asks too; Discard goes there and writes nothing.
      window.openPerson(identity: Self.dn("ken"))
      XCTAssertTrue(
        MainContext.run(until: { page.editor.discardQuestion != nil }, timeout: .seconds(20)),
        "another person did not ask")
      XCTAssertEqual(page.editor.username, "edsger")
      page.editor.answerDiscardQuestion("discard")
      XCTAssertTrue(
        MainContext.run(until: { page.editor.username == "ken" }, timeout: .seconds(20)),
        "Discard did not go to the other person")
      XCTAssertEqual(page.editor.phase, .viewing)
      XCTAssertEqual(try Self.texts("title", of: "edsger"), ["Professor"])

      // Closing the window asks; Cancel keeps it, Discard closes it.
      Self.edit(page)
      try Self.type("Hacker", into: .title, of: page)
      gtk_window_close(cgtk_window(window.window))
      XCTAssertNotNil(page.editor.discardQuestion, "closing did not ask")
      page.editor.answerDiscardQuestion("cancel")
      XCTAssertFalse(closed.value, "Cancel closed the window")
      XCTAssertEqual(page.editor.rows[.title]?.text, "Hacker")
      gtk_window_close(cgtk_window(window.window))
      page.editor.answerDiscardQuestion("discard")
      XCTAssertTrue(
        MainContext.run(until: { closed.value }, timeout: .seconds(20)),
        "Discard did not close the window")
      XCTAssertEqual(try Self.texts("title", of: "ken"), ["Engineer"])
    }
  }

  func testUseTheirsTakesTheServersValueIntoTheEntry() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      let (window, page) = try Self.openPage(of: "barbara", as: "barbara", calls: .init(), log: log)
      defer { window.close() }
      Self.edit(page)
      try Self.server().server.modify(
        ldif: """
          dn: \(Self.dn("barbara"))
          changetype: modify
          replace: telephoneNumber
          telephoneNumber: +1 617 555 0777
          -

          """)
      try Self.type("+1 617 555 0123", into: .phone, of: page)
      cgtk_emit(gobject(page.editor.saveButton), "clicked")
      let phone = try XCTUnwrap(page.editor.rows[.phone])
      XCTAssertTrue(
        MainContext.run(until: { phone.conflictText != "" }, timeout: .seconds(20)),
        "no conflict shown: \(page.editor.errorText)")
      cgtk_emit(gobject(phone.useTheirsButton), "clicked")
      XCTAssertEqual(phone.text, "+1 617 555 0777")
      XCTAssertEqual(phone.conflictText, "")
      // Nothing left to change: Save leaves the entries and writes nothing.
      cgtk_emit(gobject(page.editor.saveButton), "clicked")
      XCTAssertEqual(page.editor.phase, .viewing)
      XCTAssertEqual(try Self.texts("telephoneNumber", of: "barbara"), ["+1 617 555 0777"])
    }
  }

  func testSomeoneElsesPhoneIsRefusedInTheServersWordsAndTheTypedTextStays() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      let (window, page) = try Self.openPage(of: "grace", as: "ada", calls: .init(), log: log)
      defer { window.close() }
      Self.edit(page)
      try Self.type("+1 202 555 0666", into: .phone, of: page)
      // Enter in an entry saves (GtkEntry's "activate").
      let phone = try XCTUnwrap(page.editor.rows[.phone])
      cgtk_emit(gobject(phone.entry), "activate")
      XCTAssertTrue(
        MainContext.run(until: { page.editor.errorText != "" }, timeout: .seconds(20)),
        "no refusal shown")
      XCTAssertEqual(
        page.editor.errorText, "The server refused the change: Insufficient access (50)")
      XCTAssertEqual(page.editor.phase, .editing)
      XCTAssertEqual(phone.text, "+1 202 555 0666")
      XCTAssertEqual(try Self.texts("telephoneNumber", of: "grace"), ["+1 202 555 0102"])
      // Cancel leaves the entries, the server's value untouched.
      cgtk_emit(gobject(page.editor.cancelButton), "clicked")
      XCTAssertEqual(page.editor.phase, .viewing)
      XCTAssertEqual(gtk_widget_get_visible(page.editor.form), 0)
      XCTAssertNotEqual(gtk_widget_get_visible(page.editor.editButton), 0)
    }
  }

  func testAServerThatWentAwayIsSaidAboveTheFieldsAndTheTypedTextStays() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      let proxy = try Self.proxy(to: try Self.server(), delays: 0...0, seed: 1)
      let (window, page) = try Self.openPage(
        of: "grace", as: "grace", calls: .init(), log: log, url: Self.peopleURL(through: proxy))
      defer { window.close() }
      Self.edit(page)
      try runBlocking { try await proxy.stop() }
      try Self.type("+1 202 555 0123", into: .phone, of: page)
      cgtk_emit(gobject(page.editor.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { page.editor.errorText != "" }, timeout: .seconds(30)),
        "no error shown")
      XCTAssertTrue(
        page.editor.errorText.hasPrefix("Can't save the change: "), page.editor.errorText)
      XCTAssertEqual(page.editor.phase, .editing)
      XCTAssertEqual(page.editor.rows[.phone]?.text, "+1 202 555 0123")
      XCTAssertEqual(try Self.texts("telephoneNumber", of: "grace"), ["+1 202 555 0102"])
    }
  }

  func testAUsersJSONPersonHasNoEdit() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try WindowTestSupport.open(
        #"{"people": [{"username": "ada", "displayName": "Ada Lovelace", "phone": "+44 1"}]}"#)
      defer { window.close() }
      _ = folder
      let page = try XCTUnwrap(window.openPersonPage(at: 0))
      XCTAssertEqual(page.shownName, "Ada Lovelace")
      XCTAssertEqual(gtk_widget_get_visible(page.editor.buttons), 0, "Edit on a users.json")
      page.editor.edit()
      XCTAssertEqual(page.editor.phase, .viewing)
      XCTAssertTrue(window.activate(.myDetails))
      XCTAssertEqual(
        window.lastToast, "Your own details are kept on a directory server that takes changes")
    }
  }

  func testMyDetailsOpensThePageOfThePersonSignedIn() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    try MainActor.assumeIsolated {
      var options = LDAPOptions(
        bindDN: Self.dn("margaret"), password: Secret(Self.password(of: "margaret")))
      options.changeLog = LDAPChangeLog(path: log)
      let window = try Self.openWindow(
        directory: try LDAPDirectory(url: try Self.server().peopleURL, options: options))
      defer { window.close() }
      XCTAssertTrue(window.activate(.myDetails))
      XCTAssertTrue(
        MainContext.run(
          until: { window.shownPersonPage?.person?.username == "margaret" },
          timeout: .seconds(20)), "her page did not open: \(window.lastToast ?? "")")
      XCTAssertNotEqual(gtk_widget_get_visible(window.personPage.editor.editButton), 0)

      // Read anonymously, nobody is signed in: a toast says so.
      let anonymous = try Self.openWindow(
        directory: try LDAPDirectory(url: Self.server().peopleURL))
      defer { anonymous.close() }
      XCTAssertTrue(anonymous.activate(.myDetails))
      XCTAssertTrue(
        MainContext.run(
          until: {
            anonymous.lastToast
              == "The directory server does not say who you are among its people"
          }, timeout: .seconds(20)))
      XCTAssertNil(anonymous.shownPersonPage)
    }
  }
}
