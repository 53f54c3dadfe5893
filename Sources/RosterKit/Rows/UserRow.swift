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
  private let placeholder: Widget
  let picture: Widget
  private let name: Widget
  private let role: Widget
  private var colorClass: String?
  /// What the labels show, kept on the Swift side so re-binding the same
  /// text costs a string comparison instead of a C-string round trip.
  private var shownTexts = ["", "", ""]
  private var boundIdentity: String?
  private let avatars: AvatarService?
  private var slot: ImageSlot?
  /// Whether the bound user has an avatar to show (not empty, not refused).
  private(set) var expectsAvatar = false
  /// Whether the bound user's avatar is still on its way.
  var isLoadingAvatar: Bool { slot?.isLoading ?? false }
  /// Whether the picture shows an avatar now (else the initials show).
  private(set) var showsAvatar = false
  /// Tells whether a position is on screen (bound is not visible).
  var isOnScreen: (@MainActor (Int) -> Bool)?

  init(avatars: AvatarService?) {
    self.avatars = avatars
    let row = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["user-row"])
    placeholder = Gtk.label(classes: ["avatar-placeholder"])
    gtk_widget_set_size_request(placeholder, Self.avatarSize, Self.avatarSize)
    gtk_widget_set_valign(placeholder, GTK_ALIGN_CENTER)
    gtk_widget_set_halign(placeholder, GTK_ALIGN_CENTER)
    picture = gtk_picture_new()!
    gtk_widget_set_size_request(picture, Self.avatarSize, Self.avatarSize)
    gtk_picture_set_can_shrink(opaque(picture), 1)
    gtk_widget_add_css_class(picture, "avatar")
    // Avatar and initials are decoration: the row's label says who it is.
    RowAccessibility.hide(picture)
    RowAccessibility.hide(placeholder)
    let avatar = gtk_overlay_new()!
    gtk_widget_set_valign(avatar, GTK_ALIGN_CENTER)
    gtk_overlay_set_child(opaque(avatar), placeholder)
    gtk_overlay_add_overlay(opaque(avatar), picture)

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
    Gtk.append(row, avatar, text)
    widget = raw(row)
    ObjectRefs.keep(widget)
    if let avatars {
      // The fade is skipped: a cached avatar must show in its row's first
      // frame, and a late one is quicker to read without an animation.
      slot = ImageSlot(pipeline: avatars.pipeline) { [weak self] image, _ in self?.show(image) }
    }
  }

  isolated deinit { ObjectRefs.release(widget) }

  /// The identity the row shows, if bound.
  var identity: String? { boundIdentity }

  func bind(_ model: UserViewModel, position: Int) {
    boundIdentity = model.identity
    setIfChanged(0, name, model.displayName)
    setIfChanged(1, role, model.roleText)
    setIfChanged(2, placeholder, model.initials)
    let newClass = Palette.cssClass(model.placeholderColorIndex)
    if newClass != colorClass {
      if let colorClass { gtk_widget_remove_css_class(placeholder, colorClass) }
      gtk_widget_add_css_class(placeholder, newClass)
      colorClass = newClass
    }
    RowAccessibility.setLabel(widget, model.accessibleText)
    if let avatars, avatars.naive {
      bindNaively(model, avatars)
    } else if let slot, let avatars {
      let request = avatars.request(for: model.avatar)
      expectsAvatar = request != nil
      slot.bind(identity: model.identity, request: request)
      if isOnScreen?(position) == true { slot.setPriority(.visible) }
    }
  }

  func unbind() {
    boundIdentity = nil
    slot?.unbind()
  }

  private func bindNaively(_ model: UserViewModel, _ avatars: AvatarService) {
    let request = avatars.request(for: model.avatar)
    expectsAvatar = request != nil
    let texture = request.flatMap(NaiveAvatarDecoder.texture(for:))
    gtk_picture_set_paintable(opaque(picture), texture.map { opaque(cgtk_paintable(raw($0))) })
    showsAvatar = texture != nil
    if let texture { g_object_unref(raw(texture)) }
  }

  /// Raises the row's pending avatar while it is on screen.
  func setVisible(_ visible: Bool) {
    slot?.setPriority(visible ? .visible : .bound)
  }

  /// Applies what the slot decided: a prepared texture, or nil for the initials.
  private func show(_ image: PreparedImage?) {
    // A GdkTexture is a GdkPaintable; the picture takes its own reference.
    gtk_picture_set_paintable(opaque(picture), image.map { opaque(cgtk_paintable(raw($0.texture))) })
    showsAvatar = image != nil
    if image != nil, let identity = boundIdentity { avatars?.onShown?(identity) }
  }

  private func setIfChanged(_ slot: Int, _ label: Widget, _ text: String) {
    // GTK compares too, but only after Swift has converted the string.
    if shownTexts[slot] != text {
      shownTexts[slot] = text
      Gtk.setText(label, text)
    }
  }
}

/// The placeholder colours, one CSS class each (Resources/roster.css).
enum Palette {
  private static let classes = (0..<UserViewModel.placeholderPaletteCount).map { "avatar-color-\($0)" }

  static func cssClass(_ index: Int) -> String {
    classes[(index % classes.count + classes.count) % classes.count]
  }
}
