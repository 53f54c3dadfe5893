import Directory

/// Where the lines of an ``OrgTreePage`` come from: a local table's
/// manager links (``LocalTreeSource``) or a directory server's queries
/// (``ServerTreeSource``). The page asks it what a line holds as GTK binds
/// the line and opens a manager; the source fills the page's lines itself
/// (its roots, the windows it reads, the line it reveals) through the
/// ``OrgTreeView`` it was made with.
///
/// Threading: main-actor only.
@MainActor
package protocol TreeSource: AnyObject {
  /// The keys of the lines under the line keyed `key`; nil for a line that
  /// opens to nothing (GTK then draws no expander).
  func children(of key: String) -> [String]?
  /// What the line keyed `key` shows: a person (nil: a skeleton, still on
  /// the way) and how many report to them (nil: not known yet); nil leaves
  /// the line's row unbound.
  func line(ofKey key: String) -> (person: UserViewModel?, reports: Int?)?
  /// The identity of the person on the line keyed `key`; nil for a line
  /// that holds no one yet.
  func identity(ofKey key: String) -> String?
}
