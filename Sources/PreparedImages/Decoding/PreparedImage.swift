import CGtk
import GtkKit

/// A decoded, cropped, immutable texture, ready for the main thread to set on a picture.
///
/// Threading: `Sendable`. A GdkTexture is immutable and may cross threads; this object owns one
/// reference to it and releases it when the last Swift reference goes.
public final class PreparedImage: @unchecked Sendable {
  /// The GdkTexture (premultiplied RGBA, `pixelSize` square, transparent outside the circle).
  public var texture: OpaquePointer { reference.opaque! }
  /// Side of the square texture in device pixels.
  public let pixelSize: Int
  /// Bytes of pixels held by the texture: w * h * 4 (the memory cache adds the objects around
  /// them, ``MemoryCache/entryCost(of:for:)``).
  public var cost: Int { pixelSize * pixelSize * 4 }

  /// Takes over one reference to `texture` (a GdkTexture of `pixelSize` x `pixelSize`).
  public init(adoptingTexture texture: OpaquePointer, pixelSize: Int) {
    reference = ObjectSlot(adopting: texture)
    self.pixelSize = pixelSize
  }

  /// The reference this image owns (a texture may be released on any thread).
  private let reference: ObjectSlot
}
