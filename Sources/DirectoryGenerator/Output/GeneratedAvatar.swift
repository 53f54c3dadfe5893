/// One valid image the generator wrote into avatars/.
///
/// Threading: a plain value; `Sendable`.
public struct GeneratedAvatar: Sendable, Hashable {
  /// The encoding, which always matches the file extension.
  public enum Format: String, Sendable, Hashable {
    case jpeg, png
  }

  /// The name inside avatars/, e.g. "avatar-0042.jpg".
  public var fileName: String
  public var width: Int
  public var height: Int
  public var format: Format
  public var byteCount: Int
}
