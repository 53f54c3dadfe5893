import CGtk
import Directory
import GtkKit

/// What a list row and a grid cell both show of a person, and how they bind
/// it: a round avatar and the username (ellipsized, one line), under a root
/// widget the content owns, whose accessible label says who it is.
///
/// The name label's width is a fixed number of characters, not its text's
/// (`width-chars` = `max-width-chars`, ellipsized): no name makes a row ask
/// for more room or a grid choose fewer columns, and a hostile one cannot
/// make the window wider than the X server can allocate.
///
/// ``bind(_:)`` copies the view model's precomputed strings and skips what
/// did not change, so binding stays in the microseconds.
///
/// Threading: main-actor only.
@MainActor
final class PersonContent {
  /// The root widget of the row or cell (a reference is held until deinit).
  let widget: UnsafeMutableRawPointer
  let avatar: AvatarView
  /// The username label.
  let name: Widget
  /// What the name label shows, kept on the Swift side so re-binding the
  /// same text costs a string comparison instead of a C-string round trip.
  private var shownName = ""
  /// The identity bound, if any.
  private(set) var identity: String?

  /// Builds the avatar (`avatarSize` points) and the name label
  /// (`nameWidth` characters wide), then the root widget from them with
  /// `layout`.
  init(
    avatarSize: Int32, nameWidth: Int32, avatars: AvatarService?,
    layout: (_ avatar: Widget, _ name: Widget) -> Widget
  ) {
    avatar = AvatarView(size: avatarSize, avatars: avatars)
    name = Gtk.label(classes: ["username"])
    Gtk.setSingleLine(name)
    // Both: GTK 4.8 gives a short text its own width unless `width-chars` is set.
    gtk_label_set_width_chars(gtkObject(name), nameWidth)
    gtk_label_set_max_width_chars(gtkObject(name), nameWidth)
    widget = gobject(layout(avatar.widget, name))
    WidgetTreeRoot.keep(widget)
  }

  isolated deinit { WidgetTreeRoot.release(widget) }

  /// The text the name label shows (tests).
  var nameText: String { String(cString: gtk_label_get_text(gtkObject(name))) }

  /// Shows `model`: its name, its accessible label and its avatar.
  func bind(_ model: UserViewModel) {
    identity = model.identity
    if shownName != model.displayName {
      shownName = model.displayName
      Gtk.setText(name, shownName)
    }
    RowAccessibility.setLabel(widget, model.accessibleText)
    avatar.bind(model)
  }

  /// Lets go of the bound person (cancels a pending avatar load).
  func unbind() {
    identity = nil
    avatar.unbind()
  }
}
