import CGtk
import Directory
import GtkKit
import PreparedImages

/// One directory row: a 48 px round avatar over an initials placeholder,
/// the username (bold) and the role.
///
/// Widgets are built once in `init` (GTK's setup); ``bind(_:position:)``
/// only copies a precomputed view model's strings into them and skips what
/// did not change (``PersonContent``, shared with the grid's cells).
///
/// Threading: main-actor only.
@MainActor
package final class UserRow: ListRow {
  /// The avatar's drawn size in points.
  static let avatarSize: Int32 = 48

  private let content: PersonContent
  private let role: Widget
  /// What the role label shows (compared on the Swift side, as the name is).
  private(set) var shownRole = ""
  /// Tells whether a position is on screen (bound is not visible).
  var isOnScreen: (@MainActor (Int) -> Bool)?

  init(avatars: AvatarService?) {
    let role = Gtk.label(classes: ["role", "dim-label"])
    Gtk.setSingleLine(role)
    self.role = role
    content = PersonContent(avatarSize: Self.avatarSize, nameWidth: 24, avatars: avatars) {
      avatar, name in
      let row = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["user-row"])
      for label in [name, role] { gtk_label_set_xalign(gtkObject(label), 0) }
      let text = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
      gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
      gtk_widget_set_hexpand(text, 1)
      Gtk.append(text, name, role)
      Gtk.append(row, avatar, text)
      return row
    }
  }

  /// The row's root widget.
  package var widget: UnsafeMutableRawPointer { content.widget }
  /// The avatar.
  var avatar: AvatarView { content.avatar }
  /// The identity the row shows, if bound.
  package var identity: String? { content.identity }
  /// The text the name label shows (tests).
  var shownName: String { content.nameText }
  /// Whether the bound user has an avatar to show (not empty, not refused).
  package var expectsAvatar: Bool { content.avatar.expectsAvatar }
  /// Whether the bound user's avatar is still on its way.
  var isLoadingAvatar: Bool { content.avatar.isLoading }
  /// Whether the picture shows an avatar now (else the initials show).
  package var showsAvatar: Bool { content.avatar.showsAvatar }

  package func bind(_ model: UserViewModel, position: Int) {
    if shownRole != model.roleText {
      shownRole = model.roleText
      Gtk.setText(role, shownRole)
    }
    content.bind(model)
    if isOnScreen?(position) == true { content.avatar.setPriority(.visible) }
  }

  package func unbind() { content.unbind() }

  /// Raises the row's pending avatar while it is on screen.
  func setVisible(_ visible: Bool) {
    content.avatar.setPriority(visible ? .visible : .bound)
  }
}
