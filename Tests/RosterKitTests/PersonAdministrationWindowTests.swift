import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// An administrator's account menu on a person's page, in a real window on
/// a real slapd whose editor may change anything and whose people only a
/// few of their own fields: Reset Password with two entries sets it (the
/// person then signs in with it), Generate shows the new one once; Delete
/// asks, deletes, goes back and the row goes away; New Person lists the
/// schema's required attributes and adds the person. A plain person's
/// reset shows the server's refusal in the dialog.
final class PersonAdministrationWindowTests: ServerTestCase {
  override class func makeServer() throws -> TestServer {
    try EditingPeople.server()
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

  /// A window on the people bound as `uid`, its change log at `log`, and
  /// the page of `person`.
  @MainActor private static func openPage(
    of person: String, as uid: String, log: String,
    calls: LDAPMainThreadCalls = LDAPMainThreadCalls()
  ) throws -> (MainWindow, PersonPage) {
    var options = LDAPOptions(
      bindDN: EditingPeople.dn(uid), password: Secret(EditingPeople.password(of: uid)))
    options.changeLog = LDAPChangeLog(path: log)
    options.mainThreadCalls = calls
    let directory = try LDAPDirectory(url: try Self.server().peopleURL, options: options)
    let window = try Self.openWindow(directory: directory)
    let page = try XCTUnwrap(window.server)
    // One of the people may have been deleted by an earlier test.
    let usernames = Self.firstRows(page, count: EditingPeople.people.count - 1)
    let position = try XCTUnwrap(usernames.firstIndex(of: person), "\(usernames)")
    let personPage = try XCTUnwrap(window.openPersonPage(at: position))
    XCTAssertNotEqual(
      gtk_widget_get_visible(personPage.administration.button), 0, "no account menu")
    return (window, personPage)
  }

  /// The change log's file.
  private var logPath: String { folder.folder.appendingPathComponent("log").path }

  /// Whether `uid` signs in with `password` (ldapwhoami, no Roster code).
  private func signsIn(_ uid: String, with password: String) throws -> Bool {
    let secret = folder.folder.appendingPathComponent("whoami.password")
    try Data(password.utf8).write(to: secret)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldapwhoami")
    process.arguments = [
      "-x", "-H", try Self.server().server.url, "-D", EditingPeople.dn(uid), "-y", secret.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  func testTheEditorResetsATypedPasswordAndThePersonSignsIn() throws {
    let new = "Window-Typed-Password-8"
    let log = logPath
    let calls = LDAPMainThreadCalls()
    try MainActor.assumeIsolated {
      let (window, page) = try Self.openPage(
        of: "ken", as: EditingPeople.editor, log: log, calls: calls)
      defer { window.close() }
      cgtk_emit(gobject(page.administration.resetButton), "clicked")
      let dialog = try XCTUnwrap(page.administration.passwordDialog)
      gtk_editable_set_text(gtkObject(dialog.first), new)
      gtk_editable_set_text(gtkObject(dialog.second), "not the same")
      cgtk_emit(gobject(dialog.dialog.actionButton), "clicked")
      XCTAssertEqual(dialog.dialog.statusText, "The two passwords differ")
      gtk_editable_set_text(gtkObject(dialog.second), new)
      cgtk_emit(gobject(dialog.dialog.actionButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { window.toasts.last == "Password reset" }, timeout: .seconds(20)),
        "not reset: \(dialog.dialog.statusText)")
      XCTAssertEqual(calls.count, 0, "libldap was called on the main thread")
    }
    XCTAssertTrue(try signsIn("ken", with: new))
    let text = try String(contentsOfFile: log, encoding: .utf8)
    XCTAssertFalse(text.contains(new), text)
  }

  func testAGeneratedPasswordIsShownOnceAndSignsIn() throws {
    let log = logPath
    let shown = try MainActor.assumeIsolated { () throws -> String in
      let (window, page) = try Self.openPage(of: "alan", as: EditingPeople.editor, log: log)
      defer { window.close() }
      cgtk_emit(gobject(page.administration.resetButton), "clicked")
      let dialog = try XCTUnwrap(page.administration.passwordDialog)
      cgtk_emit(gobject(dialog.generateButton), "clicked")
      XCTAssertTrue(
        MainContext.run(
          until: { gtk_widget_get_visible(dialog.copyButton) != 0 && !dialog.isBusy },
          timeout: .seconds(20)), "not reset: \(dialog.dialog.statusText)")
      XCTAssertEqual(gtk_widget_get_visible(dialog.dialog.actionButton), 0)
      return String(cString: gtk_label_get_text(gtkObject(dialog.generatedLabel)))
    }
    XCTAssertEqual(shown.count, 20, shown)
    XCTAssertTrue(try signsIn("alan", with: shown))
  }

  func testAPersonsResetShowsTheServersRefusalInTheDialog() throws {
    let log = logPath
    try MainActor.assumeIsolated {
      let (window, page) = try Self.openPage(of: "grace", as: "ada", log: log)
      let closed = ClosedFlag(window)
      defer { if !closed.value { window.close() } }
      cgtk_emit(gobject(page.administration.resetButton), "clicked")
      let dialog = try XCTUnwrap(page.administration.passwordDialog)
      gtk_editable_set_text(gtkObject(dialog.first), "Ada-Sets-Grace-1")
      gtk_editable_set_text(gtkObject(dialog.second), "Ada-Sets-Grace-1")
      cgtk_emit(gobject(dialog.dialog.actionButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { !dialog.dialog.statusText.isEmpty }, timeout: .seconds(20)))
      XCTAssertEqual(dialog.dialog.statusText, "Insufficient access (50)")
      XCTAssertEqual(Gtk.editableText(dialog.first), "Ada-Sets-Grace-1", "the entry kept")
      // The window closed with the dialog open takes the dialog with it: a
      // modal window left behind would hold every other window's input.
      XCTAssertNotEqual(gtk_widget_get_visible(dialog.dialog.window), 0)
      window.close()
      XCTAssertTrue(dialog.dialog.isClosed, "the dialog outlived its window")
    }
    XCTAssertTrue(try signsIn("grace", with: EditingPeople.password(of: "grace")))
  }

  func testDeleteAsksDeletesAndTheRowGoesAway() throws {
    let log = logPath
    let calls = LDAPMainThreadCalls()
    try MainActor.assumeIsolated {
      let (window, page) = try Self.openPage(
        of: "dennis", as: EditingPeople.editor, log: log, calls: calls)
      defer { window.close() }
      cgtk_emit(gobject(page.administration.deleteButton), "clicked")
      let dialog = try XCTUnwrap(page.administration.deleteDialog)
      cgtk_emit(gobject(dialog.dialog.actionButton), "clicked")
      let server = try XCTUnwrap(window.server)
      @MainActor func usernames() -> [String] {
        (0..<server.count).map { server.person(at: $0)?.username ?? "?" }
      }
      XCTAssertTrue(
        MainContext.run(
          until: {
            !server.isLoading && usernames().count == EditingPeople.people.count - 1
              && !usernames().contains("dennis") && !usernames().contains("?")
          }, timeout: .seconds(20)),
        "the row stays: \(usernames()) \(dialog.dialog.statusText) \(window.toasts.last ?? "")")
      XCTAssertEqual(window.toasts.last, "dennis was deleted")
      XCTAssertNil(window.shownPersonPage, "the window went back from the page")
      XCTAssertEqual(calls.count, 0, "libldap was called on the main thread")
    }
    XCTAssertEqual(try Self.server().ldapsearch(["(uid=dennis)", "cn"]), "")
  }

  func testNewPersonListsTheRequiredAttributesAndAddsThePerson() throws {
    let log = logPath
    let calls = LDAPMainThreadCalls()
    try MainActor.assumeIsolated {
      let (window, page) = try Self.openPage(
        of: "ken", as: EditingPeople.editor, log: log, calls: calls)
      defer { window.close() }
      cgtk_emit(gobject(page.administration.newButton), "clicked")
      let dialog = try XCTUnwrap(page.administration.newPersonDialog)
      XCTAssertTrue(MainContext.run(until: { dialog.form != nil }, timeout: .seconds(20)))
      XCTAssertEqual(dialog.entries.prefix(3).map(\.attribute).sorted(), ["cn", "sn", "uid"])
      gtk_editable_set_text(gtkObject(try XCTUnwrap(dialog.entry("uid"))), "grace2")
      gtk_editable_set_text(gtkObject(try XCTUnwrap(dialog.entry("cn"))), "Grace Two")
      cgtk_emit(gobject(dialog.dialog.actionButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { !dialog.dialog.statusText.isEmpty }, timeout: .seconds(20)))
      XCTAssertEqual(dialog.dialog.statusText, "Required: sn")
      gtk_editable_set_text(gtkObject(try XCTUnwrap(dialog.entry("sn"))), "Two")
      cgtk_emit(gobject(dialog.dialog.actionButton), "clicked")
      let server = try XCTUnwrap(window.server)
      @MainActor func usernames() -> [String] {
        (0..<server.count).map { server.person(at: $0)?.username ?? "?" }
      }
      XCTAssertTrue(
        MainContext.run(
          until: { !server.isLoading && usernames().contains("grace2") }, timeout: .seconds(20)),
        "no new row: \(usernames()) \(dialog.dialog.statusText) \(window.toasts.last ?? "")")
      XCTAssertEqual(calls.count, 0, "libldap was called on the main thread")
    }
  }
}
