import Directory

/// What one generated avatar will be: its file name, look, format and size.
///
/// The mix imitates what people upload: mostly photos (JPEG), some drawn or
/// generated pictures (often PNG); mostly 256-512 px squares, a few tiny or
/// 1024 px ones, and a few cropped-landscape or portrait rectangles.
/// Threading: a plain value; `Sendable`.
struct AvatarPlan: Sendable {
  enum Style: Sendable, CaseIterable {
    /// A person in front of a blurred, photo-like background, with grain.
    case photoPortrait
    /// A person on a clean gradient, as drawn default avatars look.
    case flatPortrait
    /// A symmetric 5x5 block pattern like generated identicons.
    case identicon
    /// Rings, circles or low-poly triangles.
    case geometric
    /// Sky, sun and hills, the holiday-photo avatar.
    case landscape
  }

  enum Format: Sendable, Equatable {
    case jpeg(quality: Int)
    case png

    var fileExtension: String {
      switch self {
      case .jpeg: "jpg"
      case .png: "png"
      }
    }
  }

  var index: Int
  var style: Style
  var format: Format
  var width: Int
  var height: Int
  /// Seeds the painter, so any avatar can be painted alone and in any order.
  var paintSeed: UInt64

  var fileName: String { Self.fileName(index: index, fileExtension: format.fileExtension) }

  static func fileName(index: Int, fileExtension: String) -> String {
    let digits = String(index + 1)
    return "avatar-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "."
      + fileExtension
  }

  /// The plan of avatar number `index` for a data set seeded with `seed`.
  init(index: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    self.index = index
    let styleRoll = random.next(below: 100)
    let jpegPercent: Int
    switch styleRoll {
    case ..<40: (style, jpegPercent) = (.photoPortrait, 92)
    case ..<60: (style, jpegPercent) = (.flatPortrait, 70)
    case ..<74: (style, jpegPercent) = (.identicon, 25)
    case ..<88: (style, jpegPercent) = (.geometric, 40)
    default: (style, jpegPercent) = (.landscape, 95)
    }
    format =
      random.next(below: 100) < jpegPercent ? .jpeg(quality: 72 + random.next(below: 21)) : .png
    (width, height) = Self.size(for: style, using: &random)
    paintSeed = random.next()
  }

  private static func size(for style: Style, using random: inout SplitMix64) -> (Int, Int) {
    let isPhoto = style == .photoPortrait || style == .landscape
    if isPhoto && random.next(below: 100) < 14 {
      let rectangles = [
        (400, 300), (640, 480), (300, 400), (512, 384), (480, 640), (600, 450), (360, 480),
      ]
      return rectangles[random.next(below: rectangles.count)]
    }
    let roll = random.next(below: 100)
    let side: Int
    switch roll {
    case ..<8: side = [96, 120, 128, 150, 160, 180, 192][random.next(below: 7)]
    case ..<84:
      side = [256, 300, 320, 360, 384, 400, 420, 460, 480, 500, 512][random.next(below: 11)]
    case ..<95: side = [600, 640, 720, 768, 800][random.next(below: 5)]
    default: side = 1024
    }
    return (side, side)
  }
}
