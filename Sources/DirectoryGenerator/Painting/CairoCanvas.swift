import CGtk
import Directory
import Foundation

/// A cairo image surface and its context, with the few drawing operations avatars need, each
/// a handful of cairo calls: gradients, ellipses (arcs under a scale), rectangles, triangle
/// and curve paths, a vignette, a soft-focus pass, and the pixels out as packed RGB with grain.
///
/// Output is deterministic for the same drawing calls: cairo's image backend rasterizes in
/// software, the same way every time.
///
/// Threading: confined to the thread that paints one avatar; cairo objects are never shared.
final class CairoCanvas {
  let width: Int
  let height: Int
  /// The `cairo_t`; painters may draw with it directly.
  let context: OpaquePointer
  private let surface: OpaquePointer

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    // RGB24: avatars are opaque, so there is no alpha to premultiply or undo.
    surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
    context = cairo_create(surface)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// The shorter side, which shapes are sized against.
  var side: Float { Float(min(width, height)) }

  // MARK: Fills

  /// A linear gradient across the whole image at `angle` (radians).
  func fillLinearGradient(from start: Color, to end: Color, angle: Float) {
    let (dx, dy) = (Double(cosf(angle)), Double(sinf(angle)))
    let half = (abs(dx) * Double(width) + abs(dy) * Double(height)) / 2
    let (cx, cy) = (Double(width) / 2, Double(height) / 2)
    let gradient = cairo_pattern_create_linear(
      cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half)
    addStop(gradient, 0, start, 1)
    addStop(gradient, 1, end, 1)
    cairo_set_source(context, gradient)
    cairo_paint(context)
    cairo_pattern_destroy(gradient)
  }

  /// Darkens (or, with `strength` < 0, lightens) towards the corners.
  func vignette(strength: Float) {
    let (cx, cy) = (Double(width) / 2, Double(height) / 2)
    let gradient = cairo_pattern_create_radial(cx, cy, 0, cx, cy, (cx * cx + cy * cy).squareRoot())
    let edge: Color = strength < 0 ? .white : .black
    addStop(gradient, 0, edge, 0)
    addStop(gradient, 1, edge, abs(strength))
    cairo_set_source(context, gradient)
    cairo_paint(context)
    cairo_pattern_destroy(gradient)
  }

  /// An ellipse with soft edges `feather` pixels wide (1 is anti-aliasing only), at `opacity`.
  func fillEllipse(
    center: (x: Float, y: Float), radii: (x: Float, y: Float), color: Color, opacity: Float = 1,
    feather: Float = 1
  ) {
    guard radii.x > 0, radii.y > 0 else { return }
    // Drawn in the unit circle's space; the source is set inside it, as cairo locks a
    // pattern to the space in effect when it becomes the source.
    let spread = feather <= 1 ? 0 : Double(feather / (2 * min(radii.x, radii.y)))
    cairo_save(context)
    cairo_translate(context, Double(center.x), Double(center.y))
    cairo_scale(context, Double(radii.x), Double(radii.y))
    if spread == 0 {
      setColor(color, opacity: opacity)
    } else {
      // Opaque inside 1 - spread, fading out to 1 + spread.
      let gradient = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1 + spread)
      addStop(gradient, max(0, (1 - spread) / (1 + spread)), color, opacity)
      addStop(gradient, 1, color, 0)
      cairo_set_source(context, gradient)
      cairo_pattern_destroy(gradient)  // the context holds its own reference
    }
    cairo_arc(context, 0, 0, 1 + spread, 0, 2 * .pi)
    cairo_fill(context)
    cairo_restore(context)
  }

  func fillRect(
    x: Float, y: Float, width w: Float, height h: Float, color: Color, opacity: Float = 1
  ) {
    setColor(color, opacity: opacity)
    cairo_rectangle(context, Double(x), Double(y), Double(w), Double(h))
    cairo_fill(context)
  }

  /// A triangle, grown by `bleed` pixels (a stroke of its own colour) so neighbours meet
  /// without seams.
  func fillTriangle(
    _ a: (x: Float, y: Float), _ b: (x: Float, y: Float), _ c: (x: Float, y: Float), color: Color,
    opacity: Float = 1, bleed: Float = 0
  ) {
    setColor(color, opacity: opacity)
    cairo_move_to(context, Double(a.x), Double(a.y))
    cairo_line_to(context, Double(b.x), Double(b.y))
    cairo_line_to(context, Double(c.x), Double(c.y))
    cairo_close_path(context)
    if bleed > 0 {
      cairo_set_line_width(context, Double(2 * bleed))
      cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
      cairo_fill_preserve(context)
      cairo_stroke(context)
    } else {
      cairo_fill(context)
    }
  }

  /// Fills everything below the curve `top(x)` (in pixels) with `color`.
  func fillBelow(color: Color, top: (Float) -> Float) {
    setColor(color)
    cairo_move_to(context, 0, Double(height))
    for x in stride(from: 0, through: width, by: 2) {
      cairo_line_to(context, Double(x), Double(top(Float(x))))
    }
    cairo_line_to(context, Double(width), Double(height))
    cairo_close_path(context)
    cairo_fill(context)
  }

  /// Covers the canvas with `other`, scaled to fit with bilinear filtering: a small scene
  /// painted this way comes out as soft as a blurred one.
  func paint(scaledUp other: CairoCanvas) {
    cairo_surface_flush(other.surface)
    cairo_save(context)
    cairo_scale(context, Double(width) / Double(other.width), Double(height) / Double(other.height))
    cairo_set_source_surface(context, other.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_BILINEAR)
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_paint(context)
    cairo_restore(context)
  }

  /// A lens's soft focus: the picture through a copy `factor` times smaller.
  func soften(factor: Int = 2) {
    guard factor > 1 else { return }
    let small = CairoCanvas(
      width: max(1, width / factor), height: max(1, height / factor))
    small.paint(scaledUp: self)
    paint(scaledUp: small)
  }

  // MARK: Pixels

  /// 8-bit RGB with film-like grain of `grain` (0...1 amplitude), rows packed without padding.
  func rgbBytes(grain: Float, random: inout SplitMix64) -> [UInt8] {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    let (width, height) = (width, height)
    let noiseScale = grain * 255 / Float(1 << 21)
    return [UInt8](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
      var output = 0
      for y in 0..<height {
        // RGB24 pixels are native-endian 32-bit words 0x00RRGGBB.
        let row = y * stride
        for x in 0..<width {
          let pixel = data.load(fromByteOffset: row + x * 4, as: UInt32.self)
          // One draw gives three 21-bit noise values, one per channel.
          let bits = grain > 0 ? random.next() : 1 << 62 | 1 << 41 | 1 << 20
          for channel in 0..<3 {
            let value = Float((pixel >> (16 - 8 * UInt32(channel))) & 0xFF)
            let noise =
              Float(Int((bits >> (21 * UInt64(channel))) & 0x1F_FFFF) - (1 << 20)) * noiseScale
            buffer[output + channel] = UInt8(min(max(value + noise + 0.5, 0), 255))
          }
          output += 3
        }
      }
      count = output
    }
  }

  // MARK: Internals

  private func setColor(_ color: Color, opacity: Float = 1) {
    cairo_set_source_rgba(
      context, Double(color.red), Double(color.green), Double(color.blue), Double(opacity))
  }

  private func addStop(_ gradient: OpaquePointer?, _ offset: Double, _ color: Color, _ alpha: Float)
  {
    cairo_pattern_add_color_stop_rgba(
      gradient, offset, Double(color.red), Double(color.green), Double(color.blue), Double(alpha))
  }
}
