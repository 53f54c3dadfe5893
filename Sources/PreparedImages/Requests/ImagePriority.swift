/// How urgently pending work is wanted; pending loads and decodes run highest first.
///
/// A task's priority is the highest of its subscribers' and follows them while it waits.
///
/// Threading: a `Sendable` value.
public enum ImagePriority: Int, Comparable, CaseIterable, Sendable {
  /// Ahead of the viewport, asked for by ``ImagePrefetcher``.
  case prefetch
  /// A bound row; GTK binds far more rows than are visible.
  case bound
  /// A row on screen.
  case visible
  /// What the user opened to look at (a person's details): ahead of every
  /// row, so that it does not wait behind a screenful of them.
  case opened

  public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
