import Directory
import FoundationEssentials
import Glibc
import PreparedImages
import SharedSupport

/// The first screen of people of a directory server as Roster last showed
/// it, and how many people the server held then: shown at once the next
/// time, marked as cached, until the server's own first window replaces it
/// in place (a server without Content Sync, a SCIM service).
///
/// Threading: a plain value; `Sendable`.
package struct FirstScreen: Sendable {
  /// The people from the top, in the server's order by username.
  package var people: [UserViewModel]
  /// How many people the server held.
  package var count: Int

  /// The most people kept: a screen and more of a tall window.
  package static let maxPeople = 100
}

/// Where a directory server's first screen is kept:
/// `$XDG_CACHE_HOME/roster/first-screens/<digest>.people` (the people, as a
/// table's image) and `<digest>.count`, files 0600 in a folder 0700. The
/// digest names no server or person; the files hold what the window showed,
/// never a secret.
///
/// Threading: a plain value; reading and writing block on the disk (small
/// files; writes run off the main thread).
package struct FirstScreenFile: Sendable {
  package let folder: URL
  package let name: String

  /// The file of `directory`'s first screen under `cacheRoot`; nil without
  /// a cache folder.
  package init?(
    for directory: any RangedDirectory,
    cacheRoot: URL? = ImagePipelineConfiguration.defaultDiskCacheDirectory()
  ) {
    guard let cacheRoot else { return nil }
    let key = directory.peopleKey
    folder = cacheRoot.appendingPathComponent("first-screens", isDirectory: true)
    name = StableHash.hex("first screen\n" + key)
  }

  private var peoplePath: String { folder.appendingPathComponent("\(name).people").path }
  private var countPath: String { folder.appendingPathComponent("\(name).count").path }

  /// The screen kept, or nil when there is none (or it cannot be read).
  package func read() -> FirstScreen? {
    guard let text = try? String(contentsOfFile: countPath, encoding: .utf8),
      let count = Int(text.trimmed), count >= 0,
      let table = UserTable(image: peoplePath), table.userCount <= min(count, FirstScreen.maxPeople)
    else { return nil }
    return FirstScreen(people: Array(table), count: count)
  }

  /// Keeps `screen` (its first ``FirstScreen/maxPeople`` people), each file
  /// written whole then renamed into place.
  package func write(_ screen: FirstScreen) throws {
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let people = UserTable(screen.people.prefix(FirstScreen.maxPeople).map(\.user))
    var image: [UInt8] = []
    image.reserveCapacity(people.imageSize)
    people.writeImage { image.append(contentsOf: $0) }
    try Self.replace(peoplePath, with: image)
    try Self.replace(countPath, with: Array("\(screen.count)\n".utf8))
  }

  /// Removes the screen kept (Forget This Directory).
  package func forget() {
    unlink(peoplePath)
    unlink(countPath)
  }

  private static func replace(_ path: String, with bytes: [UInt8]) throws {
    let temporary = path + ".new"
    guard
      FileManager.default.createFile(
        atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteUnknown, userInfo: ["NSFilePath": temporary]) }
    guard rename(temporary, path) == 0 else {
      unlink(temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: ["NSFilePath": path])
    }
  }
}
