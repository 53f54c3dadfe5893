import Directory
import Foundation

/// Writes a complete, deterministic demo directory: `users.json` (the people
/// and their groups, ``GroupGenerator``) plus an `avatars/` folder of
/// plausible profile pictures and a few broken files.
///
/// The same arguments always produce byte-identical files (on the same
/// gdk-pixbuf), so the embedded data set and benchmarks are reproducible.
/// Threading: stateless; `write` blocks its caller for the whole generation
/// (it uses every core for the images), so call it off the main thread.
public enum DirectoryGenerator {
  public static let jsonFileName = "users.json"
  public static let avatarsFolderName = "avatars"
  /// Changes whenever the same arguments make different people (2: with
  /// their details; 3: with groups), so a directory generated once and kept (the LDAP demo's,
  /// the benchmarks') is made again rather than reused stale.
  public static let dataVersion = 3

  /// Writes `users` users and `avatars` distinct images (plus `brokenAvatars`
  /// broken ones, see `BrokenAvatar.Kind`) into `folder`, creating it if
  /// needed. Replaces users.json and any avatar-NNNN files an earlier run
  /// left there; nothing else in the folder is touched.
  public static func write(
    users: Int, avatars: Int, seed: UInt64 = 2026, to folder: URL, brokenAvatars: Int = 4
  ) throws -> GenerationSummary {
    precondition(users >= 0 && avatars >= 0 && brokenAvatars >= 0, "counts cannot be negative")
    let clock = ContinuousClock()
    let avatarsFolder = folder.appendingPathComponent(avatarsFolderName, isDirectory: true)
    try FileManager.default.createDirectory(at: avatarsFolder, withIntermediateDirectories: true)
    try removeEarlierAvatars(in: avatarsFolder)

    let avatarStart = clock.now
    try ImageEncoder.warmUp()
    let generated = try ParallelWork.perform(count: avatars) { index in
      let plan = AvatarPlan(index: index, seed: seed)
      let bytes = try AvatarRenderer.render(plan)
      try Data(bytes).write(to: avatarsFolder.appendingPathComponent(plan.fileName))
      return GeneratedAvatar(
        fileName: plan.fileName, width: plan.width, height: plan.height,
        format: plan.format == .png ? .png : .jpeg, byteCount: bytes.count)
    }
    let broken = try writeBroken(
      count: brokenAvatars, after: avatars, seed: seed, in: avatarsFolder)
    let avatarDuration = avatarStart.duration(to: clock.now)

    let userStart = clock.now
    let userList = self.users(
      count: users, avatarFileNames: generated.map(\.fileName) + broken.map(\.fileName),
      seed: seed)
    let groups = GroupGenerator.groups(for: userList, seed: seed)
    let json = UserGenerator.json(for: userList, groups: groups)
    let jsonURL = folder.appendingPathComponent(jsonFileName)
    try Data(json).write(to: jsonURL)

    return GenerationSummary(
      jsonURL: jsonURL,
      avatarsFolder: avatarsFolder,
      userCount: userList.count,
      groupCount: groups.count,
      usersWithoutAvatar: userList.count { $0.avatar.isEmpty },
      avatars: generated,
      brokenAvatars: broken,
      jsonBytes: json.count,
      avatarBytes: generated.reduce(0) { $0 + $1.byteCount }
        + broken.reduce(0) { $0 + $1.byteCount },
      avatarDuration: avatarDuration,
      userDuration: userStart.duration(to: clock.now))
  }

  /// The users `write` puts in users.json for the same arguments, without
  /// painting or writing anything (a soak rewrites the file from them).
  public static func users(count: Int, avatars: Int, seed: UInt64 = 2026, brokenAvatars: Int = 4)
    throws -> [User]
  {
    let valid = (0..<avatars).map { AvatarPlan(index: $0, seed: seed).fileName }
    let broken = try self.brokenAvatars(count: brokenAvatars, after: avatars, seed: seed)
    return users(count: count, avatarFileNames: valid + broken.map(\.avatar.fileName), seed: seed)
  }

  /// The users of a directory whose avatars (valid, then broken) are
  /// `avatarFileNames`: the same for users.json and users.ldif.
  static func users(count: Int, avatarFileNames: [String], seed: UInt64) -> [User] {
    // Shuffled so the broken files land on users spread through the list.
    UserGenerator.users(
      count: count, avatarFileNames: shuffled(avatarFileNames, seed: seed), seed: seed)
  }

  private static func writeBroken(
    count: Int, after validCount: Int, seed: UInt64, in avatarsFolder: URL
  ) throws -> [BrokenAvatar] {
    try brokenAvatars(count: count, after: validCount, seed: seed).map { avatar, bytes in
      if let bytes {
        try Data(bytes).write(to: avatarsFolder.appendingPathComponent(avatar.fileName))
      }
      return avatar
    }
  }

  /// The broken avatars numbered after `validCount` valid ones, and their
  /// bytes (nil: a file that does not exist).
  static func brokenAvatars(count: Int, after validCount: Int, seed: UInt64) throws
    -> [(avatar: BrokenAvatar, bytes: [UInt8]?)]
  {
    let kinds = BrokenAvatar.Kind.allCases
    return try (0..<count).map { offset in
      let kind = kinds[offset % kinds.count]
      let fileName = AvatarPlan.fileName(
        index: validCount + offset, fileExtension: BrokenAvatarMaker.fileExtension(for: kind))
      let bytes = try BrokenAvatarMaker.bytes(for: kind, seed: seed &+ UInt64(offset))
      return (BrokenAvatar(fileName: fileName, kind: kind, byteCount: bytes?.count ?? 0), bytes)
    }
  }

  /// Fisher-Yates with `SplitMix64.next(below:)`; the standard library's
  /// shuffle may draw differently in another Swift version.
  private static func shuffled(_ names: [String], seed: UInt64) -> [String] {
    var names = names
    var random = SplitMix64(seed: ~seed)
    for index in stride(from: names.count - 1, to: 0, by: -1) {
      names.swapAt(index, random.next(below: index + 1))
    }
    return names
  }

  /// Deletes the files a previous run wrote ("avatar-<digits>.jpg|png"), so a
  /// smaller run leaves no strays behind.
  private static func removeEarlierAvatars(in avatarsFolder: URL) throws {
    for name in try FileManager.default.contentsOfDirectory(atPath: avatarsFolder.path) {
      let parts = name.split(separator: ".")
      guard parts.count == 2, ["jpg", "png"].contains(parts[1]), parts[0].hasPrefix("avatar-"),
        parts[0].dropFirst("avatar-".count).allSatisfy(\.isNumber)
      else { continue }
      try FileManager.default.removeItem(at: avatarsFolder.appendingPathComponent(name))
    }
  }
}
