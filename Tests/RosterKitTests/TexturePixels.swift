import CGtk
import Foundation
import GtkKit

@testable import RosterKit

/// A texture's pixels, read once into memory, for comparing drawings pixel by
/// pixel.
///
/// Threading: a value; made on the main thread (it downloads a GDK texture).
struct TexturePixels {
  let width: Int
  let height: Int
  private var bytes: [UInt8]

  /// The pixels of `texture`, which this releases.
  init(texture: OpaquePointer) {
    defer { g_object_unref(gobject(texture)) }
    width = Int(gdk_texture_get_width(texture))
    height = Int(gdk_texture_get_height(texture))
    bytes = [UInt8](repeating: 0, count: width * height * 4)
    bytes.withUnsafeMutableBufferPointer {
      gdk_texture_download(texture, $0.baseAddress, gsize(width * 4))
    }
  }

  /// The pixels of the image file at `path`.
  init(file path: String) throws {
    var error: UnsafeMutablePointer<GError>?
    guard let texture = gdk_texture_new_from_filename(path, &error) else {
      defer { g_error_free(error) }
      throw CocoaError(
        .fileReadCorruptFile,
        userInfo: [
          NSFilePathErrorKey: path,
          NSLocalizedDescriptionKey: String(cString: error!.pointee.message),
        ])
    }
    self.init(texture: texture)
  }

  /// Red, green, blue, alpha at (x, y) (premultiplied); transparent outside.
  func at(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
    // B, G, R, A in memory (CAIRO_FORMAT_ARGB32 on little endian).
    let offset = (y * width + x) * 4
    return (bytes[offset + 2], bytes[offset + 1], bytes[offset], bytes[offset + 3])
  }
}
