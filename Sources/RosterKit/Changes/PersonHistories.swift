import Directory
import FoundationEssentials
import Glibc
import SharedSupport

/// An offline copy's history by person, for their pages: the file read
/// once and again only when it changed (its size or time), so opening a
/// person's page does not read up to 100 MB each time.
///
/// Threading: `Sendable`; a lock guards the index, and a read of the file
/// holds it (call it off the main thread).
final class PersonHistories: Sendable {
  private struct Index {
    var folder: URL
    var size: Int
    var modified: Int
    var byIdentity: [String: [PersonChange]]
  }

  private let index = Locked<Index?>(nil)

  /// What the history in `folder` kept of `identity`, newest first; none
  /// when `folder` is not an offline copy's.
  func changes(of identity: String, in folder: URL) -> [PersonChange] {
    index.withLock { index in
      var status = stat()
      let path = folder.appendingPathComponent(ChangeHistory.fileName).path
      guard stat(path, &status) == 0 else { return [] }
      let (size, modified) = (
        Int(status.st_size), status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec
      )
      if let known = index, known.folder == folder, known.size == size,
        known.modified == modified
      {
        return known.byIdentity[identity] ?? []
      }
      guard ReplicaStore.holdsCopy(folder: folder) else { return [] }
      let read = ((try? ChangeHistory.changes(in: folder)) ?? nil) ?? []
      index = Index(
        folder: folder, size: size, modified: modified,
        byIdentity: Dictionary(grouping: read, by: \.identity))
      return index?.byIdentity[identity] ?? []
    }
  }
}
