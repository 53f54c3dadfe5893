import CGtk
import GtkKit

/// How a custom-drawn person widget draws its round avatar: the prepared
/// texture (already round, at the screen's pixel size), or the initials on
/// their placeholder colour in a circle; and the plain shapes and text
/// layouts around it. Shared by ``PersonView`` (rows, cells, the details
/// panel) and ``TableRow``, so every view of a person draws the same avatar.
///
/// Threading: main-actor only, inside GTK's snapshot.
@MainActor
enum AvatarDrawing {
  /// Draws the avatar `side` points across at (`x`, `y`) in `widget`: the
  /// `texture` when there is one, else `initials` (shaped in `font` if it
  /// was not yet, which the window's ``RowProbe`` counts) on `colors`.
  static func draw(
    _ snapshot: OpaquePointer, x: Int32, y: Int32, side: Int32, texture: OpaquePointer?,
    initials: TextLine, font: OpaquePointer, colors: (background: GdkRGBA, text: GdkRGBA),
    in widget: Widget
  ) {
    let size = Float(side)
    var bounds = graphene_rect_t(
      origin: graphene_point_t(x: Float(x), y: Float(y)),
      size: graphene_size_t(width: size, height: size))
    if let texture {
      gtk_snapshot_append_texture(snapshot, texture, &bounds)
      return
    }
    fill(snapshot, bounds, radius: size / 2, color: colors.background)
    if !initials.isShaped { RowProbe.of(widget)?.linesShapedWhileDrawing += 1 }
    let layout = initials.layout(in: widget, font: font, width: side, alignment: PANGO_ALIGN_CENTER)
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_pixel_extents(layout, &ink, &logical)
    draw(
      layout, snapshot, x: Float(x), y: Float(y) + (size - Float(logical.height)) / 2,
      color: colors.text)
  }

  /// Fills `bounds` with `color`, its corners rounded by `radius`.
  static func fill(
    _ snapshot: OpaquePointer, _ bounds: graphene_rect_t, radius: Float, color: GdkRGBA
  ) {
    var bounds = bounds
    var color = color
    var rounded = GskRoundedRect()
    gsk_rounded_rect_init_from_rect(&rounded, &bounds, radius)
    gtk_snapshot_push_rounded_clip(snapshot, &rounded)
    gtk_snapshot_append_color(snapshot, &color, &bounds)
    gtk_snapshot_pop(snapshot)
  }

  /// Draws `layout` with its top left corner at (`x`, `y`) in `color`.
  static func draw(
    _ layout: OpaquePointer, _ snapshot: OpaquePointer, x: Float, y: Float, color: GdkRGBA
  ) {
    var color = color
    var origin = graphene_point_t(x: x, y: y)
    gtk_snapshot_save(snapshot)
    gtk_snapshot_translate(snapshot, &origin)
    gtk_snapshot_append_layout(snapshot, layout, &color)
    gtk_snapshot_restore(snapshot)
  }
}
