/// The image formats Roster decodes; the raw value is gdk-pixbuf's loader name.
///
/// Threading: a `Sendable` value.
enum ImageFormat: String, Sendable {
  case png
  case jpeg
  case gif
}
