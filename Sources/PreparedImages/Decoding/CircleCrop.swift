import CGtk

/// Turns a decoded pixbuf into the final avatar texture: the centred square, cut to a circle
/// with a one-pixel anti-aliased edge, premultiplied RGBA, as a GdkTexture.
///
/// Threading: stateless; call on a decode worker (gdk_memory_texture_new is thread-safe).
enum CircleCrop {
  /// A new GdkTexture reference of `side` x `side`, or nil if the pixbuf is not 8-bit RGB(A).
  static func texture(from pixbuf: OpaquePointer, side: Int) -> OpaquePointer? {
    let width = Int(gdk_pixbuf_get_width(pixbuf))
    let height = Int(gdk_pixbuf_get_height(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let rowStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
    guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels >= (hasAlpha ? 4 : 3), width > 0,
      height > 0,
      let source = gdk_pixbuf_read_pixels(pixbuf)
    else { return nil }

    let stride = side * 4
    let byteCount = stride * side
    guard let buffer = g_malloc(gsize(byteCount)) else { return nil }
    let output = buffer.bindMemory(to: UInt8.self, capacity: byteCount)
    let originX = max(0, (width - side) / 2)
    let originY = max(0, (height - side) / 2)
    let radius = Double(side) / 2

    for y in 0..<side {
      let sourceRow = source + min(y + originY, height - 1) * rowStride
      let dy = Double(y) + 0.5 - radius
      for x in 0..<side {
        let dx = Double(x) + 0.5 - radius
        // Coverage of the pixel by the circle, ramping over one pixel across the edge.
        let coverage = min(max(radius - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
        let pixel = sourceRow + min(x + originX, width - 1) * channels
        let alpha = (hasAlpha ? Double(pixel[3]) : 255) * coverage
        let out = output + y * stride + x * 4
        out[0] = UInt8((Double(pixel[0]) * alpha / 255).rounded())
        out[1] = UInt8((Double(pixel[1]) * alpha / 255).rounded())
        out[2] = UInt8((Double(pixel[2]) * alpha / 255).rounded())
        out[3] = UInt8(alpha.rounded())
      }
    }

    let bytes = g_bytes_new_take(buffer, gsize(byteCount))
    defer { g_bytes_unref(bytes) }
    return gdk_memory_texture_new(
      Int32(side), Int32(side), GDK_MEMORY_R8G8B8A8_PREMULTIPLIED, bytes, gsize(stride))
  }
}
