import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// The delaying proxy tests build on: an LDAP directory read through it
/// answers exactly as when read directly, only later.
final class DelayingTCPProxyTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  nonisolated(unsafe) static var people: [LDIFPerson] = []

  override class func setUp() {
    super.setUp()
    people = TestPeople.people(count: 2_000, seed: 0xD1A7)
    server = TestServer.started(people: people)
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  var server: TestServer { Self.server! }

  private func proxied(_ proxy: DelayingTCPProxy) throws -> LDAPDirectory {
    try LDAPDirectory(
      url: "ldap://127.0.0.1:\(proxy.port)/ou=people,\(TestServer.suffix)??one")
  }

  func testWindowsReadThroughTheProxyMatchADirectRead() async throws {
    let proxy = try await DelayingTCPProxy.start(targetPort: server.server.port, seed: 7)
    let direct = try LDAPDirectory(url: server.peopleURL)
    let delayed = try proxied(proxy)
    XCTAssertEqual(proxy.chunksDelayed, 0)
    let n = Self.people.count
    for offset in [0, n / 2, n - 10] {
      let theirs = try await direct.window(offset..<offset + 10)
      let ours = try await delayed.window(offset..<offset + 10)
      XCTAssertEqual(ours.entries, theirs.entries, "at \(offset)")
      XCTAssertEqual(ours.count, n)
      XCTAssertEqual(ours.offset, offset)
    }
    XCTAssertGreaterThan(proxy.chunksDelayed, 3, "every answer went through the proxy")
    XCTAssertEqual(proxy.connections, delayed.statistics.connectionsOpened)
    try await proxy.stop()
  }

  func testARoundTripThroughTheProxyTakesAtLeastItsShortestDelay() async throws {
    let proxy = try await DelayingTCPProxy.start(
      targetPort: server.server.port, delays: 300...400, seed: 11)
    let direct = try LDAPDirectory(url: server.peopleURL)
    let delayed = try proxied(proxy)
    // Connect both first: the measured round trips are one window each.
    _ = try await direct.window(0..<10)
    _ = try await delayed.window(0..<10)
    let clock = ContinuousClock()
    let directStart = clock.now
    let theirs = try await direct.window(100..<110)
    let directTime = directStart.duration(to: clock.now)
    let delayedStart = clock.now
    let ours = try await delayed.window(100..<110)
    let delayedTime = delayedStart.duration(to: clock.now)
    XCTAssertEqual(ours.entries, theirs.entries)
    XCTAssertGreaterThanOrEqual(delayedTime, .milliseconds(300))
    XCTAssertGreaterThan(delayedTime, directTime)
    try await proxy.stop()
  }

  func testAPausedProxyHoldsAnswersUntilResumed() async throws {
    let proxy = try await DelayingTCPProxy.start(
      targetPort: server.server.port, delays: 0...0, seed: 3)
    let direct = try LDAPDirectory(url: server.peopleURL)
    let delayed = try proxied(proxy)
    proxy.pause()
    let read = Task { try await delayed.window(0..<10) }
    while proxy.chunksReceived == 0 { try await Task.sleep(for: .milliseconds(5)) }
    XCTAssertEqual(proxy.chunksDelayed, 0, "nothing reaches the client while paused")
    proxy.resume()
    let ours = try await read.value
    let theirs = try await direct.window(0..<10)
    XCTAssertEqual(ours.entries, theirs.entries)
    XCTAssertGreaterThan(proxy.chunksDelayed, 0)
    try await proxy.stop()
  }
}
