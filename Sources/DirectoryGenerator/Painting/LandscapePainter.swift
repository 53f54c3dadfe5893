import Directory
import Foundation

/// A holiday-photo avatar: sky, sun and layered hills fading with distance.
///
/// Threading: stateless; paints on the caller's cairo canvas.
enum LandscapePainter {
  static func paint(_ canvas: CairoCanvas, random: inout SplitMix64) {
    let width = Float(canvas.width)
    let height = Float(canvas.height)
    let sunset = random.next(below: 3) == 0
    let zenith =
      sunset
      ? Color(hex: 0x3A2F6B)
      : Color(hue: random.float(in: 0.55...0.62), saturation: 0.6, value: 0.85)
    let horizon = sunset ? Color(hex: 0xF4A259) : Color(hex: 0xCFE6F5)
    canvas.fillLinearGradient(from: zenith, to: horizon, angle: .pi / 2)
    let sunRadius = random.float(in: 0.05...0.1) * canvas.side
    let sun = (x: random.float(in: 0.2...0.8) * width, y: random.float(in: 0.15...0.45) * height)
    canvas.fillEllipse(
      center: sun, radii: (sunRadius * 3, sunRadius * 3), color: .white, opacity: 0.25,
      feather: sunRadius * 2)
    canvas.fillEllipse(
      center: sun, radii: (sunRadius, sunRadius), color: Color(hex: 0xFFF4D6), feather: 2)

    let layers = 3 + random.next(below: 2)
    let near = Color(hue: random.float(in: 0.22...0.38), saturation: 0.55, value: 0.35)
    for layer in 0..<layers {
      let depth = Float(layer) / Float(layers - 1)  // 0 far, 1 near
      let color = horizon.mixed(with: near, 0.35 + 0.65 * depth)
      let base = height * (0.45 + 0.15 * depth)
      let amplitude = height * random.float(in: 0.03...0.09)
      let frequency = random.float(in: 1.5...4) * .pi / width
      let phase = random.float(in: 0...6.28)
      canvas.fillBelow(color: color) { x in
        base - amplitude * sinf(x * frequency + phase) - amplitude * 0.35
          * sinf(x * frequency * 2.7 + phase * 1.7)
      }
    }
    canvas.soften()
  }
}
