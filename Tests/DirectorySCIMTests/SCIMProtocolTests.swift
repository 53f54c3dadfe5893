import Directory
import DirectorySCIM
import TestSupport
import XCTest

/// Answers a real server on 127.0.0.1 gives that scim2-server does not:
/// 429 with Retry-After, pages with an ETag and 304, a server that cannot
/// sort, a photo on the service's own origin. The routes are written out
/// here, so each case shows exactly what the server said.
final class SCIMProtocolTests: XCTestCase {
  private var server: TestHTTPServer!

  override func setUp() async throws {
    server = try await TestHTTPServer.start()
  }

  override func tearDown() async throws {
    try await server.stop()
  }

  private func configuration(sorts: Bool, maxResults: Int = 1000) {
    server.set(
      "/v2/ServiceProviderConfig",
      .json(
        Array(
          #"{"sort":{"supported":\#(sorts)},"filter":{"supported":true,"maxResults":\#(maxResults)}}"#
            .utf8)))
  }

  private func page(_ names: [String], total: Int, photo: String? = nil) -> [UInt8] {
    let resources = names.map { name in
      let photos = photo.map { #","photos":[{"value":"\#($0)","type":"thumbnail"}]"# } ?? ""
      return #"{"id":"id-\#(name)","userName":"\#(name)"\#(photos)}"#
    }
    return Array(
      #"{"totalResults":\#(total),"Resources":[\#(resources.joined(separator: ","))]}"#.utf8)
  }

  private func directory(_ options: SCIMOptions = SCIMOptions()) throws -> SCIMDirectory {
    try SCIMDirectory(
      url: "scim+http://127.0.0.1:\(server.port)/v2", token: Secret("tok"), options: options)
  }

  /// The error of the first window of `directory`.
  private func firstRangeError(_ directory: SCIMDirectory) async -> DirectoryError? {
    do {
      _ = try await directory.rows(0..<2)
      return nil
    } catch {
      return error
    }
  }

  func testA429WaitsForRetryAfterAndThenReads() async throws {
    configuration(sorts: true)
    server.set(
      "/v2/Users",
      .sequence([
        .answer(status: 429, headers: ["Retry-After": "1"], body: []),
        .answer(status: 200, headers: [:], body: page(["ann", "bob"], total: 2)),
      ]))
    let directory = try directory()
    let started = ContinuousClock.now
    let window = try await directory.rows(0..<2)
    XCTAssertEqual(window.entries.map(\.username), ["ann", "bob"])
    XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .milliseconds(900))
    XCTAssertEqual(directory.statistics.throttledRetries, 1)
  }

  func testA503ThatNeverEndsIsItsStatusAfterTheRetries() async throws {
    configuration(sorts: true)
    server.set("/v2/Users", .answer(status: 503, headers: ["Retry-After": "0"], body: []))
    var options = SCIMOptions()
    options.maxRetries = 2
    let directory = try directory(options)
    let error = await firstRangeError(directory)
    XCTAssertEqual(error, .httpStatus(503))
    XCTAssertEqual(directory.statistics.throttledRetries, 2)
  }

  func testARefreshOfAPageWithAnETagAsksIfNoneMatchAnd304RefillsNothing() async throws {
    configuration(sorts: true)
    server.set(
      "/v2/Users",
      .sequence([
        .answer(status: 200, headers: ["ETag": #"W/"7""#], body: page(["ann"], total: 1)),
        .status(304),
      ]))
    let directory = try directory()
    let first = try await directory.rows(0..<1)
    XCTAssertNil(server.lastHeaders("/v2/Users")?["if-none-match"])
    let again = try await directory.rows(0..<1)
    XCTAssertEqual(server.lastHeaders("/v2/Users")?["if-none-match"], #"W/"7""#)
    XCTAssertEqual(again, first)
    XCTAssertEqual(directory.statistics.pagesFetched, 1)
    XCTAssertEqual(directory.statistics.notModified, 1)
  }

  func testAServerThatCannotSortIsReadForwardInItsOrder() async throws {
    configuration(sorts: false, maxResults: 2)
    server.set(
      "/v2/Users",
      .sequence([
        .answer(status: 200, headers: [:], body: page(["zed", "amy"], total: 3)),
        .answer(status: 200, headers: [:], body: page(["kim"], total: 3)),
      ]))
    let directory = try directory()
    let first = try await directory.rows(0..<1)
    XCTAssertEqual(first.entries.map(\.username), ["zed"])
    XCTAssertEqual(first.count, 2)
    XCTAssertFalse(first.isCountFinal)
    let rest = try await directory.rows(1..<3)
    XCTAssertEqual(rest.entries.map(\.username), ["amy", "kim"])
    XCTAssertEqual(rest.count, 3)
    XCTAssertTrue(rest.isCountFinal)
    XCTAssertEqual(directory.statistics.pagesFetched, 2)
    XCTAssertEqual(directory.location, "127.0.0.1, in the server's order")
    XCTAssertEqual(server.hits("/v2/Users?startIndex=3&count=2&attributes=" + Self.attributes), 1)
  }

  func testPagesStayWithinTheServersMaxResults() async throws {
    configuration(sorts: true, maxResults: 2)
    server.set("/v2/Users", .answer(status: 200, headers: [:], body: page(["a", "b"], total: 9)))
    _ = try await directory().rows(0..<2)
    let sorted = "&sortBy=userName&sortOrder=ascending&attributes=" + Self.attributes
    XCTAssertEqual(server.hits("/v2/Users?startIndex=1&count=2" + sorted), 1)
  }

  func testAPhotoOnTheServicesOwnOriginIsAskedForWithTheToken() async throws {
    configuration(sorts: true)
    let address = server.url("/v2/photos/ann.png").absoluteString
    server.set(
      "/v2/Users", .answer(status: 200, headers: [:], body: page(["ann"], total: 1, photo: address))
    )
    server.image("/v2/photos/ann.png", [1, 2, 3])
    let directory = try directory()
    let entry = try await directory.rows(0..<1).entries[0]
    let bytes = try await directory.photo(of: entry.id, maxBytes: 1024)
    XCTAssertEqual(bytes, [1, 2, 3])
    XCTAssertEqual(server.lastHeaders("/v2/photos/ann.png")?["authorization"], "Bearer tok")
    XCTAssertEqual(directory.statistics.photosWithToken, 1)
  }

  func testAnAnswerOverTheByteLimitIsAClearError() async throws {
    configuration(sorts: true)
    server.set("/v2/Users", .flood(count: 4 << 20, declared: false))
    var options = SCIMOptions()
    options.maxResponseBytes = 1 << 20
    let error = await firstRangeError(try directory(options))
    XCTAssertEqual(error, .tooLarge(limit: 1 << 20))
  }

  /// The row attributes and the details as a page's query spells them.
  static let attributes =
    "id%2CuserName%2CuserType%2Croles%2Cactive%2Cphotos%2Cmeta%2CdisplayName%2Cname.formatted%2Ctitle"
    + "%2Cemails%2CphoneNumbers%2Caddresses"
    + "%2Curn%3Aietf%3Aparams%3Ascim%3Aschemas%3Aextension%3Aenterprise%3A2.0%3AUser%3Adepartment"
    + "%2Curn%3Aietf%3Aparams%3Ascim%3Aschemas%3Aextension%3Aenterprise%3A2.0%3AUser%3AemployeeNumber"
    + "%2Curn%3Aietf%3Aparams%3Ascim%3Aschemas%3Aextension%3Aenterprise%3A2.0%3AUser%3Amanager"
}
