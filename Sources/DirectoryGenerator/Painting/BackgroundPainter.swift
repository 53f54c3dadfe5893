import Directory

/// Photo-like backgrounds: what a room or street looks like behind a person
/// when the lens focuses on them.
///
/// Threading: stateless; paints into the caller's canvas.
enum BackgroundPainter {
  /// Coloured blobs blurred into soft shapes, then a few bokeh highlights.
  static func blurredScene(_ canvas: inout PixelCanvas, random: inout SplitMix64) {
    // Painted at a quarter of the size: after this much blur nobody can tell,
    // and blurring is most of an avatar's cost.
    let shrink = canvas.side >= 128 ? 4 : 1
    var scene = PixelCanvas(
      width: max(1, canvas.width / shrink), height: max(1, canvas.height / shrink))
    let s = scene.side
    let width = Float(scene.width)
    let height = Float(scene.height)
    scene.fillLinearGradient(
      from: Palette.muted(using: &random), to: Palette.muted(using: &random),
      angle: random.float(in: 0...3.14))
    for _ in 0..<(6 + random.next(below: 7)) {
      scene.fillEllipse(
        center: (random.unit * width, random.unit * height),
        radii: (random.float(in: 0.08...0.4) * s, random.float(in: 0.08...0.4) * s),
        color: Palette.muted(using: &random), opacity: random.float(in: 0.5...1))
    }
    scene.blur(radius: max(1, Int(s / 14)))
    canvas = scene.resized(width: canvas.width, height: canvas.height)

    let fullSide = canvas.side
    for _ in 0..<(2 + random.next(below: 7)) {
      let radius = random.float(in: 0.02...0.07) * fullSide
      canvas.fillEllipse(
        center: (random.unit * Float(canvas.width), random.unit * Float(canvas.height) * 0.6),
        radii: (radius, radius),
        color: Color(hue: random.unit, saturation: 0.25, value: 1),
        opacity: random.float(in: 0.12...0.35),
        feather: radius * 0.4)
    }
  }
}
