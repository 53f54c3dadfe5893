import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// Reaching a person from a real window: the person page's Send Email,
/// Call, Copy Email and Copy Username, and Ctrl+C on the list, the
/// clipboard read back by another X client (xclip), as a text editor or a
/// contacts app would paste it.
final class ContactWindowTests: XCTestCase {
  static let directory = """
    [{"username": "ada", "displayName": "Ada Lovelace", "email": "ada@example.org",
      "phone": "+44 20 7946 0000", "title": "Analyst"},
     {"username": "eve", "displayName": "Eve\\nBcc <eve@evil.test>", "email": "not an address"},
     {"username": "zed"}]
    """

  @MainActor
  private static func open() throws -> (MainWindow, TemporaryDirectory) {
    try WindowTestSupport.open(directory)
  }

  @MainActor
  private static func page(of username: String, in window: MainWindow) throws -> PersonPage {
    let position = try XCTUnwrap(window.model.elements.firstIndex { $0.username == username })
    window.select(position)
    let page = try XCTUnwrap(window.openPersonPage(at: position))
    XCTAssertTrue(MainContext.run(until: { page.person?.username == username }))
    return page
  }

  func testAPersonsPageOffersWhatTheirValuesAllow() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      let ada = try Self.page(of: "ada", in: window)
      XCTAssertEqual(
        ada.contact.shownActions,
        [
          .open("mailto:ada@example.org"), .open("tel:+44-20-7946-0000"),
          .copy("ada@example.org", what: "Email address"), .copy("ada", what: "Username"),
        ])
      window.goBack()
      // Not an address and no phone: no link to make, nothing to copy but the username.
      let eve = try Self.page(of: "eve", in: window)
      XCTAssertEqual(eve.contact.shownActions, [nil, nil, nil, .copy("eve", what: "Username")])
      XCTAssertEqual(gtk_widget_get_visible(gtk_widget_get_parent(eve.contact.emailButton)), 0)
    }
  }

  func testCopyEmailPutsTheAddressOnTheClipboard() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      let ada = try Self.page(of: "ada", in: window)
      cgtk_emit(gobject(ada.contact.copyEmailButton), "clicked")
      XCTAssertEqual(try WindowTestSupport.clipboard("UTF8_STRING"), "ada@example.org")
      XCTAssertEqual(window.lastToast, "Email address copied")
      cgtk_emit(gobject(ada.contact.copyUsernameButton), "clicked")
      XCTAssertEqual(try WindowTestSupport.clipboard("UTF8_STRING"), "ada")
    }
  }

  func testControlCCopiesTheSelectedPersonAsTextAndVCard() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      let ada = try XCTUnwrap(window.model.elements.firstIndex { $0.username == "ada" })
      window.select(ada)
      XCTAssertTrue(window.activate(.copy))
      XCTAssertTrue(MainContext.run(until: { window.lastToast == "Copied Ada Lovelace" }))
      XCTAssertEqual(
        try WindowTestSupport.clipboard("UTF8_STRING"), "Ada Lovelace <ada@example.org>")
      let card = try WindowTestSupport.clipboard("text/vcard")
      XCTAssertTrue(card.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"), card)
      for line in ["FN:Ada Lovelace", "EMAIL:ada@example.org", "TITLE:Analyst", "END:VCARD"] {
        XCTAssertTrue(card.contains(line + "\r\n"), "\(line) missing from \(card)")
      }

      // A hostile name cannot add a line or an address of its own.
      let eve = try XCTUnwrap(window.model.elements.firstIndex { $0.username == "eve" })
      window.select(eve)
      XCTAssertTrue(window.activate(.copy))
      XCTAssertTrue(MainContext.run(until: { window.lastToast?.hasPrefix("Copied Eve") == true }))
      XCTAssertEqual(try WindowTestSupport.clipboard("UTF8_STRING"), "Eve Bcc eve@evil.test")
    }
  }
}
