import DirectoryGenerator
import DirectoryLDAP
import Foundation
import SharedSupport

/// The server's own cost for the windows the benchmark reads, measured with
/// OpenLDAP's `ldapsearch` and the same controls (server-side sort on the
/// username with caseIgnoreOrderingMatch, virtual list view): the first
/// window of a fresh connection (which includes the server's sort), and the
/// mean time of further windows at seeded random offsets on the same
/// connection (ldapsearch reads each next window from its standard input).
///
/// Threading: blocks the calling thread while ldapsearch runs.
struct LDAPSearchBaseline: Sendable {
  /// The first window, connection and sort included, in milliseconds.
  var firstPageMs: Double
  /// One more window on the same connection, in milliseconds.
  var pageMs: Double

  /// The rows a window holds (the list's page size).
  static let pageSize = 100

  /// Runs ldapsearch against `url` (the first server of a list); nil when
  /// it is not installed or fails.
  static func measure(url: String, count: Int, jumps: Int, seed: UInt64) -> LDAPSearchBaseline? {
    guard let search = try? LDAPURL.list(url).first, count > 0 else { return nil }
    guard let first = time(search, offsets: []) else {
      return nil
    }
    var random = SplitMix64(seed: seed)
    let offsets = (0..<jumps).map { _ in 1 + random.next(below: count) }
    guard let all = time(search, offsets: offsets) else {
      return nil
    }
    return LDAPSearchBaseline(
      firstPageMs: first, pageMs: max(0, all - first) / Double(max(jumps, 1)))
  }

  /// Milliseconds for ldapsearch to read the first window of `url`'s
  /// directory narrowed by `filter` and sorted by `sortKeys` (the sort
  /// control's keys as ``DirectoryLDAP/LDAPDirectory/sortKeys`` spells
  /// them), on a fresh connection: the server's sort included. Nil when it
  /// is not installed or fails.
  static func firstWindow(url: String, filter: String, sortKeys: String) -> Double? {
    guard var search = try? LDAPURL.list(url).first else { return nil }
    search.filter = filter
    return time(
      search, offsets: [], sortKeys: sortKeys.split(separator: " ").joined(separator: "/"))
  }

  /// Milliseconds for one ldapsearch run that reads the first window, then
  /// one window at each of `offsets` (counted from 1, clamped by the server).
  private static func time(
    _ search: LDAPURL, offsets: [Int], sortKeys: String = "uid:caseIgnoreOrderingMatch"
  ) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldapsearch")
    process.arguments = [
      "-x", "-LLL", "-H", search.serverURI, "-b", search.baseDN, "-s", search.scope.rawValue,
      "-E", "!sss=\(sortKeys)",
      "-E", "!vlv=0/\(pageSize - 1)/1/0", search.filter, "uid", "cn", "displayName", "employeeType",
    ]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    // Its end, heard as it happens: Foundation's waitUntilExit() on Linux
    // looks every 50 ms, which added up to 50 ms to a time.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    let started = ContinuousClock.now
    do { try process.run() } catch { return nil }
    // Each line asks for the next window: before/after/offset/count.
    let lines = offsets.map { "0/\(pageSize - 1)/\($0)/0\n" }.joined() + "q\n"
    input.fileHandleForWriting.write(Data(lines.utf8))
    try? input.fileHandleForWriting.close()
    exited.wait()
    return (ContinuousClock.now - started).inMilliseconds
  }
}
