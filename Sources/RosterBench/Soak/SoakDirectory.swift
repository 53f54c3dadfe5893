import Directory
import DirectoryGenerator
import Foundation
import RosterKit
import SharedSupport

/// The generated directory a soak runs on: users.json and its avatars,
/// generated once (like `roster-dev bench`'s) and rewritten with 1% of the users
/// changed for every refresh, off the main thread.
///
/// Threading: main-actor only; the rewrite runs on a thread of its own
/// while the GLib loop keeps running.
@MainActor
final class SoakDirectory {
  /// The users.json the window reads.
  let file: URL
  private var users: [User]
  private let change: OnePercentChange
  private let seed: UInt64
  private var rounds = 0

  /// Generates the directory unless an earlier run did, and writes
  /// users.json afresh (an earlier soak left it changed).
  init(options: SoakOptions) throws {
    let root =
      ResourceLocator.root ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let folder =
      options.dataFolder
      ?? root.appendingPathComponent(
        ".build/soak-data/users-\(options.users)-avatars-\(options.avatars)")
    file = folder.appendingPathComponent(DirectoryGenerator.jsonFileName)
    if !FileManager.default.fileExists(atPath: file.path) {
      FileHandle.standardError.write(
        Data(
          "generating \(options.users) users and \(options.avatars) avatars in \(folder.path)…\n"
            .utf8))
      _ = try DirectoryGenerator.write(users: options.users, avatars: options.avatars, to: folder)
    }
    users = try DirectoryGenerator.users(count: options.users, avatars: options.avatars)
    change = OnePercentChange(users: users.count)
    seed = options.seed
    try Data(UserGenerator.json(for: users)).write(to: file)
  }

  /// Users changed in each rewrite.
  var changesPerRound: Int { change.changes }

  /// Rewrites users.json with the next 1% changed; the loop keeps running.
  func rewrite() throws {
    rounds += 1
    let (list, file, change, seed, tag) = (
      users, file, change, seed &+ UInt64(rounds), "r\(rounds)"
    )
    users = []
    let result = OffMain.run {
      var list = list
      var generator = SplitMix64(seed: seed)
      change.apply(to: &list, using: &generator, tag: tag)
      try Data(UserGenerator.json(for: list)).write(to: file, options: .atomic)
      return list
    }
    users = try result.get()
  }
}
