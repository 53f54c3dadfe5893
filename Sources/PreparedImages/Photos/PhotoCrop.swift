/// The square of a ``PhotoImage`` that becomes the photo, in the image's
/// pixels: its top-left corner and its side.
///
/// Threading: a plain value; `Sendable`.
public struct PhotoCrop: Sendable, Equatable {
  public var x: Double
  public var y: Double
  public var side: Double

  /// The square at `x`, `y` with `side`.
  public init(x: Double, y: Double, side: Double) {
    self.x = x
    self.y = y
    self.side = side
  }

  /// The largest square in the middle of a `width`×`height` image.
  public static func centred(width: Int, height: Int) -> PhotoCrop {
    let side = Double(min(width, height))
    return PhotoCrop(x: (Double(width) - side) / 2, y: (Double(height) - side) / 2, side: side)
  }

  /// The square `zoom` times smaller than the largest (1: the largest; 4 at
  /// most), its centre at (`centreX`, `centreY`) moved back inside the
  /// `width`×`height` image as far as needed.
  public static func zoomed(
    _ zoom: Double, centreX: Double, centreY: Double, width: Int, height: Int
  ) -> PhotoCrop {
    let side = Double(min(width, height)) / min(max(zoom, 1), 4)
    let x = min(max(centreX - side / 2, 0), Double(width) - side)
    let y = min(max(centreY - side / 2, 0), Double(height) - side)
    return PhotoCrop(x: x, y: y, side: side)
  }

  /// The square's centre.
  public var centre: (x: Double, y: Double) { (x + side / 2, y + side / 2) }
}
