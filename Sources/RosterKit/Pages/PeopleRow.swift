import GtkKit

/// A row of a ``PeopleList``: it says when its bind left an avatar on its
/// way, raises that avatar while on screen, and shapes its text ahead of
/// its first draw. ``UserRow`` is a local directory's row, ``ServerRow`` a
/// server's (a skeleton until its page arrives).
///
/// Threading: main-actor only.
@MainActor
protocol PeopleRow: ListRow {
  init(avatars: AvatarService?)
  /// Has the row ask `isOnScreen` whether its position shows, and call
  /// `avatarPending` after a bind that left its avatar on its way.
  func follow(
    isOnScreen: @escaping @MainActor (Int) -> Bool,
    avatarPending: @escaping @MainActor (Self) -> Void)
  /// Whether the row shows a person whose avatar is still on its way.
  var isLoadingAvatar: Bool { get }
  /// Raises the row's pending avatar while it is on screen.
  func setVisible(_ visible: Bool)
  /// Shapes the row's text now (at `width` unless it has a size of its
  /// own); returns the lines shaped.
  @discardableResult func shapeText(width: Int32) -> Int
}

extension UserRow: PeopleRow {
  func follow(
    isOnScreen: @escaping @MainActor (Int) -> Bool,
    avatarPending: @escaping @MainActor (UserRow) -> Void
  ) {
    self.isOnScreen = isOnScreen
    onAvatarPending = avatarPending
  }
}

extension ServerRow: PeopleRow {
  func follow(
    isOnScreen: @escaping @MainActor (Int) -> Bool,
    avatarPending: @escaping @MainActor (ServerRow) -> Void
  ) {
    person.isOnScreen = isOnScreen
    person.onAvatarPending = { [unowned self] _ in avatarPending(self) }
  }

  @discardableResult func shapeText(width: Int32) -> Int { person.shapeText(width: width) }
}
