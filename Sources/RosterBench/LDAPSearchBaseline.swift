import Directory
import DirectoryGenerator
import DirectoryLDAP
import Foundation
import SharedSupport

/// The server's own cost for the ranges the benchmark reads, measured with
/// OpenLDAP's `ldapsearch` and the same controls (server-side sort on the
/// username with caseIgnoreOrderingMatch, virtual list view): the first
/// window of a fresh connection (which includes the server's sort), and the
/// mean time of further ranges at seeded random offsets on the same
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
  static func firstRange(
    url: String, filter: String, sortKeys: String, access: LDAPSearchAccess = LDAPSearchAccess()
  ) -> Double? {
    guard var search = try? LDAPURL.list(url).first else { return nil }
    search.filter = filter
    return time(
      search, offsets: [], sortKeys: sortKeys.split(separator: " ").joined(separator: "/"),
      access: access)
  }

  /// Milliseconds for one ldapsearch run that reads the first window, then
  /// one window at each of `offsets` (counted from 1, clamped by the server).
  private static func time(
    _ search: LDAPURL, offsets: [Int], sortKeys: String = "uid:caseIgnoreOrderingMatch",
    access: LDAPSearchAccess = LDAPSearchAccess()
  ) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldapsearch")
    guard let signIn = access.arguments() else { return nil }
    defer { access.forget() }
    process.arguments =
      ["-x", "-LLL", "-H", search.serverURI] + signIn + [
        "-b", search.baseDN, "-s", search.scope.rawValue, "-E", "!sss=\(sortKeys)",
        "-E", "!vlv=0/\(pageSize - 1)/1/0", search.filter,
      ] + access.attributes
    if let caFile = access.caFile {
      process.environment = ProcessInfo.processInfo.environment.merging([
        "LDAPTLS_CACERT": caFile
      ]) { $1 }
    }
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

/// How ldapsearch signs in to the server, trusts it and what it asks, as
/// the directory measured beside it does: its bind DN with its password
/// (in a file of mode 0600 for `-y`, removed after the run: never in argv)
/// and its certificate authorities; the attributes of a row in its names.
///
/// Threading: a plain value, used by one run at a time.
struct LDAPSearchAccess: Sendable {
  var bindDN: String?
  var password: Secret?
  var caFile: String?
  var attributes = ["uid", "cn", "displayName", "employeeType"]
  private let passwordFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("roster-bench-\(UUID().uuidString).password")

  /// Anonymous, the system's authorities, OpenLDAP's names.
  init() {}

  /// As `options` sign in and trust, asking for a row's attributes in
  /// their schema's names.
  init(_ options: LDAPOptions) {
    bindDN = options.bindDN
    password = options.password
    caFile = options.caFile
    let schema = options.schema
    attributes = [
      schema.usernameAttribute, "cn", schema.displayNameAttribute, schema.roleAttribute,
    ]
  }

  /// ldapsearch's arguments for the bind (its password file written); nil
  /// when the file cannot be.
  func arguments() -> [String]? {
    guard let bindDN else { return [] }
    guard let password else { return ["-D", bindDN] }
    let made = FileManager.default.createFile(
      atPath: passwordFile.path, contents: Data(password.value.utf8),
      attributes: [.posixPermissions: 0o600])
    return made ? ["-D", bindDN, "-y", passwordFile.path] : nil
  }

  /// Removes the password file.
  func forget() {
    try? FileManager.default.removeItem(at: passwordFile)
  }
}
