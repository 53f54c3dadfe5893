import GtkKit

/// What applying a loaded directory did to the list: the differences (nil
/// when the list was replaced whole) and the main-thread time it took.
///
/// Threading: a plain `Sendable` value.
public struct RefreshSummary: Sendable {
  /// The splices and reconfigured positions applied, if applied as a diff.
  public let diff: ListDiff?
  /// Main-thread time to apply it, GTK's items-changed handling included.
  public let mainThreadTime: Duration

  /// How many people a refresh added, removed or changed (a person replaced
  /// in place counts once); nil when the list was replaced whole.
  public var changedPeople: Int? {
    diff.map { diff in
      diff.reconfigured.count
        + diff.splices.reduce(0) { $0 + max($1.removed, $1.inserted.count) }
    }
  }
}
