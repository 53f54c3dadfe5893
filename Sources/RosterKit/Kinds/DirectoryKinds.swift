import Directory

/// The kinds of directory Roster reads, in the order the Connect dialog
/// offers them. A new kind is its own file (a `DirectoryKind` static) and
/// one entry here.
///
/// Threading: stateless; any thread.
public enum DirectoryKinds {
  /// Every kind.
  public static var all: [DirectoryKind] { [.jsonFile, .jsonURL, .ldap, .scim] }

  /// The kind settings.json names `id`.
  public static func kind(id: String) -> DirectoryKind? { all.first { $0.id == id } }

  /// The kind a `--source` argument names by its scheme ("scim+https://…");
  /// a plain path is a file. Nil for a scheme no kind reads.
  public static func kind(forSource argument: String) -> DirectoryKind? {
    guard DirectoryKind.scheme(of: argument) != nil else { return all.first { $0.isFile } }
    return all.first { $0.names(argument) }
  }

  /// What `--stats` prints for `directory`: the counters of its kind, if
  /// that kind keeps any.
  public static func statistics(of directory: any RangedDirectory) -> DirectoryKind.Statistics? {
    all.lazy.compactMap { $0.statistics(of: directory) }.first
  }
}
