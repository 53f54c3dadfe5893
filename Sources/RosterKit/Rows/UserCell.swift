import CGtk
import Directory
import GtkKit
import PreparedImages

/// One grid cell: a 96 px round avatar (prepared at that pixel size) with
/// the username under it. Built on the same typed factory as the rows.
///
/// Threading: main-actor only.
@MainActor
final class UserCell: ListRow {
  /// The avatar's drawn size in points.
  static let avatarSize: Int32 = 96

  let widget: UnsafeMutableRawPointer
  let avatar: AvatarView
  private let name: Widget
  private var shownName = ""
  private var boundIdentity: String?

  init(avatars: AvatarService?) {
    avatar = AvatarView(size: Self.avatarSize, avatars: avatars)
    let cell = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["user-cell"])
    name = Gtk.label(classes: ["username"])
    gtk_label_set_ellipsize(opaque(name), PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(opaque(name), 1)
    gtk_label_set_max_width_chars(opaque(name), 14)
    gtk_label_set_justify(opaque(name), GTK_JUSTIFY_CENTER)
    Gtk.append(cell, avatar.widget, name)
    widget = raw(cell)
    ObjectRefs.keep(widget)
  }

  isolated deinit { ObjectRefs.release(widget) }

  /// The identity the cell shows, if bound.
  var identity: String? { boundIdentity }

  func bind(_ model: UserViewModel, position: Int) {
    boundIdentity = model.identity
    if shownName != model.displayName {
      shownName = model.displayName
      Gtk.setText(name, shownName)
    }
    RowAccessibility.setLabel(widget, model.accessibleText)
    avatar.bind(model)
  }

  func unbind() {
    boundIdentity = nil
    avatar.unbind()
  }
}
