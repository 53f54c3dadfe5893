/// What a row asks for: an image source drawn as a round avatar of `pixelSize` device pixels.
///
/// Two requests with the same source and size are the same work: they share one load, one
/// decode and one memory-cache entry.
///
/// Threading: a `Sendable` value.
public struct ImageRequest: Hashable, Sendable {
  public let source: ImageSource
  /// Side of the square texture in device pixels (drawn size times the display scale).
  public let pixelSize: Int

  public init(source: ImageSource, pixelSize: Int) {
    self.source = source
    self.pixelSize = pixelSize
  }
}
