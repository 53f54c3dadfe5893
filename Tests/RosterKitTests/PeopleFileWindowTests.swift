import CGtk
import Directory
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A CSV and a vCard file opened in a real window as `--source` opens
/// them: the people counted in the subtitle and a person's fields on their
/// page; a file that cannot be read shows why in the error state.
final class PeopleFileWindowTests: XCTestCase {
  private static let csv = """
    Login;Full Name;E-Mail;Job Title;Office
    ada;Ada Lovelace;ada@example.org;Analyst;Marylebone
    grace;Grace Hopper;grace@example.org;"Rear Admiral; Navy";Arlington
    linus;Linus Torvalds;linus@example.org;Maintainer;Portland

    """

  private static let vCard = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    FN:Ada Lovelace\r
    EMAIL;TYPE=INTERNET:ada@example.org\r
    TITLE:Analyst\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:4.0\r
    FN:Grace Hopper\r
    EMAIL:grace@example.org\r
    TITLE:Rear Admiral\\; Navy\r
    ADR;TYPE=work:;;;Arlington;;;\r
    END:VCARD\r

    """

  /// A window on `text` written as `name`, opened through `--source`'s path.
  @MainActor
  private static func open(_ text: String, as name: String) -> (
    MainWindow, TestSupport.TemporaryDirectory
  ) {
    let folder = TestSupport.TemporaryDirectory()
    let path = folder.write(name, text: text).path
    return (WindowTestSupport.openWindow(source: RosterApplication.resolveSource(path)), folder)
  }

  /// The lines of the page of `username` in `window`.
  @MainActor
  private static func pageLines(of username: String, in window: MainWindow) throws -> [String] {
    let position = try XCTUnwrap(window.model.elements.firstIndex { $0.username == username })
    let page = try XCTUnwrap(window.openPersonPage(at: position))
    return page.attributes.lines
  }

  func testASemicolonCSVShowsItsPeopleAndAPersonsFields() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let (window, folder) = Self.open(Self.csv, as: "people.csv")
      defer { window.close() }
      _ = folder
      XCTAssertEqual(window.state, .list)
      XCTAssertEqual(window.model.count, 3)
      XCTAssertEqual(window.subtitle, "3 people")
      let lines = try Self.pageLines(of: "grace", in: window)
      XCTAssertEqual(window.shownPersonPage?.shownName, "Grace Hopper")
      XCTAssertEqual(window.subtitle, "Rear Admiral; Navy", "the title, under the name")
      XCTAssertEqual(lines, ["Email: grace@example.org", "Location: Arlington", "Role: Unknown"])
    }
  }

  func testAVCardFileShowsItsPeopleAndAPersonsFields() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let (window, folder) = Self.open(Self.vCard, as: "contacts.vcf")
      defer { window.close() }
      _ = folder
      XCTAssertEqual(window.state, .list)
      XCTAssertEqual(window.model.count, 2)
      XCTAssertEqual(window.subtitle, "2 people")
      let lines = try Self.pageLines(of: "grace", in: window)
      XCTAssertEqual(window.shownPersonPage?.shownName, "Grace Hopper")
      XCTAssertEqual(window.subtitle, "Rear Admiral; Navy", "the title, under the name")
      XCTAssertEqual(lines, ["Email: grace@example.org", "Location: Arlington", "Role: Unknown"])
    }
  }

  func testAMalformedFileShowsItsErrorInTheWindow() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let cases = [
        ("people.csv", "username,displayName\nada,\"Ada\n", "a quote opened on line 2"),
        ("people.csv", "Name,Office\nAda,Berlin\n", "its columns are: Name, Office"),
        ("contacts.vcf", "BEGIN:VCARD\nFN:Ada\n", "The vCard begun on line 1 has no END:VCARD"),
      ]
      for (name, text, reason) in cases {
        let (window, folder) = Self.open(text, as: name)
        defer { window.close() }
        _ = folder
        guard case .failed(let message) = window.state else {
          XCTFail("\(name): expected the error state, got \(window.state)")
          continue
        }
        XCTAssertTrue(message.hasPrefix("Can't retrieve the directory: "), message)
        XCTAssertTrue(message.contains(reason), message)
        XCTAssertEqual(window.model.count, 0)
      }
    }
  }
}
