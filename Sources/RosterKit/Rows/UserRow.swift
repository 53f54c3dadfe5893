import CGtk
import Directory
import GtkKit
import PreparedImages

/// One directory row: a 48 px round avatar over an initials placeholder,
/// the username (bold) and the role.
///
/// Widgets are built once in `init` (GTK's setup); ``bind(_:position:)``
/// only copies a precomputed view model's strings into them and skips what
/// did not change, so binding stays in the microseconds.
///
/// Threading: main-actor only.
@MainActor
final class UserRow: ListRow {
  /// The avatar's drawn size in points.
  static let avatarSize: Int32 = 48

  let widget: UnsafeMutableRawPointer
  let avatar: AvatarView
  private let name: Widget
  private let role: Widget
  private var boundIdentity: String?
  /// What the labels show, kept on the Swift side so re-binding the same
  /// text costs a string comparison instead of a C-string round trip.
  private var shownName = ""
  private(set) var shownRole = ""
  /// Whether the bound user has an avatar to show (not empty, not refused).
  var expectsAvatar: Bool { avatar.expectsAvatar }
  /// Whether the bound user's avatar is still on its way.
  var isLoadingAvatar: Bool { avatar.isLoading }
  /// Whether the picture shows an avatar now (else the initials show).
  var showsAvatar: Bool { avatar.showsAvatar }
  /// Tells whether a position is on screen (bound is not visible).
  var isOnScreen: (@MainActor (Int) -> Bool)?

  init(avatars: AvatarService?) {
    avatar = AvatarView(size: Self.avatarSize, avatars: avatars)
    let row = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["user-row"])
    name = Gtk.label(classes: ["username"])
    role = Gtk.label(classes: ["role", "dim-label"])
    for label in [name, role] {
      gtk_label_set_xalign(opaque(label), 0)
      gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
      gtk_label_set_single_line_mode(opaque(label), 1)
    }
    let text = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
    gtk_widget_set_hexpand(text, 1)
    Gtk.append(text, name, role)
    Gtk.append(row, avatar.widget, text)
    widget = raw(row)
    ObjectRefs.keep(widget)
  }

  isolated deinit { ObjectRefs.release(widget) }

  /// The identity the row shows, if bound.
  var identity: String? { boundIdentity }

  func bind(_ model: UserViewModel, position: Int) {
    boundIdentity = model.identity
    if shownName != model.displayName {
      shownName = model.displayName
      Gtk.setText(name, shownName)
    }
    if shownRole != model.roleText {
      shownRole = model.roleText
      Gtk.setText(role, shownRole)
    }
    RowAccessibility.setLabel(widget, model.accessibleText)
    avatar.bind(model)
    if isOnScreen?(position) == true { avatar.setPriority(.visible) }
  }

  func unbind() {
    boundIdentity = nil
    avatar.unbind()
  }

  /// Raises the row's pending avatar while it is on screen.
  func setVisible(_ visible: Bool) {
    avatar.setPriority(visible ? .visible : .bound)
  }
}
