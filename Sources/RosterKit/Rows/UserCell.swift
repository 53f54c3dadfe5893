import CGtk
import Directory
import GtkKit
import PreparedImages

/// One grid cell: a 96 px round avatar (prepared at that pixel size) with
/// the username under it. Built on the same typed factory as the rows and
/// bound the same way (``PersonContent``).
///
/// Threading: main-actor only.
@MainActor
final class UserCell: ListRow {
  /// The avatar's drawn size in points.
  static let avatarSize: Int32 = 96

  private let content: PersonContent

  init(avatars: AvatarService?) {
    content = PersonContent(avatarSize: Self.avatarSize, nameWidth: 14, avatars: avatars) {
      avatar, name in
      let cell = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["user-cell"])
      gtk_label_set_justify(gtkObject(name), GTK_JUSTIFY_CENTER)
      Gtk.append(cell, avatar, name)
      return cell
    }
  }

  /// The cell's root widget.
  var widget: UnsafeMutableRawPointer { content.widget }
  /// The avatar.
  var avatar: AvatarView { content.avatar }
  /// The text the name label shows (tests).
  var shownName: String { content.nameText }
  /// The identity the cell shows, if bound.
  var identity: String? { content.identity }

  func bind(_ model: UserViewModel, position: Int) { content.bind(model) }

  func unbind() { content.unbind() }
}
