import Directory
import DirectorySCIM
import TestSupport
import XCTest

/// A real scim2-server that goes away mid-scroll, and one whose users'
/// photos live on another host: the token must never reach that host.
final class SCIMServerFailureTests: XCTestCase {
  /// The request's timeout is ten minutes: a network error within the
  /// minute the test allows is the dead server noticed, not waited out.
  func testAServerKilledMidScrollIsAClearErrorNotAHang() async throws {
    let server = try await TestSCIMServer(people: TestSCIMServer.people(60))
    var options = SCIMOptions()
    options.timeout = .seconds(600)
    let directory = try SCIMDirectory(
      url: server.url, token: Secret(TestSCIMServer.token), options: options)
    let first = try await directory.rows(0..<30)
    XCTAssertEqual(first.entries.count, 30)
    server.kill()
    let started = ContinuousClock.now
    do {
      _ = try await directory.rows(30..<60)
      XCTFail("a killed server answered")
    } catch {
      guard case .network = error else { return XCTFail("unexpected \(error)") }
    }
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(60), "the dead server was waited out")
  }

  func testTheTokenIsNotSentToAnAvatarHostElsewhere() async throws {
    let avatars = try await TestHTTPServer.start()
    let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
    avatars.image("/ann.png", image)
    let server = try await TestSCIMServer(people: [
      .init(userName: "ann", displayName: "Ann", photo: avatars.url("/ann.png").absoluteString),
      .init(userName: "bob", displayName: "Bob"),
    ])
    defer { server.kill() }
    let directory = try SCIMDirectory(url: server.url, token: Secret(TestSCIMServer.token))
    let entries = try await directory.rows(0..<2).entries
    XCTAssertNotNil(entries[0].photoVersion)
    XCTAssertNil(entries[1].photoVersion)
    let bytes = try await directory.photo(of: entries[0].id, maxBytes: 1 << 20)
    XCTAssertEqual(bytes, image)
    XCTAssertEqual(avatars.hits("/ann.png"), 1)
    let headers = try XCTUnwrap(avatars.lastHeaders("/ann.png"))
    XCTAssertNil(headers["authorization"])
    XCTAssertFalse(headers.values.contains { $0.contains(TestSCIMServer.token) })
    XCTAssertEqual(directory.statistics.photosWithoutToken, 1)
    XCTAssertEqual(directory.statistics.photosWithToken, 0)
    let none = try await directory.photo(of: entries[1].id, maxBytes: 1 << 20)
    XCTAssertNil(none)
    try await avatars.stop()
  }
}
