import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Connections that fail before any directory answers; no slapd needed.
final class LDAPConnectionTests: XCTestCase {
  /// "At once" is before any timeout: the connection's and the
  /// operation's are ten minutes here, so a report within the minute the
  /// test allows is the refusal itself, on any machine.
  func testARefusedConnectionIsReportedAtOnceNotAfterATimeout() async throws {
    let port = try DemoLDAPServer.freePort()  // nobody listens there
    let directory = try LDAPDirectory(
      url: "ldap://127.0.0.1:\(port)/dc=example,dc=org", options: Self.tenMinuteTimeouts)
    let clock = ContinuousClock()
    let start = clock.now
    await assertFails(
      .ldap(.cannotConnect(server: "127.0.0.1:\(port)")),
      saying: "Could not connect to the directory server at 127.0.0.1:\(port)"
    ) { () async throws(DirectoryError) in try await directory.rows(0..<10) }
    print("a refused LDAP connection was reported after \(start.duration(to: clock.now))")
    XCTAssertLessThan(start.duration(to: clock.now), .seconds(60), "a timeout ended the wait")
  }

  /// Timeouts no test waits for: a wait that ends within a minute was not
  /// ended by one.
  private static var tenMinuteTimeouts: LDAPOptions {
    var options = LDAPOptions()
    options.networkTimeout = .seconds(600)
    options.operationTimeout = .seconds(600)
    return options
  }

  func testAConnectionIgnoresBrokenPipesSoADeadServerCannotEndTheProcess() async throws {
    // A write to a server that has died raises SIGPIPE, which would end the
    // whole process: opening a connection must leave it ignored.
    let previous = signal(SIGPIPE, SIG_DFL)
    defer { _ = signal(SIGPIPE, previous) }
    let port = try DemoLDAPServer.freePort()
    let directory = try LDAPDirectory(url: "ldap://127.0.0.1:\(port)/dc=example,dc=org")
    _ = try? await directory.rows(0..<10)
    let now = signal(SIGPIPE, SIG_DFL)
    XCTAssertEqual(
      unsafeBitCast(now, to: Int.self), unsafeBitCast(SIG_IGN, to: Int.self),
      "SIGPIPE is not ignored after connecting")
  }

  func testAPasswordIsNotSentInClearTextToAnotherMachine() async throws {
    // 192.0.2.1 is TEST-NET-1: never reached, the request is refused first.
    let directory = try LDAPDirectory(
      url: "ldap://192.0.2.1/dc=example,dc=org",
      options: LDAPOptions(bindDN: "cn=admin,dc=example,dc=org", password: Secret("hunter2")))
    await assertFails(
      .ldap(.plaintextPasswordRefused(server: "192.0.2.1:389")),
      saying: "Refusing to send a password unencrypted to 192.0.2.1:389: use ldaps:// or StartTLS"
    ) { () async throws(DirectoryError) in try await directory.rows(0..<10) }
  }

  func testLibldapCallsOnTheMainThreadAreCounted() throws {
    XCTAssertTrue(Thread.isMainThread)
    let port = try DemoLDAPServer.freePort()
    var options = LDAPOptions()
    let calls = LDAPMainThreadCalls()
    options.mainThreadCalls = calls
    // On purpose, what the app must never do: a blocking call on the main thread.
    XCTAssertThrowsError(
      try LDAPSession.open(
        LDAPURL("ldap://127.0.0.1:\(port)/"), options: options, cancel: CancellationFlag()))
    XCTAssertGreaterThan(calls.count, 0)
  }

  /// The bench counts through `counting(mainThreadCalls:)`: the directory
  /// it returns, and every view made from it, records into the same counter
  /// the check above shows counting.
  func testACountingDirectoryAndItsViewsShareTheCounter() throws {
    let calls = LDAPMainThreadCalls()
    let directory = try LDAPDirectory(url: "ldap://127.0.0.1:1/dc=example,dc=org")
    XCTAssertNil(directory.options.mainThreadCalls, "the app counts nothing")
    let counted = directory.counting(mainThreadCalls: calls)
    XCTAssertTrue(counted.options.mainThreadCalls === calls)
    let views = [
      counted.searching("ada"), counted.querying(filter: nil, sort: PersonSort([.init(.title)])),
    ]
    for view in views {
      XCTAssertTrue((view as? LDAPDirectory)?.options.mainThreadCalls === calls)
    }
  }

  /// The silent server never answers and the request's timeouts are ten
  /// minutes: only the cancellation can end it within the test's minute.
  func testACancelledRequestToASilentServerReturnsPromptly() async throws {
    let silent = try SilentListener()
    defer { silent.close() }
    let directory = try LDAPDirectory(
      url: "ldap://127.0.0.1:\(silent.port)/dc=example,dc=org", options: Self.tenMinuteTimeouts)
    let task = Task { () async -> DirectoryError? in
      await failure { () async throws(DirectoryError) in try await directory.rows(0..<10) }
    }
    // The request has reached the server (not a span of time: a busy
    // machine may connect late), which then says nothing.
    let connection = try XCTUnwrap(silent.acceptConnection(), "the request never connected")
    defer { _ = Foundation.close(connection) }
    let clock = ContinuousClock()
    let start = clock.now
    task.cancel()
    let error = await task.value
    XCTAssertEqual(error, .cancelled)
    XCTAssertLessThan(start.duration(to: clock.now), .seconds(60), "a timeout ended the request")
  }
}

/// A TCP socket on 127.0.0.1 that accepts connections (the kernel does, into
/// its backlog) but never says a word.
///
/// Threading: use from the test that made it.
struct SilentListener {
  let socket: Int32
  let port: Int

  init() throws {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && listen(socket, 8) == 0
          && getsockname(socket, $0, &length) == 0
      }
    }
    guard ready else { throw DemoLDAPError.noFreePort }
    self.socket = socket
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// Takes the next connection off the backlog, waiting at most 60 s for
  /// one (only a client that never connects waits that long); nil if none
  /// came. The caller closes it; nothing is ever written to it.
  func acceptConnection() -> Int32? {
    var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    guard poll(&waiting, 1, 60_000) == 1 else { return nil }
    let connection = accept(socket, nil, nil)
    return connection >= 0 ? connection : nil
  }

  func close() {
    _ = Foundation.close(socket)
  }
}
