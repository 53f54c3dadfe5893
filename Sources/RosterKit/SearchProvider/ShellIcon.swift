import CGtk
import PreparedImages
import SharedSupport

/// A result's picture as the shell gets it: the avatar file's or the
/// server photo's bytes decoded by Roster's own ``ImageDecoder`` (format
/// sniffed from the magic number, PNG, JPEG or GIF only; the declared and
/// decoded sizes within ``maxPixelSide`` and ``maxMegapixels``), cut to the
/// round avatar ``pixelSize`` across and encoded again as a PNG Roster made.
/// gnome-shell never sees a file or a server's bytes: an SVG, an XPM, a
/// text file or a bomb of pixels gives no picture (the generic avatar).
///
/// Threading: any thread but the main one (a decode takes milliseconds);
/// the decoder and the texture are thread-safe.
enum ShellIcon {
  /// The picture's side in pixels (the shell shows results at 64 or less).
  static let pixelSize = 64
  /// The largest avatar file read.
  static let maxFileBytes = 2_000_000
  /// The largest PNG sent (a 64 px RGBA PNG is well under it).
  static let maxPNGBytes = 64 * 1024
  /// The widest side decoded.
  static let maxPixelSide = 4096
  /// The most pixels decoded, in millions.
  static let maxMegapixels = 16

  private static let decoder = ImageDecoder(
    maxPixelSide: maxPixelSide, maxMegapixels: maxMegapixels)

  /// The PNG of the avatar in the file at `path`; nil when it cannot be
  /// read within ``maxFileBytes`` or is no image Roster decodes.
  static func png(ofFile path: String) -> [UInt8]? {
    guard let bytes = try? BoundedFileReader.read(path: path, maxBytes: maxFileBytes) else {
      return nil
    }
    return png(of: bytes)
  }

  /// The PNG of the avatar in `bytes`; nil when they are no image Roster
  /// decodes within its limits.
  static func png(of bytes: [UInt8]) -> [UInt8]? {
    guard case .success(let image) = decoder.decode(bytes, pixelSize: pixelSize),
      let png = gdk_texture_save_to_png_bytes(image.texture)
    else { return nil }
    defer { g_bytes_unref(png) }
    var size: gsize = 0
    guard let data = g_bytes_get_data(png, &size), size > 0, Int(size) <= maxPNGBytes else {
      return nil
    }
    return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
  }
}
