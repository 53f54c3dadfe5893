import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A window on the tests' Samba AD domain controller keeps an offline copy
/// by DirSync, as it does by Content Sync on slapd: the server is read
/// first, the copy takes over once it holds everyone, and a title changed
/// with ldapmodify reaches its row in place. The DC is shared by the test
/// process: the title is put back.
final class ActiveDirectoryCopyWindowTests: XCTestCase {
  func testTheCopyTakesOverAndAChangeReachesItsRow() throws {
    let dc = try TestSambaDC.shared()
    let temporary = try TemporaryDirectory()
    let person = dc.people.people[11]
    let dn = dc.people.dn(11)
    defer {
      try? dc.modify("dn: \(dn)\nchangetype: modify\nreplace: title\ntitle: \(person.title)\n")
    }
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      var options = LDAPOptions(
        bindDN: TestSambaDC.administratorDN, password: Secret(TestSambaDC.password),
        caFile: dc.certificateAuthority.path)
      options.schema = .activeDirectory
      let copy = OfflineCopy(
        directory: try LDAPDirectory(url: dc.ldapsURL(), options: options),
        folder: temporary.folder.appendingPathComponent("copy"),
        backoff: .milliseconds(50)...Duration.milliseconds(200), pollInterval: .milliseconds(50))
      let window = MainWindow(
        application: nil, content: .copy(copy), pipeline: nil, probe: RowProbe())
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
      window.present()
      window.refresh()
      XCTAssertNotNil(window.serverPage, "without a copy the server is read a window at a time")
      let count = dc.people.people.count
      XCTAssertTrue(
        MainContext.run(
          until: {
            guard let page = window.peoplePage.loadedReader else { return false }
            return page.count == count && !page.isLoading && !page.isSorting
          }, timeout: .seconds(30)), "the copy did not take over: \(window.subtitle)")
      let page = try XCTUnwrap(window.peoplePage.loadedReader)
      XCTAssertEqual(
        Set(page.model.elements.map(\.username)), Set(dc.people.people.map(\.username)))

      try dc.modify("dn: \(dn)\nchangetype: modify\nreplace: title\ntitle: Head of DirSync\n")
      XCTAssertTrue(
        MainContext.run(
          until: {
            page.model.elements.contains {
              $0.username == person.username && $0.details.title == "Head of DirSync"
            }
          }, timeout: .seconds(30)), "a changed title reaches its row")
      XCTAssertTrue(
        window.peoplePage.loadedReader === page, "the page stays: changes are differences")
      XCTAssertEqual(page.count, count)
      XCTAssertEqual(page.lastRefresh?.changedPeople, 1, "only the changed person is replaced")
    }
  }
}
