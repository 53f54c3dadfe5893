import CGtk
import Directory
import GtkKit
import PreparedImages

/// A round avatar made of widgets, for the details panel (128 px): the
/// initials placeholder (a CSS-rounded label) underneath, the prepared
/// texture on top, and an ``AvatarBinding`` that decides what shows. Rows
/// and grid cells draw theirs in one widget instead (``PersonView``).
///
/// Threading: main-actor only.
@MainActor
final class AvatarView {
  /// The overlay holding placeholder and picture.
  let widget: Widget
  private let placeholder: Widget
  private let picture: Widget
  private var binding: AvatarBinding!
  private var colorClass: String?
  private var initials = ""

  /// Whether the bound user has an avatar to show (not empty, not refused).
  var expectsAvatar: Bool { binding.expectsAvatar }
  /// Whether the bound user's avatar is still on its way.
  var isLoading: Bool { binding.isLoading }

  /// An avatar `size` points across, loading through `avatars` (nil: initials only).
  init(size: Int32, avatars: AvatarService?) {
    placeholder = Gtk.label(classes: ["avatar-placeholder", "avatar-\(size)"])
    gtk_widget_set_size_request(placeholder, size, size)
    gtk_widget_set_valign(placeholder, GTK_ALIGN_CENTER)
    gtk_widget_set_halign(placeholder, GTK_ALIGN_CENTER)
    picture = gtk_picture_new()!
    gtk_widget_set_size_request(picture, size, size)
    gtk_picture_set_can_shrink(gtkObject(picture), 1)
    gtk_widget_add_css_class(picture, "avatar")
    // Avatar and initials are decoration: the panel's label says who it is.
    RowAccessibility.hide(picture)
    RowAccessibility.hide(placeholder)
    widget = gtk_overlay_new()!
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    gtk_overlay_set_child(gtkObject(widget), placeholder)
    gtk_overlay_add_overlay(gtkObject(widget), picture)
    binding = AvatarBinding(avatars: avatars) { [unowned self] texture in self.show(texture) }
  }

  /// Shows `model`'s avatar, at once from the memory cache or when ready;
  /// a load starts at `priority`.
  func bind(_ model: UserViewModel, priority: ImagePriority) {
    binding.bind(model, priority: priority)
  }

  /// Lets go of the bound user (cancels a pending load, clears the picture).
  func unbind() { binding.unbind() }

  /// Raises or lowers the pending load.
  func setPriority(_ priority: ImagePriority) { binding.setPriority(priority) }

  private func show(_ texture: OpaquePointer?) {
    // A GdkTexture is a GdkPaintable; the picture takes its own reference.
    gtk_picture_set_paintable(
      gtkObject(picture), texture.map { gtkObject(cgtk_paintable(gobject($0))) })
    // Under an avatar the initials are not drawn at all (opacity 0 skips
    // the snapshot and, unlike hiding, needs no new layout).
    gtk_widget_set_opacity(placeholder, texture == nil ? 1 : 0)
    guard texture == nil else { return }
    let (wantedInitials, colorIndex) = binding.placeholder
    if initials != wantedInitials {
      initials = wantedInitials
      Gtk.setText(placeholder, wantedInitials)
    }
    let newClass = "avatar-color-\(PlaceholderPalette.index(colorIndex))"
    if newClass != colorClass {
      if let colorClass { gtk_widget_remove_css_class(placeholder, colorClass) }
      gtk_widget_add_css_class(placeholder, newClass)
      colorClass = newClass
    }
  }
}
