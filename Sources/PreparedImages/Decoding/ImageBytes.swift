/// Whether bytes are a picture: what an export asks before it carries a
/// file as a photo, so a file that only sits beside the pictures (a note, a
/// key, a configuration) never leaves in a vCard, the clipboard or a drag.
///
/// The same check as before any decoder sees an avatar (``ImageHeader``):
/// the magic number of a PNG, JPEG or GIF and a header whose size parses
/// as more than zero pixels each way.
///
/// Threading: stateless; callable from any thread.
package enum ImageBytes {
  /// Whether `bytes` begin as a PNG, JPEG or GIF Roster would decode.
  package static func areAnImage(_ bytes: [UInt8]) -> Bool {
    if case .success = ImageHeader.parse(bytes) { return true }
    return false
  }
}
