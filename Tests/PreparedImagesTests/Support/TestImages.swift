import CGtk
import Foundation

@testable import PreparedImages

/// Real encoded images made with gdk-pixbuf, crafted hostile headers, and pixel reads.
enum TestImages {
  struct RGB: Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
  }

  /// A `width` x `height` image of one colour, encoded as "png" or "jpeg".
  static func solid(_ color: RGB, width: Int = 64, height: Int = 64, format: String = "png")
    -> [UInt8]
  {
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(
      pixbuf, UInt32(color.red) << 24 | UInt32(color.green) << 16 | UInt32(color.blue) << 8 | 0xFF)
    return encode(pixbuf, format: format)
  }

  /// A photo-like image (gradients plus noise) of `side` x `side`.
  static func photo(side: Int, format: String) -> [UInt8] {
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(side), Int32(side))!
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    let pixels = gdk_pixbuf_get_pixels(pixbuf)!
    let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    var seed: UInt32 = 12345
    for y in 0..<side {
      for x in 0..<side {
        seed = seed &* 1_103_515_245 &+ 12345
        let noise = Int(seed >> 27)
        let pixel = pixels + y * stride + x * 3
        pixel[0] = UInt8(truncatingIfNeeded: x * 255 / side + noise)
        pixel[1] = UInt8(truncatingIfNeeded: y * 255 / side + noise)
        pixel[2] = UInt8(truncatingIfNeeded: (x + y) * 127 / side + noise)
      }
    }
    return encode(pixbuf, format: format)
  }

  /// A large JPEG whose header really says `side` x `side` (striped, so it compresses well).
  static func largeJPEG(side: Int) -> [UInt8] {
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(side), Int32(side))!
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, 0x3366_99FF)
    for stripe in stride(from: 0, to: side, by: side / 8) {
      let band = gdk_pixbuf_new_subpixbuf(pixbuf, Int32(stripe), 0, Int32(side / 16), Int32(side))!
      gdk_pixbuf_fill(band, 0xEECC_22FF)
      g_object_unref(UnsafeMutableRawPointer(band))
    }
    return encode(pixbuf, format: "jpeg")
  }

  static func encode(_ pixbuf: OpaquePointer, format: String) -> [UInt8] {
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, format, nil, nil, &error) != 0,
      let buffer
    else {
      fatalError("gdk_pixbuf_save_to_bufferv failed: \(String(cString: error!.pointee.message))")
    }
    defer { g_free(buffer) }
    return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(size)))
    }
  }

  /// A PNG signature and a valid IHDR declaring `width` x `height`, and nothing else.
  static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    var chunk = Array("IHDR".utf8)
    for value in [width, height] { chunk += withUnsafeBytes(of: value.bigEndian, Array.init) }
    chunk += [8, 2, 0, 0, 0]
    let crc = crc32(chunk)
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [0, 0, 0, 13] + chunk
      + withUnsafeBytes(of: crc.bigEndian, Array.init)
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// The texture's pixel at (x, y) as premultiplied RGBA.
  static func pixel(of image: PreparedImage, x: Int, y: Int) -> (
    red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
  ) {
    let side = image.pixelSize
    var data = [UInt8](repeating: 0, count: side * side * 4)
    data.withUnsafeMutableBufferPointer {
      gdk_texture_download(image.texture, $0.baseAddress, gsize(side * 4))
    }
    // gdk_texture_download writes CAIRO_FORMAT_ARGB32: B, G, R, A in memory on little endian.
    let offset = (y * side + x) * 4
    return (data[offset + 2], data[offset + 1], data[offset], data[offset + 3])
  }

  static func centerColor(of image: PreparedImage) -> RGB {
    let pixel = pixel(of: image, x: image.pixelSize / 2, y: image.pixelSize / 2)
    return RGB(red: pixel.red, green: pixel.green, blue: pixel.blue)
  }
}
