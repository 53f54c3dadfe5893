import ArgumentParser
import Directory
import DirectoryLDAP
import Foundation
import RosterBench
import SharedSupport

/// `roster-dev sync-speed`: times the first refresh of a copy of an LDAP
/// server (``LDAPReplica``, Content Sync into a fresh folder) beside
/// ldapsearch reading the same people's same attributes to /dev/null,
/// alternating; prints the medians, their ratio, the peak resident memory
/// while Roster copied, and the copy's size on disk.
struct SyncSpeedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync-speed",
    abstract: "Time copying an LDAP server by Content Sync beside ldapsearch (release build).")

  @Option(help: "The server's people (one ldap:// URL with base DN, scope and filter).")
  var source: String
  @Option(help: "Runs of each, alternating.") var runs = 1

  func run() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-sync-speed-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try LDAPURL.list(source)[0]
    var roster: [Duration] = []
    var ldapsearch: [Duration] = []
    var people = 0
    var size = 0
    var opening: (median: Double, tableBytes: Int) = (0, 0)
    for run in 1...runs {
      try? FileManager.default.removeItem(at: folder)
      let started = ContinuousClock.now
      let copied = try copy(into: folder)
      roster.append(ContinuousClock.now - started)
      people = copied
      size = Self.size(of: folder)
      if run == runs { opening = try Self.timeOpening(folder) }
      ldapsearch.append(try Self.ldapsearch(url, attributes: Self.attributes))
      print("run \(run): Roster \(roster.last!), ldapsearch \(ldapsearch.last!), \(people) people")
    }
    let mine = Self.median(roster)
    let theirs = Self.median(ldapsearch)
    print("people: \(people)")
    print("Roster's copy (median): \(mine); ldapsearch to /dev/null (median): \(theirs)")
    print(
      String(
        format: "Roster's rate is %.0f %% of ldapsearch's",
        theirs / mine * 100))
    print(String(format: "peak RSS: %.1f MiB", ResourceUsage.peakResidentMiB))
    print(String(format: "the copy on disk: %.1f MiB", Double(size) / 1_048_576))
    print(
      String(
        format: "the table's columns in memory: %.1f MiB; disk ÷ table: %.2f",
        Double(opening.tableBytes) / 1_048_576, Double(size) / Double(max(opening.tableBytes, 1))))
    print(String(format: "opening the copy (median of 5): %.1f ms", opening.median * 1000))
  }

  /// How long opening the copy in `folder` takes (the median of five, the
  /// people mapped), and the bytes of its table's columns.
  private static func timeOpening(_ folder: URL) throws -> (median: Double, tableBytes: Int) {
    var times: [Duration] = []
    var bytes = 0
    for _ in 0..<5 {
      let started = ContinuousClock.now
      let store = try ReplicaStore(folder: folder)
      times.append(ContinuousClock.now - started)
      bytes = store.table.imageSize
    }
    return (median(times), bytes)
  }

  /// The attributes a copy asks for (a person's, and the photo's version).
  static let attributes = [
    "uid", "cn", "employeeType", "displayName", "mail", "title", "ou", "l", "telephoneNumber",
    "manager", "employeeNumber", "entryUUID", "entryCSN", "modifyTimestamp",
  ]

  /// Copies the server into `folder` until the copy is current; how many
  /// people it holds.
  private func copy(into folder: URL) throws -> Int {
    let replica = try LDAPReplica(url: source, options: LDAPOptions(), folder: folder)
    let count = CopiedCount()
    let source = source
    try BlockingTask.run {
      let task = Task {
        try await replica.run { table, _ in
          count.value.withLock { $0 = table.userCount }
        } status: {
          status in
          if case .disconnected(let error, _) = status {
            print("\(source): \(error.localizedDescription)")
          }
        }
      }
      while count.value.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(20)) }
      task.cancel()
      _ = await task.result
    }.get()
    return count.value.withLock { $0 }
  }

  private static func ldapsearch(_ url: LDAPURL, attributes: [String]) throws -> Duration {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldapsearch")
    process.arguments =
      [
        "-x", "-LLL", "-H", url.serverURI, "-b", url.baseDN, "-s", url.scope.rawValue, "-E",
        "pr=1000/noprompt", url.filter,
      ] + attributes
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    let started = ContinuousClock.now
    try process.run()
    process.waitUntilExit()
    return ContinuousClock.now - started
  }

  private static func median(_ values: [Duration]) -> Double {
    let sorted = values.sorted()
    let middle = sorted[sorted.count / 2]
    return Double(middle.components.seconds) + Double(middle.components.attoseconds) / 1e18
  }

  private static func size(of folder: URL) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.reduce(0) { total, name in
      let path = folder.appendingPathComponent(name).path
      return total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
    }
  }
}

/// How many people the copy holds once current (0 until then).
///
/// Threading: `Sendable`; one lock.
private final class CopiedCount: Sendable {
  let value = Locked(0)
}
