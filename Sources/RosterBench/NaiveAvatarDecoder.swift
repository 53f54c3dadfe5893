import CGtk
import PreparedImages
import RosterKit

/// The "before" of the articles, for benchmarks only (`--pipeline naive`):
/// decodes the avatar file synchronously, on the main thread, inside bind.
/// It shows why the prepared pipeline exists; the app never uses it.
///
/// Threading: main-actor only (that is the point).
@MainActor
enum NaiveAvatarDecoder {
  private(set) static var decodes = 0

  /// A texture for a local avatar, or nil (remote sources and failures).
  static func texture(for request: ImageRequest) -> OpaquePointer? {
    guard case .file(let path) = request.source else { return nil }
    decodes += 1
    var error: UnsafeMutablePointer<GError>?
    let size = Int32(request.pixelSize)
    guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, size, size, 1, &error) else {
      if let error { g_error_free(error) }
      return nil
    }
    defer { g_object_unref(gobject(pixbuf)) }
    return gdk_texture_new_for_pixbuf(pixbuf)
  }
}
