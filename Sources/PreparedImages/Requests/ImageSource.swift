import FoundationEssentials

/// Where an avatar's bytes come from.
///
/// Build one with ``resolve(_:relativeTo:)`` from a users.json avatar string, which enforces the
/// directory's rules; the cases themselves are trusted as given.
///
/// Threading: a `Sendable` value.
public enum ImageSource: Hashable, Sendable, CustomStringConvertible {
  /// A local file, by absolute path.
  case file(String)
  /// An http or https URL.
  case http(URL)
  /// Bytes the app supplies (an LDAP photo, say), identified by their key.
  case provided(ProvidedImage)

  /// Resolves an avatar string from users.json against the directory's URL: the file:// URL of
  /// users.json or of its folder, or the http(s) URL of users.json.
  ///
  /// - Relative paths must stay inside the directory folder, symlinks included
  ///   ("../../etc/passwd" gives `.forbiddenPath`).
  /// - file:// and absolute paths only for a local directory, and inside its folder.
  /// - http(s) URLs are accepted as they are.
  /// - Returns nil for an empty string (no avatar).
  public static func resolve(_ string: String, relativeTo base: URL) -> Result<
    ImageSource, ImageFailure
  >? {
    SourceResolver.resolve(string, relativeTo: base)
  }

  public var description: String {
    switch self {
    case .file(let path): "file://\(path)"
    case .http(let url): url.absoluteString
    case .provided(let image): "provided:\(image.key)"
    }
  }
}
