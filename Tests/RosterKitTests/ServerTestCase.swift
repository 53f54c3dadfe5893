import CGtk
import Directory
import DirectoryLDAP
import GtkKit
import PreparedImages
import TestSupport
import XCTest

@testable import RosterKit

/// A test class with a slapd of its own: started before the class's first
/// test (``makeServer()`` says with whom), stopped after its last.
///
/// Threading: XCTest calls the class methods and the tests on the main
/// thread, one at a time.
class ServerTestCase: XCTestCase {
  nonisolated(unsafe) private static var servers: [ObjectIdentifier: TestServer] = [:]

  /// The server of this class; every subclass makes its own.
  class func makeServer() throws -> TestServer {
    preconditionFailure("\(self) does not say which server it needs")
  }

  override class func setUp() {
    super.setUp()
    do {
      servers[ObjectIdentifier(self)] = try makeServer()
    } catch {
      XCTFail("could not start slapd: \(error)")
    }
  }

  override class func tearDown() {
    servers.removeValue(forKey: ObjectIdentifier(self))?.shutDown()
    super.tearDown()
  }

  /// This class's running server.
  static func server(file: StaticString = #filePath, line: UInt = #line) throws -> TestServer {
    try XCTUnwrap(servers[ObjectIdentifier(self)], "no slapd", file: file, line: line)
  }

  /// A directory on this class's server whose libldap calls on the main
  /// thread count into `mainThreadCalls`; the schema gives the fields in
  /// `refused` no ordering rule, so that the server refuses to sort by them.
  static func directory(
    countingInto mainThreadCalls: LDAPMainThreadCalls, refusingToSort refused: [PersonField] = []
  ) throws -> LDAPDirectory {
    var options = LDAPOptions()
    options.mainThreadCalls = mainThreadCalls
    for field in refused { options.schema.orderingRules[field] = nil }
    return try LDAPDirectory(url: try server().peopleURL, options: options)
  }

  /// Waits until the first `count` rows of `page` have arrived, and
  /// returns their usernames.
  @MainActor static func firstRows(
    _ page: ServerReader, count: Int, file: StaticString = #filePath, line: UInt = #line
  ) -> [String] {
    XCTAssertTrue(
      MainContext.run(
        until: { !page.isLoading && (0..<count).allSatisfy { page.person(at: $0) != nil } },
        timeout: .seconds(20)),
      "the rows did not arrive", file: file, line: line)
    return (0..<count).compactMap { page.person(at: $0)?.username }
  }

  /// The usernames of the first `count` people of `directory`, read off the main thread.
  @MainActor static func usernames(
    _ directory: any RangedDirectory, count: Int
  ) throws -> [String] {
    try usernames(directory, range: 0..<count)
  }

  /// The usernames of the people of `directory` at `range` (one window).
  @MainActor static func usernames(
    _ directory: any RangedDirectory, range: Range<Int>
  ) throws -> [String] {
    try runBlocking { try await directory.rows(range).entries.map(\.username) }
  }

  /// A 480x800 window on the directory at `url`, presented and opening;
  /// when `waitForRows`, returns once its first rows are filled.
  @MainActor static func openWindow(
    url: String, pipeline: ImagePipeline? = nil, waitForRows: Bool = true,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> MainWindow {
    try openWindow(
      directory: try LDAPDirectory(url: url), pipeline: pipeline, waitForRows: waitForRows,
      file: file, line: line)
  }

  /// A 480x800 window on `directory` (any server kind), as
  /// ``openWindow(url:pipeline:waitForRows:file:line:)``.
  @MainActor static func openWindow(
    directory: any RangedDirectory, pipeline: ImagePipeline? = nil, waitForRows: Bool = true,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> MainWindow {
    try WindowTestSupport.setUp()
    let window = MainWindow(
      application: nil, content: .server(directory), pipeline: pipeline, probe: RowProbe())
    gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
    window.present()
    window.refresh()
    if waitForRows {
      XCTAssertTrue(
        MainContext.run(
          until: { !window.isLoading && window.hasVisibleRows }, timeout: .seconds(20)),
        "the first rows did not fill", file: file, line: line)
    }
    return window
  }

  /// Scrolls `position` into view the way a keyboard jump does.
  @MainActor static func jump(_ page: ServerReader, to position: Int) {
    gtk_widget_activate_action_variant(
      page.listView, "list.scroll-to-item", g_variant_new_uint32(guint(position)))
  }

  /// The URL of the people of `server` reached through `proxy`.
  static func peopleURL(through proxy: DelayingTCPProxy) -> String {
    "ldap://127.0.0.1:\(proxy.port)/ou=people,\(TestServer.suffix)??one"
  }

  /// A proxy in front of `server`, started from a synchronous test.
  @MainActor static func proxy(
    to server: TestServer, delays: ClosedRange<Int> = 0...500, seed: UInt64
  ) throws -> DelayingTCPProxy {
    try runBlocking {
      try await DelayingTCPProxy.start(targetPort: server.server.port, delays: delays, seed: seed)
    }
  }
}

/// Checks that every bound row that shows a person shows the entry the
/// server has at the row's position now, read straight from slapd (not
/// through any proxy) a page at a time; returns how many rows it checked.
///
/// Why a late page written to a recycled row fails it: the position is the
/// one GTK gives the row's list item now (`forEachBoundRow` asks
/// `gtk_list_item_get_position`), not one the row or the model remembers,
/// and the identity is what the row was last bound to and shows. A page for
/// positions P that filled a row since moved to Q, a page of an older
/// search or reset, or a page cached under the wrong number, leaves that
/// row showing the entry of P (or of another list) at Q; every uid is
/// unique, so that entry differs from the server's entry at Q and the
/// comparison fails.
@MainActor @discardableResult func assertFilledRowsShowTheirOwnEntries(
  _ page: ServerReader, server: TestServer, file: StaticString = #filePath,
  line: UInt = #line
) throws -> Int {
  var shown: [Int: String] = [:]
  page.factory.forEachBoundRow { row, position in
    if let identity = row.identity { shown[position] = identity }
  }
  let direct = try LDAPDirectory(url: server.peopleURL)
  let pageSize = page.model.configuration.pageSize
  var expected: [Int: String] = [:]
  for number in Set(shown.keys.map { $0 / pageSize }) {
    let range = (number * pageSize)..<((number + 1) * pageSize)
    let window = try runBlocking { try await direct.rows(range) }
    for (index, entry) in window.entries.enumerated() { expected[window.offset + index] = entry.id }
  }
  for (position, identity) in shown.sorted(by: { $0.key < $1.key }) {
    XCTAssertEqual(
      identity, expected[position], "the row at \(position) shows another entry", file: file,
      line: line)
  }
  return shown.count
}

/// Waits until every row on screen shows a person and no page is on its way.
@MainActor func waitUntilFilled(
  _ page: ServerReader, file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertTrue(
    MainContext.run(
      until: { page.skeletonRows().visible == 0 && page.model.fetchesInFlight == 0 },
      timeout: .seconds(20)), "the rows on screen did not fill", file: file, line: line)
}
