import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// Edit on a person's page on Active Directory (the tests' Samba DC):
/// the fields the server says the user signed in may not change
/// (`allowedAttributesEffective`) are offered greyed, with a tooltip
/// saying why; those it may change take what is typed and are saved. Two
/// tests print how long from Save until the row shows the change: on the
/// server's page (its rows read again) and on its offline copy (brought by
/// DirSync, polled as the app polls).
final class ActiveDirectoryEditWindowTests: XCTestCase {
  /// This class's person, beside the shared DC's people.
  private static let base = "OU=EditingWindow,\(TestSambaDC.baseDN)"
  private static let dn = "CN=Window Ada,\(base)"
  private static let password = "win.ada-Passw0rd!"

  nonisolated(unsafe) private static var dc: TestSambaDC?

  override class func setUp() {
    super.setUp()
    do {
      let dc = try TestSambaDC.shared()
      // unicodePwd: the quoted password in UTF-16LE, set over LDAPS.
      let password = Data(
        ("\"" + password + "\"").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
      try dc.modify(
        """
        dn: \(base)
        changetype: add
        objectClass: organizationalUnit
        ou: EditingWindow

        dn: \(dn)
        changetype: add
        objectClass: user
        sAMAccountName: win.ada
        displayName: Window Ada
        title: Analyst
        employeeNumber: 1001
        telephoneNumber: +44 20 7946 0001
        unicodePwd:: \(password.base64EncodedString())
        userAccountControl: 512

        """)
      Self.dc = dc
    } catch {
      XCTFail("could not start the DC or add the person: \(error)")
    }
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    try MainActor.assumeIsolated { try WindowTestSupport.setUp() }
  }

  func testFieldsTheServerForbidsAreGreyedAndTheOthersAreSaved() throws {
    let dc = try XCTUnwrap(Self.dc)
    let folder = try TemporaryDirectory()
    try MainActor.assumeIsolated {
      let directory = try LDAPDirectory(
        url: Self.url(dc), options: Self.options(dc, as: Self.dn, Self.password, log: folder))
      let window = try ServerTestCase.openWindow(directory: directory)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      XCTAssertEqual(ServerTestCase.firstRows(page, count: 1), ["win.ada"])
      let person = try XCTUnwrap(window.openPersonPage(at: 0))
      let editor = person.editor
      cgtk_emit(gobject(editor.editButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { editor.phase == .editing }, timeout: .seconds(20)),
        "the fields were not read: \(editor.phase)")
      let writable = try XCTUnwrap(editor.writable, "Active Directory says")
      XCTAssertTrue(writable.contains(.phone), "\(writable)")
      XCTAssertFalse(writable.contains(.employeeNumber), "\(writable)")
      let phone = try XCTUnwrap(editor.rows[.phone]?.entry)
      let number = try XCTUnwrap(editor.rows[.employeeNumber]?.entry)
      XCTAssertNotEqual(gtk_widget_get_sensitive(phone), 0)
      XCTAssertEqual(gtk_widget_get_sensitive(number), 0, "a field AD forbids is greyed")
      XCTAssertEqual(
        gtk_widget_get_tooltip_text(number).map { String(cString: $0) },
        "The directory server does not let you change this field")

      gtk_editable_set_text(gtkObject(phone), "+44 20 7946 0999")
      cgtk_emit(gobject(editor.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { editor.phase == .viewing }, timeout: .seconds(20)),
        "the save did not end: \(editor.phase)")
      XCTAssertEqual(editor.errorText, "")
      let saved = try runBlocking {
        try await directory.values(of: "win.ada", fields: [.phone, .employeeNumber])
      }
      XCTAssertEqual(saved?[.phone], ["+44 20 7946 0999"])
      XCTAssertEqual(saved?[.employeeNumber], ["1001"])
    }
  }

  func testSavesOnTheServersPageReachItsRow() throws {
    let dc = try XCTUnwrap(Self.dc)
    let folder = try TemporaryDirectory()
    try MainActor.assumeIsolated {
      let window = try ServerTestCase.openWindow(
        directory: try LDAPDirectory(
          url: Self.url(dc), options: Self.options(dc, as: Self.dn, Self.password, log: folder)))
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      XCTAssertEqual(ServerTestCase.firstRows(page, count: 1), ["win.ada"])
      let person = try XCTUnwrap(window.openPersonPage(at: 0))
      try SaveTimes.measure(
        person, phone: { "+44 20 7946 \(3000 + $0)" },
        rowPhone: { page.person(at: 0)?.details.phone }, named: "Active Directory's row")
    }
  }

  func testSavesOnTheOfflineCopyReachItsRow() throws {
    let dc = try XCTUnwrap(Self.dc)
    let folder = try TemporaryDirectory()
    try MainActor.assumeIsolated {
      // DirSync needs the right to replicate changes: the administrator's.
      let copy = OfflineCopy(
        directory: try LDAPDirectory(
          url: Self.url(dc),
          options: Self.options(
            dc, as: TestSambaDC.administratorDN, TestSambaDC.password, log: folder)),
        folder: folder.folder.appendingPathComponent("copy"),
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
            guard let page = window.peoplePage.loadedReader else { return false }
            return page.count == 1 && !page.isLoading && !page.isSorting
          }, timeout: .seconds(30)), "the copy did not take over: \(window.subtitle)")
      let page = try XCTUnwrap(window.peoplePage.loadedReader)
      let person = try XCTUnwrap(window.openPersonPage(at: 0))
      try SaveTimes.measure(
        person, phone: { "+44 20 7946 \(4000 + $0)" },
        rowPhone: { page.model.elements.first?.details.phone }, named: "Active Directory's copy")
    }
  }

  /// The class's people on the DC, over LDAPS.
  private static func url(_ dc: TestSambaDC) -> String {
    dc.ldapsURL(base: base) + "??one?(&(objectCategory=person)(objectClass=user))"
  }

  /// Signed in as `dn`, trusting the DC's certificate, with AD's names,
  /// the change log in `folder`.
  private static func options(
    _ dc: TestSambaDC, as dn: String, _ password: String, log folder: TemporaryDirectory
  ) -> LDAPOptions {
    var options = LDAPOptions(
      bindDN: dn, password: Secret(password), caFile: dc.certificateAuthority.path)
    options.schema = .activeDirectory
    options.changeLog = LDAPChangeLog(
      path: folder.folder.appendingPathComponent("changes.ldif").path)
    return options
  }
}
