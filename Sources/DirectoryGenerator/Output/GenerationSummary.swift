import Foundation

/// What `DirectoryGenerator.write` produced and how long it took.
///
/// Threading: a plain value; `Sendable`.
public struct GenerationSummary: Sendable {
  public var jsonURL: URL
  public var avatarsFolder: URL
  public var userCount: Int
  /// The groups users.json holds (``GroupGenerator``).
  public var groupCount: Int
  public var usersWithoutAvatar: Int
  /// The valid images, in file-name order.
  public var avatars: [GeneratedAvatar]
  public var brokenAvatars: [BrokenAvatar]
  public var jsonBytes: Int
  /// Valid and broken avatar files together.
  public var avatarBytes: Int
  public var avatarDuration: Duration
  /// Generating the users and writing users.json.
  public var userDuration: Duration

  public var jpegCount: Int { avatars.count { $0.format == .jpeg } }
  public var pngCount: Int { avatars.count { $0.format == .png } }
  public var totalBytes: Int { jsonBytes + avatarBytes }
  public var totalDuration: Duration { avatarDuration + userDuration }
}
