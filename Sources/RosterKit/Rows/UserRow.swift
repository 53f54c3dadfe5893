import CGtk
import Directory
import GtkKit
import PreparedImages
import SharedSupport

/// One directory row, a local directory's and a server's alike: a 48 px
/// round avatar (or the initials on their colour), the username (bold) and
/// the role (dim), drawn by one ``PersonView`` widget; a skeleton (a grey
/// circle and two grey bars, no invented initials) while its
/// ``RowContent`` is `.pending`, and until its first bind.
///
/// The widget is built once in `init` (GTK's setup); ``bind(_:position:)``
/// only copies a precomputed view model's strings into it and skips what
/// did not change. Filling a skeleton in place when a server's page
/// arrives costs what any bind costs.
///
/// Threading: main-actor only.
@MainActor
package final class UserRow: ListRow {
  /// The avatar's drawn size in points.
  static let avatarSize: Int32 = PersonShape.row.avatarSize

  private let content: PersonView
  /// Tells whether a position is on screen (bound is not visible).
  var isOnScreen: (@MainActor (Int) -> Bool)?
  /// Called after a bind that left the avatar on its way (not in the cache):
  /// the page remembers the row, to raise or lower its load as it scrolls.
  var onAvatarPending: (@MainActor (UserRow) -> Void)?

  init(avatars: AvatarService?) {
    content = PersonView(shape: .row, avatars: avatars)
    content.showSkeleton(label: tr("Loading"))
  }

  /// The row's root widget.
  package var widget: Widget { content.widget }
  /// Which avatar the row shows.
  var avatar: AvatarBinding { content.avatar }
  /// The avatar texture drawn now, nil while the initials show (tests).
  var shownTexture: OpaquePointer? { content.texture }
  /// The identity the row shows, nil for a skeleton or an unbound row.
  package var identity: String? { content.identity }
  /// Whether the skeleton shows now.
  package var showsSkeleton: Bool { content.showsSkeleton }
  /// The text of the name line (tests).
  var shownName: String { content.nameText }
  /// Whether drawing the row would shape no text (``PersonView/isTextShaped``).
  var isTextShaped: Bool { content.isTextShaped }
  /// The text of the role line.
  var shownRole: String { content.roleText }
  /// Whether the bound user has an avatar to show (not empty, not refused).
  package var expectsAvatar: Bool { content.avatar.expectsAvatar }
  /// Whether the row shows a person whose avatar is still on its way.
  var isLoadingAvatar: Bool { !content.showsSkeleton && content.avatar.isLoading }
  /// Whether the row shows an avatar now (else the initials show).
  package var showsAvatar: Bool { content.avatar.showsAvatar }

  /// Shows a person, or a skeleton while they are on their way.
  package func bind(_ content: RowContent, position: Int) {
    switch content {
    case .pending: self.content.showSkeleton(label: tr("Loading"))
    case .person(let model): show(model, position: position)
    }
  }

  /// Shows `model`; an avatar not in the memory cache starts loading at
  /// `.visible` when `position` is on screen, else at `.bound`: one claim
  /// on the pipeline, with no second trip to raise it.
  private func show(_ model: UserViewModel, position: Int) {
    let onScreen = isOnScreen?(position) ?? false
    content.bind(model, avatarPriority: onScreen ? .visible : .bound)
    guard content.avatar.isLoading else { return }
    onAvatarPending?(self)
  }

  package func unbind() { content.unbind() }

  /// Shows no one until the next bind (a position past a shorter list's end).
  func clear() { content.clear() }

  /// Shapes the row's text now (at `width` unless it has a size of its
  /// own), so its next draw only draws; returns the lines shaped.
  @discardableResult
  func shapeText(width: Int32) -> Int { content.shapeText(width: width) }

  /// Raises the row's pending avatar when it scrolls on screen after its
  /// bind, and lowers it when it leaves.
  func setVisible(_ visible: Bool) {
    guard !content.showsSkeleton else { return }
    content.avatar.setPriority(visible ? .visible : .bound)
  }
}
