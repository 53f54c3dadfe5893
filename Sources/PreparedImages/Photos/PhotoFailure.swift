import SharedSupport

/// Why a photo file could not become a directory's photo, as a sentence.
///
/// Threading: a plain value; `Sendable`.
public enum PhotoFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read (missing, not a regular file, …).
  case unreadable(String)
  /// The file is over `limit` bytes: not read past the limit.
  case tooManyBytes(limit: Int)
  /// The image says it is `width`×`height`, over the limits: not decoded.
  case tooManyPixels(width: Int, height: Int)
  /// An animation's frames break the limits, one or all together: not
  /// decoded.
  case tooManyFrames
  /// The bytes are not a PNG, JPEG or GIF.
  case notAnImage
  /// The decoder gave up: the image is cut short or broken.
  case broken
  /// No JPEG of the side asked for fits in `limit` bytes.
  case tooLargeToEncode(limit: Int)

  public var description: String {
    switch self {
    case .unreadable(let reason):
      String(filling: tr("The photo could not be read: %@"), reason)
    case .tooManyBytes(let limit):
      String(filling: tr("The photo is larger than %@ MB"), String(limit >> 20))
    case .tooManyPixels(let width, let height):
      String(
        filling: tr("The photo is %1$@×%2$@ pixels, more than %3$@ a side or %4$@ megapixels"),
        String(width), String(height), String(PhotoImage.maxPixelSide),
        String(PhotoImage.maxPixels / 1_000_000))
    case .tooManyFrames:
      String(
        filling: tr("The photo's frames are over %1$@ pixels a side or %2$@ megapixels"),
        String(PhotoImage.maxPixelSide), String(PhotoImage.maxPixels / 1_000_000))
    case .notAnImage:
      tr("The photo is not a PNG, JPEG or GIF image")
    case .broken:
      tr("The photo is damaged or cut short and could not be decoded")
    case .tooLargeToEncode(let limit):
      String(filling: tr("The photo does not fit in %@ bytes"), String(limit))
    }
  }
}
