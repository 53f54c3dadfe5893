import Directory

/// The kinds of directory Roster reads, in the order the Connect dialog
/// offers them. A new kind is its own file (a `DirectoryKind` static) and
/// one entry here.
///
/// Threading: stateless; any thread.
public enum DirectoryKinds {
  /// Every kind.
  public static var all: [DirectoryKind] { [.jsonFile, .peopleFile, .jsonURL, .ldap, .scim] }

  /// The kind settings.json names `id`.
  public static func kind(id: String) -> DirectoryKind? { all.first { $0.id == id } }

  /// The kind a `--source` argument names by its scheme ("scim+https://…");
  /// a plain path or a file:// URL is a file, read by the kind of its
  /// extension (``DirectoryKind/fileExtensions``), else as a users.json.
  /// Nil for a scheme no kind reads.
  public static func kind(forSource argument: String) -> DirectoryKind? {
    let scheme = DirectoryKind.scheme(of: argument)
    if scheme == nil || scheme == "file" {
      if let suffix = DirectoryKind.fileExtension(of: argument),
        let kind = all.first(where: { $0.isFile && $0.fileExtensions.contains(suffix) })
      {
        return kind
      }
    }
    guard scheme != nil else { return all.first { $0.isFile } }
    return all.first { $0.names(argument) }
  }

  /// The people file a `--source` argument names (a path, a file:// or an
  /// http(s) URL), in the format of the kind that reads it; an error for a
  /// server's URL.
  public static func source(argument: String) throws(DirectoryError) -> DirectorySource {
    if let kind = kind(forSource: argument), !kind.isServer,
      case .source(let source) = try kind.make(location: argument, secret: nil)
    {
      return source
    }
    return try DirectorySource(argument: argument)
  }

  /// What `--stats` prints for `directory`: the counters of its kind, if
  /// that kind keeps any.
  public static func statistics(of directory: any RangedDirectory) -> DirectoryKind.Statistics? {
    all.lazy.compactMap { $0.statistics(of: directory) }.first
  }
}
