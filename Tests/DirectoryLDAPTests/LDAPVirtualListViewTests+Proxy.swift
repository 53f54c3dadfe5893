import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// The shared server read through the delaying proxy that app tests build
/// on: it answers exactly as when read directly, only later.
extension LDAPVirtualListViewTests {
  /// A proxy to the shared server, a directory read directly and one read
  /// through the proxy.
  private func proxied(delays: ClosedRange<Int>, seed: UInt64) async throws -> (
    proxy: DelayingTCPProxy, direct: LDAPDirectory, delayed: LDAPDirectory
  ) {
    let proxy = try await DelayingTCPProxy.start(
      targetPort: server.server.port, delays: delays, seed: seed)
    let delayed = try directory(
      url: "ldap://127.0.0.1:\(proxy.port)/ou=people,\(TestServer.suffix)??one")
    return (proxy, try directory(), delayed)
  }

  func testWindowsReadThroughTheDelayingProxyMatchADirectRead() async throws {
    let (proxy, direct, delayed) = try await proxied(delays: 0...500, seed: 7)
    XCTAssertEqual(proxy.chunksDelayed, 0)
    let n = Self.people.count
    for offset in [0, n / 2, n - 10] {
      let theirs = try await direct.rows(offset..<offset + 10)
      let ours = try await delayed.rows(offset..<offset + 10)
      XCTAssertEqual(ours.entries, theirs.entries, "at \(offset)")
      XCTAssertEqual(ours.entries.map(\.username), Array(Self.sorted[offset..<offset + 10]))
      XCTAssertEqual(ours.count, n)
      XCTAssertEqual(ours.offset, offset)
    }
    XCTAssertGreaterThan(proxy.chunksDelayed, 3, "every answer went through the proxy")
    XCTAssertEqual(proxy.connections, delayed.statistics.connectionsOpened)
    try await proxy.stop()
  }

  func testARoundTripThroughTheDelayingProxyTakesAtLeastItsShortestDelay() async throws {
    let (proxy, direct, delayed) = try await proxied(delays: 300...400, seed: 11)
    // Connect both first: the measured round trips are one window each.
    _ = try await direct.rows(0..<10)
    _ = try await delayed.rows(0..<10)
    let clock = ContinuousClock()
    let directStart = clock.now
    let theirs = try await direct.rows(100..<110)
    let directTime = directStart.duration(to: clock.now)
    let delayedStart = clock.now
    let ours = try await delayed.rows(100..<110)
    let delayedTime = delayedStart.duration(to: clock.now)
    XCTAssertEqual(ours.entries, theirs.entries)
    XCTAssertGreaterThanOrEqual(delayedTime, .milliseconds(300))
    XCTAssertGreaterThan(delayedTime, directTime)
    try await proxy.stop()
  }

  func testAPausedDelayingProxyHoldsAnswersUntilResumed() async throws {
    let (proxy, direct, delayed) = try await proxied(delays: 0...0, seed: 3)
    proxy.pause()
    let read = Task { try await delayed.rows(0..<10) }
    while proxy.chunksReceived == 0 { try await Task.sleep(for: .milliseconds(5)) }
    XCTAssertEqual(proxy.chunksDelayed, 0, "nothing reaches the client while paused")
    proxy.resume()
    let ours = try await read.value
    let theirs = try await direct.rows(0..<10)
    XCTAssertEqual(ours.entries, theirs.entries)
    XCTAssertGreaterThan(proxy.chunksDelayed, 0)
    try await proxy.stop()
  }
}
