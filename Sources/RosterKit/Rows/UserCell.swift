import CGtk
import Directory
import GtkKit
import PreparedImages

/// One grid cell: a 96 px round avatar (prepared at that pixel size) with
/// the username centred under it, drawn by one ``PersonView`` widget. Built
/// on the same typed factory as the rows and bound the same way.
///
/// Threading: main-actor only.
@MainActor
final class UserCell: ListRow {
  /// The avatar's drawn size in points.
  static let avatarSize: Int32 = PersonShape.cell.avatarSize

  private let content: PersonView

  init(avatars: AvatarService?) {
    content = PersonView(shape: .cell, avatars: avatars)
  }

  /// The cell's root widget.
  var widget: Widget { content.widget }
  /// Which avatar the cell shows.
  var avatar: AvatarBinding { content.avatar }
  /// The text of the name line (tests).
  var shownName: String { content.nameText }
  /// The identity the cell shows, if bound.
  var identity: String? { content.identity }

  func bind(_ model: UserViewModel, position: Int) { content.bind(model) }

  func unbind() { content.unbind() }

  /// Shows no one until the next bind (a position past a shorter list's end).
  func clear() { content.clear() }

  /// Shapes the cell's text now (at `width` unless it has a size of its
  /// own), so its next draw only draws; returns the lines shaped.
  @discardableResult
  func shapeText(width: Int32) -> Int { content.shapeText(width: width) }
}
