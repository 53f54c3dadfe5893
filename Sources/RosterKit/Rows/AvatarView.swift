import CGtk
import Directory
import GtkKit
import PreparedImages

/// A round avatar of one size: the initials placeholder underneath, the
/// prepared texture on top, and the image slot that decides what shows.
/// Rows (48 px), grid cells (96 px) and the details panel (128 px) each own
/// one; the widgets are built once and re-bound.
///
/// Threading: main-actor only.
@MainActor
final class AvatarView {
  /// The overlay holding placeholder and picture.
  let widget: Widget
  private let placeholder: Widget
  let picture: Widget
  private let avatars: AvatarService?
  private var slot: ImageSlot?
  private var colorClass: String?
  private var initials = ""
  /// The bound user's initials and colour, put on the placeholder when shown.
  private var wantedPlaceholder: (initials: String, colorIndex: Int)?
  private var boundIdentity: String?
  /// Whether the bound user has an avatar to show (not empty, not refused).
  private(set) var expectsAvatar = false
  /// Whether the picture shows an avatar now (else the initials show).
  private(set) var showsAvatar = false
  /// The initials the placeholder shows (tests).
  var placeholderText: String { String(cString: gtk_label_get_text(gtkObject(placeholder))) }
  /// Whether the bound user's avatar is still on its way.
  var isLoading: Bool { slot?.isLoading ?? false }

  /// An avatar `size` points across, loading through `avatars` (nil: initials only).
  init(size: Int32, avatars: AvatarService?) {
    self.avatars = avatars
    placeholder = Gtk.label(classes: ["avatar-placeholder", "avatar-\(size)"])
    gtk_widget_set_size_request(placeholder, size, size)
    gtk_widget_set_valign(placeholder, GTK_ALIGN_CENTER)
    gtk_widget_set_halign(placeholder, GTK_ALIGN_CENTER)
    picture = gtk_picture_new()!
    gtk_widget_set_size_request(picture, size, size)
    gtk_picture_set_can_shrink(gtkObject(picture), 1)
    gtk_widget_add_css_class(picture, "avatar")
    // Avatar and initials are decoration: the row's label says who it is.
    RowAccessibility.hide(picture)
    RowAccessibility.hide(placeholder)
    widget = gtk_overlay_new()!
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    gtk_overlay_set_child(gtkObject(widget), placeholder)
    gtk_overlay_add_overlay(gtkObject(widget), picture)
    if let avatars {
      // No fade: a cached avatar must show in its row's first frame, and a
      // late one is quicker to read without an animation.
      slot = ImageSlot(pipeline: avatars.pipeline) { [weak self] image, _ in self?.show(image) }
    }
  }

  /// Shows `model`'s avatar, at once from the memory cache or when ready;
  /// its initials and colour only while no avatar covers them: restyling the
  /// placeholder (a CSS class and a label) is most of a bind's cost, and
  /// wasted under a cached avatar.
  func bind(_ model: UserViewModel) {
    boundIdentity = model.identity
    wantedPlaceholder = (model.initials, model.placeholderColorIndex)
    guard let avatars else {
      updatePlaceholder()
      return
    }
    let request = avatars.request(for: model)
    expectsAvatar = request != nil
    if let decodeInBind = avatars.decodeInBind {
      let texture = request.flatMap(decodeInBind)
      gtk_picture_set_paintable(
        gtkObject(picture), texture.map { gtkObject(cgtk_paintable(gobject($0))) })
      gtk_widget_set_opacity(placeholder, texture == nil ? 1 : 0)
      showsAvatar = texture != nil
      if let texture { g_object_unref(gobject(texture)) } else { updatePlaceholder() }
    } else {
      // The slot shows the cached image or nil before it returns.
      slot?.bind(identity: model.identity, request: request)
    }
  }

  /// Puts the bound user's initials and colour on the placeholder.
  private func updatePlaceholder() {
    guard boundIdentity != nil, let (wantedInitials, colorIndex) = wantedPlaceholder else {
      return
    }
    if initials != wantedInitials {
      initials = wantedInitials
      Gtk.setText(placeholder, wantedInitials)
    }
    let newClass = Palette.cssClass(colorIndex)
    if newClass != colorClass {
      if let colorClass { gtk_widget_remove_css_class(placeholder, colorClass) }
      gtk_widget_add_css_class(placeholder, newClass)
      colorClass = newClass
    }
  }

  /// Lets go of the bound user (cancels a pending load, clears the picture).
  func unbind() {
    boundIdentity = nil
    slot?.unbind()
  }

  /// Raises or lowers the pending load (visible rows load first).
  func setPriority(_ priority: ImagePriority) {
    slot?.setPriority(priority)
  }

  private func show(_ image: PreparedImage?) {
    // A GdkTexture is a GdkPaintable; the picture takes its own reference.
    gtk_picture_set_paintable(
      gtkObject(picture), image.map { gtkObject(cgtk_paintable(gobject($0.texture))) })
    if image == nil { updatePlaceholder() }
    if showsAvatar != (image != nil) {
      // Under an avatar the initials are not drawn at all (opacity 0 skips
      // the snapshot and, unlike hiding, needs no new layout).
      gtk_widget_set_opacity(placeholder, image == nil ? 1 : 0)
    }
    showsAvatar = image != nil
    if image != nil, let identity = boundIdentity {
      avatars?.onShown?(identity)
    }
  }
}

/// The placeholder colours, one CSS class each (Resources/roster.css).
enum Palette {
  private static let classes = (0..<UserViewModel.placeholderPaletteCount).map {
    "avatar-color-\($0)"
  }

  static func cssClass(_ index: Int) -> String {
    classes[(index % classes.count + classes.count) % classes.count]
  }
}
