import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// Reading a view of slapd forward (Paged Results under the view's sort
/// control) gives the people its windows give, in the same order, a page
/// at a time; an export of it to CSV writes what an export read window by
/// window writes.
final class LDAPForwardReadTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let people = QueryPerson.people(count: 700, seed: 4099)

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: QueryPerson.scrambled(people).map(\.ldif))
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  /// The directory, narrowed and ordered.
  private func view() throws -> any RangedDirectory {
    let server = try XCTUnwrap(Self.server)
    return try LDAPDirectory(url: server.peopleURL).querying(
      filter: try PersonFilter(parsing: #"title ne "Engineer""#),
      sort: try PersonSort(parsing: "department,displayName:desc"))
  }

  func testPagesComeInTheWindowsOrder() async throws {
    let windows = try await OrgFixture.everyone(try view(), size: 90)
    let forward = try XCTUnwrap(try view() as? any ForwardReadableDirectory)
    var pages: [[DirectoryEntry]] = []
    let wasRead = try await forward.readForward(pageSize: 64) { pages.append($0) }
    XCTAssertTrue(wasRead)
    XCTAssertGreaterThan(windows.count, 300)
    XCTAssertEqual(pages.count, (windows.count + 63) / 64)
    XCTAssertTrue(pages.dropLast().allSatisfy { $0.count == 64 })
    XCTAssertEqual(pages.joined().map(\.id), windows.map(\.id))
    XCTAssertEqual(pages.joined().map(\.details), windows.map(\.details))
  }

  func testCancellingTheReadBetweenPagesStopsIt() async throws {
    let forward = try XCTUnwrap(try view() as? any ForwardReadableDirectory)
    let reading = Task {
      var pages = 0
      do {
        _ = try await forward.readForward(pageSize: 64) { _ in
          pages += 1
          withUnsafeCurrentTask { $0?.cancel() }
        }
        return (pages, nil as DirectoryError?)
      } catch let error as DirectoryError {
        return (pages, error)
      }
    }
    let (pages, error) = try await reading.value
    XCTAssertEqual(error, .cancelled)
    // The page asked for before the cancellation may still be handed over.
    XCTAssertLessThanOrEqual(pages, 2)
  }

  func testACSVExportReadForwardIsTheOneReadAWindowAtATime() async throws {
    let folder = TemporaryDirectory()
    let forward = folder.url.appendingPathComponent("forward.csv")
    let windowed = folder.url.appendingPathComponent("windowed.csv")
    let export = PersonExport(format: .csv)
    let read = try await PersonExporter.export(try view(), as: export, to: forward)
    _ = try await PersonExporter.export(WindowsOnly(inner: try view()), as: export, to: windowed)
    XCTAssertGreaterThan(read.done, 300)
    XCTAssertEqual(try Data(contentsOf: forward), try Data(contentsOf: windowed))
  }
}

/// A directory read only a window at a time: `inner` without its forward
/// reading.
///
/// Threading: `Sendable`, as `inner` is.
private struct WindowsOnly: RangedDirectory {
  let inner: any RangedDirectory

  var location: String { inner.location }
  func rows(_ range: Range<Int>) async throws(DirectoryError) -> RowRange {
    try await inner.rows(range)
  }
  func searching(_ text: String) -> any RangedDirectory { inner.searching(text) }
  func querying(filter: PersonFilter?, sort: PersonSort?) -> any RangedDirectory {
    inner.querying(filter: filter, sort: sort)
  }
  func sortRefusals() async throws(DirectoryError) -> [PersonField: String] {
    try await inner.sortRefusals()
  }
  func position(ofFirstAtOrAfter sortKey: String) async throws(DirectoryError) -> RowRange {
    try await inner.position(ofFirstAtOrAfter: sortKey)
  }
  func photo(of identity: String, maxBytes: Int) async throws(DirectoryError) -> [UInt8]? {
    try await inner.photo(of: identity, maxBytes: maxBytes)
  }
  func attributes(of identity: String) async throws(DirectoryError) -> [DirectoryAttribute] {
    try await inner.attributes(of: identity)
  }
}
