import Directory
import DirectoryLDAP
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A window on a 389 Directory Server as installed (``Test389Server``),
/// which used to end in "LDAP error 50: VLV Control" for an anonymous
/// reader and "LDAP error 1: Sort Response Control" for a signed-in one:
/// anonymously the people fill the list, read forward; signed in, a click
/// on a column orders them by it both ways, and the manager column, which
/// 389 cannot order, is greyed with the server's reason. No libldap call
/// runs on the main thread.
final class DirectoryServer389WindowTests: XCTestCase {
  private static let mainThreadCalls = LDAPMainThreadCalls()

  private static func directory(signedIn: Bool) throws -> LDAPDirectory {
    let server = try Test389Server.shared()
    var options =
      signedIn
      ? LDAPOptions(bindDN: Test389Server.rootDN, password: Secret(Test389Server.password))
      : LDAPOptions()
    options.mainThreadCalls = mainThreadCalls
    return try LDAPDirectory(url: server.ldapURL(), options: options)
  }

  func testAnAnonymousWindowShowsEveryone() throws {
    try MainActor.assumeIsolated {
      let calls = Self.mainThreadCalls.count
      let server = try Test389Server.shared()
      let window = try ServerTestCase.openWindow(directory: try Self.directory(signedIn: false))
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let count = server.people.people.count
      XCTAssertTrue(
        MainContext.run(until: { page.model.count == count }, timeout: .seconds(20)),
        "the list holds \(page.model.count) rows, not \(count)")
      XCTAssertEqual(
        ServerTestCase.firstRows(page, count: 10),
        Array(server.people.people.map(\.username).sorted().prefix(10))
      )
      // 389's access controls show an anonymous reader names only: said.
      XCTAssertTrue(
        MainContext.run(
          until: { window.subtitle.hasSuffix(" · names only: sign in to see more") },
          timeout: .seconds(20)), window.subtitle)
      XCTAssertEqual(page.showsNamesOnly, true)
      XCTAssertEqual(Self.mainThreadCalls.count, calls, "no libldap call on main")
    }
  }

  func testAClickOnAColumnSortsBothWaysAndTheManagerIsGreyed() throws {
    try MainActor.assumeIsolated {
      let calls = Self.mainThreadCalls.count
      let directory = try Self.directory(signedIn: true)
      let window = try ServerTestCase.openWindow(directory: directory)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let byUsername = ServerTestCase.firstRows(page, count: 10)
      for descending in [false, true] {
        let sort = PersonSort([.init(.title, descending: descending)])
        page.order.sortByColumn(.title)
        XCTAssertEqual(page.order.key, sort.keys[0])
        let expected = try ServerTestCase.usernames(
          directory.querying(filter: nil, sort: sort), count: 10)
        XCTAssertNotEqual(expected, byUsername, "the title order is not the username order")
        XCTAssertEqual(
          ServerTestCase.firstRows(page, count: 10), expected, "descending: \(descending)")
      }
      // Signed in, the details show: nothing to say.
      XCTAssertNil(page.showsNamesOnly)
      XCTAssertFalse(window.subtitle.contains("names only"), window.subtitle)
      let refusals = try runBlocking { await page.sortRefusals() }
      // The manager (a DN) 389 cannot order; a city its people keep nowhere.
      XCTAssertEqual(Set(refusals.keys), [.manager, .city])
      XCTAssertTrue(refusals[.manager]?.contains("manager") == true, "\(refusals)")
      XCTAssertEqual(Self.mainThreadCalls.count, calls, "no libldap call on main")
    }
  }

  func testTheConnectDialogFindsTheBaseAndNamesTheServer() throws {
    // Only the server's URL and a filter typed: its root DSE names it and
    // says where FreeIPA's people are; the base is shown where it would be
    // typed, and remembered with what the server is, so opening it again
    // asks nothing.
    let server = try Test389Server.shared()
    let temporary = try TemporaryDirectory()
    let folder = temporary.folder
    try MainActor.assumeIsolated {
      let harness = try ConnectHarness(folder: folder)
      defer { harness.close() }
      let dialog = try harness.openDialog()
      dialog.kind = .ldap
      dialog.fields.setText(.location, "ldap://127.0.0.1:\(server.port)")
      dialog.fields.setText(.filter, "(objectClass=person)")
      harness.run(dialog, connecting: false)
      let users = CompanyPeople.freeIPAUsers389(base: Test389Server.suffix).usernames
      // "Connected to 389 Directory Server 2.3.1: 3 people"
      let status = dialog.statusText
      XCTAssertTrue(status.hasPrefix("Connected to 389 Directory Server 2."), status)
      XCTAssertTrue(status.hasSuffix(": \(NumberText.people(users.count))"), status)
      let base = "cn=users,cn=accounts,\(Test389Server.suffix)"
      XCTAssertEqual(dialog.fields.text(.baseDN), base)
      let remembered = try XCTUnwrap(harness.connections.remembered.first)
      XCTAssertEqual(remembered.baseDN, base)
      XCTAssertEqual(remembered.activeDirectory, false)
      XCTAssertFalse(remembered.asksTheServer)
      XCTAssertTrue(
        harness.settingsText.contains(#""activeDirectory" : false"#), harness.settingsText)

      // Opened from the menu (the dialog closed, as Close would): at once,
      // with the base found.
      dialog.close()
      harness.pick(remembered.id)
      XCTAssertEqual(harness.opened, 1)
      harness.waitForRows()
      XCTAssertEqual(
        ServerTestCase.firstRows(try XCTUnwrap(harness.window.server), count: users.count),
        users.sorted())
    }
  }
}
