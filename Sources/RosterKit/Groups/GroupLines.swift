import Directory
import GtkKit

/// Where the groups sidebar's lines after "All people" come from: a
/// directory's own groups (``LocalGroupLines``) or a directory server's,
/// read a window at a time (``ServerGroupLines``). Each line is a key the
/// sidebar's tree keeps; the lines say what a key shows, which group is
/// chosen, and search the names, so the sidebar never asks which it lists.
///
/// Threading: main-actor only.
@MainActor
protocol GroupLines: AnyObject {
  /// The keys of the lines inside line `key` (a group holding groups),
  /// nil when it holds none.
  func children(of key: String) -> [String]?
  /// The name and the number of people (nil: not known) line `key`
  /// shows; nil when the key is not one of the lines'.
  func line(forKey key: String) -> (name: String, people: Int?)?
  /// The name of the group on line `key`; nil while it is not known.
  func name(forKey key: String) -> String?
  /// The number of line `key`'s group (``GroupsSidebar/group(atLine:)``).
  func number(forKey key: String) -> Int?
  /// The key of the line of group `number`, if the lines have it now.
  func key(ofNumber number: Int) -> String?
  /// The number of the group whose identity is `id`, if it is listed.
  func number(ofGroup id: String) -> Int?

  /// The group chosen, nil for everyone.
  var choice: GroupChoice? { get }
  /// The key of the line of the group chosen, nil when the lines do not
  /// have it now.
  var chosenKey: String? { get }
  /// Chooses the group on line `key` (nil: everyone); returns whether the
  /// choice changed (a line without a group yet changes nothing).
  func choose(key: String?) -> Bool

  /// Lists the groups whose name contains `text` ("": every group), handing
  /// their keys to `show` once found.
  func search(_ text: String, show: @escaping @MainActor ([String]) -> Void)
  /// Line `key` of `tree` came on screen; `done` runs if it made lines
  /// come in its place.
  func look(at key: String, in tree: KeyedTreeModel, done: @escaping @MainActor () -> Void)
  /// Whether a search or a read of the lines is running.
  var isBusy: Bool { get }
  /// A server's groups read so far for every group's listing, by name
  /// (Add to Group… shows them before its own search answers); none for
  /// a directory's own.
  var serverGroups: [DirectoryGroupEntry] { get }
}
