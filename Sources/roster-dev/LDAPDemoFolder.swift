import DirectoryGenerator
import Foundation
import LDAPDemo

/// The folder of one demo directory under `$XDG_CACHE_HOME/roster`: its
/// slapd.conf and database, loaded once. A marker file written after a
/// successful slapadd says the database is complete and which generator's
/// people it holds (`DirectoryGenerator.dataVersion`; the groups are added
/// through slapd once the people are in, so memberOf is kept for them);
/// without it (a run
/// stopped while loading), or from another version, the folder is emptied
/// and loaded again.
///
/// Threading: a plain value; `prepare` blocks while it generates and loads.
struct LDAPDemoFolder {
  static let suffix = GenerateFormat.ldifSuffix
  static let password = "roster-demo"

  let users: Int
  let avatars: Int
  let seed: UInt64
  let folder: URL

  init(users: Int, avatars: Int, seed: UInt64) {
    self.users = users
    self.avatars = avatars
    self.seed = seed
    let environment = ProcessInfo.processInfo.environment
    let cache =
      environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    let seedPart = seed == 2026 ? "" : "-seed\(seed)"
    folder = cache.appendingPathComponent("roster/ldap-demo-\(users)-\(avatars)\(seedPart)")
  }

  private var marker: URL { folder.appendingPathComponent("loaded") }
  /// What the marker says: loaded, and by which generator's people.
  /// "with groups": a folder loaded at version 3 before the LDIF held the
  /// groups has none, and is loaded again.
  private static let markerText =
    "loaded \(DirectoryGenerator.dataVersion) with groups, substrings of 3 and sync indexed\n"
  /// What a folder of these people indexed otherwise before says: indexed
  /// again once, then marked as above.
  private static let loadedPrefix = "loaded \(DirectoryGenerator.dataVersion) with groups"

  /// A server over this folder's database (not started), generating and
  /// loading the directory first unless an earlier run completed it.
  func prepare(port: Int) throws -> DemoLDAPServer {
    let clock = ContinuousClock()
    let start = clock.now
    let marked = try? String(contentsOf: marker, encoding: .utf8)
    let isLoaded = marked?.hasPrefix(Self.loadedPrefix) == true
    if !isLoaded { try? FileManager.default.removeItem(at: folder) }
    var configuration = SlapdConfiguration(rootPassword: Self.password)
    configuration.suffix = Self.suffix
    configuration.contentSync = true
    let server = try DemoLDAPServer(folder: folder, configuration: configuration, port: port)
    guard !isLoaded else {
      if marked != Self.markerText {
        print("indexing for searches and Content Sync in \(folder.path) …")
        try server.index(["uid", "displayName", "entryCSN", "entryUUID"])
        try Data(Self.markerText.utf8).write(to: marker)
      }
      print("reusing the directory loaded in \(folder.path)")
      return server
    }
    print("generating \(users) people with \(avatars) photos into \(folder.path) …")
    let summary = try DirectoryGenerator.writeLDIF(
      users: users, avatars: avatars, seed: seed, suffix: Self.suffix, to: folder)
    print(summary.report)
    print("loading them with slapadd …")
    try server.load(ldifFile: summary.ldifURL)
    try FileManager.default.removeItem(at: summary.ldifURL)
    // Through the running server, so the memberof overlay keeps memberOf.
    print("adding \(summary.groupCount) groups through slapd …")
    try server.start()
    try server.add(ldifFile: summary.groupsURL)
    server.stop()
    try FileManager.default.removeItem(at: summary.groupsURL)
    try Data(Self.markerText.utf8).write(to: marker)
    print("loaded in \(Self.seconds(start.duration(to: clock.now))) (\(Self.diskUsage(folder)))")
    return server
  }

  /// "12.3 s".
  static func seconds(_ duration: Duration) -> String {
    let value =
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return String(format: "%.1f s", value)
  }

  /// The folder's size on disk (blocks in use: the database file is sparse),
  /// "1.2 GiB on disk".
  private static func diskUsage(_ folder: URL) -> String {
    let files = FileManager.default.enumerator(atPath: folder.path)
    var bytes = 0
    while let name = files?.nextObject() as? String {
      var status = stat()
      if stat(folder.appendingPathComponent(name).path, &status) == 0 {
        bytes += Int(status.st_blocks) * 512
      }
    }
    return String(format: "%.2f GiB on disk", Double(bytes) / 1_073_741_824)
  }
}
