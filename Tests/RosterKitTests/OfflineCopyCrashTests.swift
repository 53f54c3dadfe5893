import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import SharedSupport
import TestSupport
import XCTest

/// Roster killed with SIGKILL while its offline copy fills, and again while
/// the server's changes stream in: each time the copy left on disk opens,
/// resumes and ends equal to the server (the `roster` binary runs as a
/// process under the tests' display; the copy is then followed in this
/// process).
final class OfflineCopyCrashTests: XCTestCase {
  private var server: TestServer!
  private var cache: URL!
  private let people = TestPeople.people(count: 20_000, seed: 91)

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestServer(people: people) { $0.contentSync = true }
    cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-copy-crash-\(UUID().uuidString)")
  }

  override func tearDown() {
    server?.shutDown()
    try? FileManager.default.removeItem(at: cache)
    super.tearDown()
  }

  /// The copy's folder under the cache, once Roster made it.
  private var copyFolder: URL? {
    let copies = cache.appendingPathComponent("roster/copies")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: copies.path)) ?? []
    return names.first.map { copies.appendingPathComponent($0) }
  }

  private func files(in folder: URL) -> [String: Int] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var sizes: [String: Int] = [:]
    for name in names {
      let path = folder.appendingPathComponent(name).path
      sizes[name] = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
    return sizes
  }

  /// Starts `roster` on the server with its cache in the test's folder.
  private func startRoster() throws -> Process {
    let process = Process()
    process.executableURL = RosterProcess.url
    process.arguments = ["--source", server.peopleURL]
    let config = cache.appendingPathComponent("config")
    process.environment = ProcessInfo.processInfo.environment.merging([
      "XDG_CACHE_HOME": cache.path, "XDG_CONFIG_HOME": config.path,
      "GSK_RENDERER": "cairo",
      // A SIGKILL gives the accessibility bridge no chance to stop the bus it
      // started; without the bridge no bus outlives the test.
      "NO_AT_BRIDGE": "1",
    ]) { $1 }.merging(TestPreferences.environment(configHome: config)) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  private func kill(_ process: Process) {
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Waits (every 2 ms, at most 30 s) until `condition` holds.
  private func wait(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      usleep(2_000)
    }
    return condition()
  }

  /// The usernames the server holds under the people URL.
  private var serverUsernames: Set<String> {
    get throws {
      Set(
        try server.ldapsearch(["-s", "one", "-E", "pr=1000/noprompt", "uid"])
          .split(separator: "\n").compactMap { line in
            line.hasPrefix("uid: ") ? String(line.dropFirst(5)) : nil
          })
    }
  }

  /// Follows the copy in `folder` until it is current, and the usernames it then holds.
  private func resume(_ folder: URL) async throws -> Set<String> {
    let replica = try LDAPReplica(url: server.peopleURL, options: LDAPOptions(), folder: folder)
    let table = Locked<UserTable?>(nil)
    let current = Locked(false)
    let task = Task {
      try await replica.run { people, _ in
        table.withLock { $0 = people }
      } status: { status in
        if case .current = status { current.withLock { $0 = true } }
      }
    }
    defer { task.cancel() }
    let deadline = ContinuousClock.now + .seconds(30)
    while !current.withLock({ $0 }), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    XCTAssertTrue(current.withLock { $0 }, "the copy did not catch up")
    return table.withLock { table in
      Set((0..<(table?.userCount ?? 0)).map { table!.username(at: $0) })
    }
  }

  func testAKillWhileTheCopyFillsLeavesACopyThatResumesAndEqualsTheServer() async throws {
    let roster = try startRoster()
    let filling = wait {
      guard let folder = copyFolder else { return false }
      return files(in: folder).contains { $0.key.hasSuffix(".part") && $0.value > 0 }
    }
    kill(roster)
    XCTAssertTrue(filling, "the copy never started filling")
    let folder = try XCTUnwrap(copyFolder)
    XCTAssertNil(files(in: folder)["state-1"], "killed after the refresh ended: not mid-sync")
    let copied = try await resume(folder)
    XCTAssertEqual(copied, try serverUsernames)
  }

  func testAKillWhileChangesArriveLeavesACopyThatResumesAndEqualsTheServer() async throws {
    let before = try serverUsernames.count
    let first = try startRoster()
    XCTAssertTrue(wait { copyFolder.map { files(in: $0)["state-1"] != nil } ?? false })
    kill(first)

    let roster = try startRoster()
    let base = "ou=people,\(TestServer.suffix)"
    // Changes stream in while Roster follows them; it is killed among them.
    for batch in 0..<20 {
      var ldif = ""
      for k in 0..<10 {
        let person = people[batch * 10 + k]
        ldif += """
          dn: uid=\(person.uid),\(base)
          changetype: modify
          replace: title
          title: Changed \(batch)

          dn: uid=added.\(batch).\(k),\(base)
          changetype: add
          objectClass: inetOrgPerson
          uid: added.\(batch).\(k)
          cn: Added \(batch) \(k)
          sn: Added

          """ + "\n"
      }
      try server.server.modify(ldif: ldif)
      if batch == 10 {
        XCTAssertTrue(roster.isRunning)
        kill(roster)
      }
    }
    if roster.isRunning { kill(roster) }
    let folder = try XCTUnwrap(copyFolder)
    let copied = try await resume(folder)
    XCTAssertEqual(copied, try serverUsernames)
    XCTAssertEqual(copied.count, before + 200, "everyone added is in the copy")
  }
}
