import Directory

/// Photo-like backgrounds: what a room or street looks like behind a person
/// when the lens focuses on them.
///
/// Threading: stateless; paints on the caller's cairo canvas.
enum BackgroundPainter {
  /// Coloured blobs blurred into soft shapes, then a few bokeh highlights.
  static func blurredScene(_ canvas: CairoCanvas, random: inout SplitMix64) {
    // Painted tiny and scaled up with bilinear filtering: the soft, out-of-focus shapes of a
    // blurred scene without blurring a single pixel.
    let shrink = max(1, Int(canvas.side / 12))
    let scene = CairoCanvas(
      width: max(1, canvas.width / shrink), height: max(1, canvas.height / shrink))
    let s = scene.side
    let width = Float(scene.width)
    let height = Float(scene.height)
    scene.fillLinearGradient(
      from: PaintColors.muted(using: &random), to: PaintColors.muted(using: &random),
      angle: random.float(in: 0...3.14))
    for _ in 0..<(6 + random.next(below: 7)) {
      scene.fillEllipse(
        center: (random.unit * width, random.unit * height),
        radii: (random.float(in: 0.08...0.4) * s, random.float(in: 0.08...0.4) * s),
        color: PaintColors.muted(using: &random), opacity: random.float(in: 0.5...1))
    }
    canvas.paint(scaledUp: scene)

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
