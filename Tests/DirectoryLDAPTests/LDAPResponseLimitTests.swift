import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A message from the server longer than `maxResponseBytes` is refused at
/// the socket, from the length it declares, before libldap reads or
/// allocates its body: a real slapd holds an entry with a 24 MB photo, and
/// a directory limited to 1 MiB reads it in a process of its own whose peak
/// memory must not grow by the photo's size.
final class LDAPResponseLimitTests: XCTestCase {
  static let photoBytes = 24 << 20

  func testAnEntryOverTheLimitIsCutAtTheSocketWithAClearError() throws {
    let report = try FreshTestProcess.output(
      of:
        "DirectoryLDAPTests.LDAPResponseLimitTests/testAnEntryOverTheLimitIsCutAtTheSocketWithAClearError",
      variable: "ROSTER_LDAP_LIMIT_CHILD"
    ) { try Self.readLargeEntry() }
    guard let report else { return }
    print(report)
    let fields = FreshTestProcess.fields(report)
    XCTAssertEqual(fields["too_large"], 1, report)
    XCTAssertEqual(fields["small_read"], 1, "the next read on a new connection: \(report)")
    let grew = try XCTUnwrap(fields["grew_kib"], report)
    XCTAssertLessThan(grew, (Self.photoBytes >> 10) / 3, "libldap buffered the photo: \(report)")
    XCTAssertLessThan(try XCTUnwrap(fields["took_ms"]), 5_000, report)
  }

  /// In the fresh process: the photo read with a 1 MiB limit; what it threw,
  /// how much the peak resident memory grew and how long it took.
  private static func readLargeEntry() throws -> String {
    var random = SystemRandomNumberGenerator()
    let photo =
      [0xFF, 0xD8, 0xFF] + (0..<photoBytes).map { _ in UInt8.random(in: 0...255, using: &random) }
    let people = [
      LDIFPerson(
        uid: "large", cn: "Large Photo", sn: "Photo", displayName: "Large Photo", jpegPhoto: photo),
      LDIFPerson(uid: "small", cn: "Small Entry", sn: "Entry", displayName: "Small Entry"),
    ]
    let server = try TestServer(people: people)
    defer { server.shutDown() }
    var options = LDAPOptions()
    options.maxResponseBytes = 1 << 20
    let directory = try LDAPDirectory(url: server.peopleURL, options: options)
    let outcome = BlockingResult<String>()
    Task {
      var lines: [String] = []
      // Connected and warm before the peak is taken.
      _ = try? await directory.photo(of: TestServer.dn(people[1]), maxBytes: 1 << 20)
      Self.resetPeak()
      let before = Self.peakKiB()
      let start = ContinuousClock.now
      do {
        _ = try await directory.photo(of: TestServer.dn(people[0]), maxBytes: 64 << 20)
        lines.append("too_large=0 error=none")
      } catch {
        lines.append(
          "too_large=\((error as? DirectoryError) == .tooLarge(limit: 1 << 20) ? 1 : 0) error=\(error)"
        )
      }
      let took = ContinuousClock.now - start
      lines.append("grew_kib=\(Self.peakKiB() - before)")
      lines.append(
        "took_ms=\(took.components.seconds * 1000 + took.components.attoseconds / 1_000_000_000_000_000)"
      )
      let small = try? await directory.attributes(of: TestServer.dn(people[1]))
      lines.append("small_read=\(small?.isEmpty == false ? 1 : 0)")
      outcome.set(lines.joined(separator: "\n"))
    }
    return outcome.wait()
  }

  /// The process's peak resident memory since the last ``resetPeak()``,
  /// in KiB (VmHWM).
  private static func peakKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }

  /// Sets the peak resident memory back to the current (Linux: "5" to
  /// /proc/self/clear_refs), so building the photo does not count.
  private static func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }
}

/// One value handed from a task to a thread that waits for it.
private final class BlockingResult<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: Value?

  func set(_ value: Value) {
    condition.lock()
    self.value = value
    condition.signal()
    condition.unlock()
  }

  func wait() -> Value {
    condition.lock()
    defer { condition.unlock() }
    while value == nil { condition.wait() }
    return value!
  }
}
