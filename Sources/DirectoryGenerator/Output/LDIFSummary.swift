import Foundation

/// What `DirectoryGenerator.writeLDIF` produced and how long it took.
///
/// Threading: a plain value; `Sendable`.
public struct LDIFSummary: Sendable {
  public var ldifURL: URL
  /// The groups, for ldapadd once slapd runs (so its memberof overlay
  /// sees them): ou=groups and its groupOfNames entries.
  public var groupsURL: URL
  public var groupCount: Int
  /// The DN the people are under ("ou=people,<suffix>").
  public var peopleDN: String
  public var userCount: Int
  /// Users whose entry carries a jpegPhoto (broken ones included).
  public var usersWithPhoto: Int
  /// Distinct photo values the entries share.
  public var distinctPhotos: Int
  public var ldifBytes: Int
  public var duration: Duration
}
