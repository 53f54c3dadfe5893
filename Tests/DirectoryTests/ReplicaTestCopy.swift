import Foundation

@testable import Directory

/// A folder for an offline copy in a test, and a few people to fill it:
/// what the replica's tests share.
///
/// Threading: one test's value, used on its thread.
struct ReplicaTestCopy {
  /// The copy's folder, inside a temporary folder of its own.
  let folder: URL

  init() {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-replica-\(UUID().uuidString)/copy")
  }

  /// The temporary folder around the copy's (removed by ``remove()``).
  var outside: URL { folder.deletingLastPathComponent() }

  func remove() { try? FileManager.default.removeItem(at: outside) }

  static func person(_ id: String, _ username: String, title: String? = nil) -> DirectoryEntry {
    var details = PersonDetails()
    details.title = title
    details.displayName = username.capitalized
    return DirectoryEntry(
      id: id, username: username, details: details, role: .user, photoVersion: "v-\(id)")
  }

  /// A copy made by a full refresh of `people`, with cookie `cookie`.
  @discardableResult
  func filled(_ people: [DirectoryEntry], cookie: [UInt8] = [1]) throws -> ReplicaStore {
    let store = try ReplicaStore(folder: folder)
    try store.beginFullRefresh()
    for entry in people { try store.refreshed(.person(entry)) }
    try store.finishFullRefresh(cookie: cookie)
    return store
  }

  /// The files of the copy's folder, sorted, but the lock every open
  /// copy holds.
  func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0 != "lock"
    }.sorted()
  }

  /// Each file of the folder and its bytes.
  func contents() throws -> [String: Data] {
    Dictionary(
      uniqueKeysWithValues: try files().map {
        ($0, try Data(contentsOf: folder.appendingPathComponent($0)))
      })
  }

  static func usernames(_ store: ReplicaStore) -> [String] {
    (0..<store.table.userCount).map { store.table.username(at: $0) }
  }
}
