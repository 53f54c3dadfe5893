import Directory

/// Paints the avatar a plan describes and encodes it as file bytes.
///
/// Threading: stateless; plans render independently on any thread.
enum AvatarRenderer {
  static func render(_ plan: AvatarPlan) throws -> [UInt8] {
    var random = SplitMix64(seed: plan.paintSeed)
    let canvas = CairoCanvas(width: plan.width, height: plan.height)
    let isPNG = plan.format == .png
    // Grain is what makes a photo's JPEG weigh what real ones do; drawn
    // pictures have none, and PNG would balloon with it.
    let grain: Float
    switch plan.style {
    case .photoPortrait:
      PortraitPainter.paint(canvas, photo: true, random: &random)
      grain = isPNG ? 0.01 : random.float(in: 0.05...0.11)
    case .flatPortrait:
      PortraitPainter.paint(canvas, photo: false, random: &random)
      grain = isPNG ? 0 : 0.012
    case .identicon:
      PatternPainter.identicon(canvas, random: &random)
      grain = 0
    case .geometric:
      PatternPainter.geometric(canvas, random: &random)
      grain = isPNG ? 0 : 0.015
    case .landscape:
      LandscapePainter.paint(canvas, random: &random)
      grain = isPNG ? 0.01 : random.float(in: 0.04...0.09)
    }
    let rgb = canvas.rgbBytes(grain: grain, random: &random)
    return try ImageEncoder.encode(
      rgb: rgb, width: plan.width, height: plan.height, format: plan.format)
  }
}
