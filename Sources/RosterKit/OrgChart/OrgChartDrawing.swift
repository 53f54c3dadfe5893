import CGtk
import Directory
import GtkKit

/// Draws an org chart's content with cairo and pango, in points from the
/// chart's top left: the connectors, then each box with its initials disc,
/// its name in bold and its title. Used for PDF, PNG and printing, so each
/// shows the same chart; the text stays text (a PDF's can be searched).
///
/// Threading: any one thread at a time (cairo contexts are not shared).
enum OrgChartDrawing {
  /// The initials' discs: the GNOME avatar palette's middle tones, which
  /// print well in colour and in grey.
  private static let discColors: [(Double, Double, Double)] = [
    (0.21, 0.52, 0.89), (0.15, 0.64, 0.41), (0.90, 0.65, 0.04), (0.78, 0.38, 0.11),
    (0.75, 0.11, 0.16), (0.57, 0.25, 0.66), (0.39, 0.27, 0.17), (0.37, 0.36, 0.39),
    (0.11, 0.53, 0.56), (0.80, 0.23, 0.51), (0.42, 0.55, 0.13), (0.26, 0.33, 0.60),
  ]

  /// Draws `content` on `cr` (a fresh context: the caller scales it).
  static func draw(_ content: OrgChartContent, on cr: OpaquePointer) {
    let layout = content.layout
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6)
    cairo_set_line_width(cr, 1)
    for line in layout.lines {
      cairo_move_to(cr, line.x1, line.y1)
      cairo_line_to(cr, line.x2, line.y2)
    }
    cairo_stroke(cr)
    let owned = ObjectRef(
      UnsafeMutableRawPointer(pango_cairo_create_layout(cr)!), adopt: true,
      releasedOn: .droppingThread)
    defer { withExtendedLifetime(owned) {} }
    let text = owned.opaque
    let bold = pango_font_description_from_string("Sans Bold 10")
    let plain = pango_font_description_from_string("Sans 8.5")
    let initialsFont = pango_font_description_from_string("Sans Bold 11")
    defer {
      for font in [bold, plain, initialsFont] { pango_font_description_free(font) }
    }
    pango_layout_set_ellipsize(text, PANGO_ELLIPSIZE_END)
    for (box, card) in zip(layout.boxes, content.cards) {
      roundedRectangle(cr, box.x, box.y, box.width, box.height, radius: 8)
      cairo_set_source_rgb(cr, 0.97, 0.97, 0.96)
      cairo_fill_preserve(cr)
      cairo_set_source_rgb(cr, 0.75, 0.75, 0.74)
      cairo_stroke(cr)
      // The initials on their disc.
      let disc = (x: box.x + 12 + 20, y: box.y + box.height / 2)
      let color = discColors[abs(card.color) % discColors.count]
      cairo_arc(cr, disc.x, disc.y, 20, 0, 2 * Double.pi)
      cairo_set_source_rgb(cr, color.0, color.1, color.2)
      cairo_fill(cr)
      pango_layout_set_width(text, Int32(40 * Double(PANGO_SCALE)))
      pango_layout_set_alignment(text, PANGO_ALIGN_CENTER)
      pango_layout_set_font_description(text, initialsFont)
      show(card.initials, in: text, on: cr, x: disc.x - 20, centredOn: disc.y, rgb: (1, 1, 1))
      // The name and the title beside it.
      let textX = box.x + 64
      let width = box.width - 64 - 10
      pango_layout_set_alignment(text, PANGO_ALIGN_LEFT)
      pango_layout_set_width(text, Int32(width * Double(PANGO_SCALE)))
      pango_layout_set_font_description(text, bold)
      show(
        card.name, in: text, on: cr, x: textX, centredOn: box.y + box.height / 2 - 9,
        rgb: (0.1, 0.1, 0.1))
      pango_layout_set_font_description(text, plain)
      show(
        card.title, in: text, on: cr, x: textX, centredOn: box.y + box.height / 2 + 9,
        rgb: (0.35, 0.35, 0.35))
    }
  }

  /// `string` in `layout`, one line, its middle at `y`.
  private static func show(
    _ string: String, in layout: OpaquePointer, on cr: OpaquePointer, x: Double,
    centredOn y: Double, rgb: (Double, Double, Double)
  ) {
    pango_layout_set_text(layout, string, -1)
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    let height = Double(logical.height) / Double(PANGO_SCALE)
    cairo_set_source_rgb(cr, rgb.0, rgb.1, rgb.2)
    cairo_move_to(cr, x, y - height / 2)
    pango_cairo_show_layout(cr, layout)
  }

  private static func roundedRectangle(
    _ cr: OpaquePointer, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    radius: Double
  ) {
    cairo_new_sub_path(cr)
    cairo_arc(cr, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
    cairo_arc(cr, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
    cairo_arc(cr, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
    cairo_arc(cr, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
  }
}
