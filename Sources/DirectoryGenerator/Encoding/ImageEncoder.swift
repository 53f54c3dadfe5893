import CGtk
import GtkKit

/// Turns 8-bit RGB pixels into JPEG or PNG file bytes through gdk-pixbuf,
/// the same library the app decodes them with.
///
/// Threading: stateless; callable from several threads at once, each with
/// its own pixels (call `warmUp()` once first, see there).
enum ImageEncoder {
  /// Why gdk-pixbuf could not encode an image.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// gdk-pixbuf registers its formats on first use; doing that once on one
  /// thread keeps the parallel encoders from racing into it.
  static func warmUp() throws {
    _ = try encode(rgb: [0, 0, 0], width: 1, height: 1, format: .png)
  }

  static func encode(rgb: [UInt8], width: Int, height: Int, format: AvatarPlan.Format) throws
    -> [UInt8]
  {
    precondition(rgb.count == width * height * 3, "rows are packed RGB without padding")
    let bytes = rgb.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    guard
      let pixbuf = gdk_pixbuf_new_from_bytes(
        bytes, GDK_COLORSPACE_RGB, cgtk_false(), 8, Int32(width), Int32(height), Int32(width * 3))
    else { throw Failure(description: "gdk-pixbuf refused a \(width)x\(height) image") }

    let type: String
    let options: [(String, String)]
    switch format {
    case .jpeg(let quality):
      type = "jpeg"
      options = [("quality", String(quality))]
    case .png:
      type = "png"
      // zlib level 3: PNG encoding was half of all generation time at the
      // default level 6, for files only about 15% smaller.
      options = [("compression", "3")]
    }
    return try ObjectSlot.withAdopted(pixbuf) { try save($0, type: type, options: options) }
  }

  private static func save(_ pixbuf: OpaquePointer, type: String, options: [(String, String)])
    throws -> [UInt8]
  {
    // save_to_bufferv takes NULL-terminated arrays of C strings.
    var keys: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.0) } + [nil]
    var values: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.1) } + [nil]
    defer {
      for pointer in keys + values { free(pointer) }
    }
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    let saved = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, &keys, &values, &error)
    defer { g_free(buffer) }
    guard saved != 0, let buffer else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      g_clear_error(&error)
      throw Failure(description: "gdk-pixbuf could not write \(type): \(message)")
    }
    return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
  }
}
