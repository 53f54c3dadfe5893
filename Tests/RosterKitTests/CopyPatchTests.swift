import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// How a sorted list follows an offline copy's people: everyone in the
/// order the copy kept shows without a sort, and a patch that comes while
/// the one before is still carried goes on from its rows instead of
/// sorting and diffing everyone.
final class CopyPatchTests: XCTestCase {
  private static let source = DirectorySource.file(URL(fileURLWithPath: "/nonexistent/users.json"))
  private static let order = PersonSort([.init(.username)])

  @MainActor private static func window() throws -> MainWindow {
    try WindowTestSupport.setUp()
    let window = MainWindow(application: nil, content: .source(.success(source)))
    window.present()
    window.local.order.sort(by: order)
    return window
  }

  /// 2,000 people whose usernames are not in their positions' order.
  private static let table = UserTable(
    (0..<2_000).map { User(id: "id\($0)", username: "person\(1_000 + ($0 * 7_919) % 2_000)") })

  private static func sortedUsernames(_ table: UserTable) -> [String] {
    (table.sortedPositions(by: order) ?? []).map { table.username(at: $0) }
  }

  func testRowsInAnOrderMadeBeforeShowWithoutASort() throws {
    try MainActor.assumeIsolated {
      let window = try Self.window()
      defer { window.close() }
      let page = window.local
      var contents = DirectoryContents(source: Self.source, users: Self.table)
      let positions = try XCTUnwrap(Self.table.sortedPositions(by: Self.order))
      contents.sortedRows = (Self.order, positions.map { UserRef(table: Self.table, index: $0) })
      window.display(contents)
      XCTAssertFalse(page.isSorting, "nothing was left to sort")
      XCTAssertTrue(
        page.model.elements.map(\.username) == Self.sortedUsernames(Self.table),
        "the rows are not everyone by username")
    }
  }

  func testAPatchThatComesWhileTheOneBeforeIsCarriedGoesOnFromIt() throws {
    try MainActor.assumeIsolated {
      let window = try Self.window()
      defer { window.close() }
      let page = window.local
      window.display(DirectoryContents(source: Self.source, users: Self.table))
      XCTAssertTrue(
        MainContext.run(until: { !page.isSorting && page.count == 2_000 }, timeout: .seconds(10)))

      let first = try Self.table.patched([
        (identity: "id5", user: User(id: "id5", username: "aaa.first"))
      ])
      let second = try first.table.patched([
        (identity: "id6", user: User(id: "id6", username: "zzz.last")),
        (identity: "id7", user: nil),
      ])
      let followed = page.followedPatches
      var contents = DirectoryContents(source: Self.source, users: first.table)
      contents.patch = first
      window.display(contents)
      // No main loop between: the first patch is still being carried.
      contents = DirectoryContents(source: Self.source, users: second.table)
      contents.patch = second
      window.display(contents)
      XCTAssertTrue(MainContext.run(until: { !page.isSorting }, timeout: .seconds(10)))
      XCTAssertEqual(
        page.followedPatches, followed + 2, "the second patch was sorted and diffed whole")
      XCTAssertTrue(
        page.model.elements.map(\.username) == Self.sortedUsernames(second.table),
        "the rows are not everyone of the second patch by username")
      XCTAssertEqual(page.model.elements.first?.username, "aaa.first")
      XCTAssertEqual(page.model.elements.last?.username, "zzz.last")
    }
  }
}
