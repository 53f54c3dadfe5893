import Directory

/// Generated-looking avatars: identicons and simple geometric art.
///
/// Threading: stateless; paints on the caller's cairo canvas.
enum PatternPainter {
  /// A 5x5 grid mirrored left to right, one colour on a pale ground.
  static func identicon(_ canvas: CairoCanvas, random: inout SplitMix64) {
    let s = canvas.side
    let color = PaintColors.vivid(using: &random)
    canvas.fillRect(
      x: 0, y: 0, width: Float(canvas.width), height: Float(canvas.height),
      color: Color(hex: 0xF0F0F0))
    let cell = (s / 6).rounded(.down)
    let originX = ((Float(canvas.width) - cell * 5) / 2).rounded(.down)
    let originY = ((Float(canvas.height) - cell * 5) / 2).rounded(.down)
    for row in 0..<5 {
      for column in 0..<3 where random.next(below: 2) == 0 {
        for mirrored in column == 2 ? [2] : [column, 4 - column] {
          canvas.fillRect(
            x: originX + Float(mirrored) * cell, y: originY + Float(row) * cell, width: cell,
            height: cell,
            color: color)
        }
      }
    }
  }

  static func geometric(_ canvas: CairoCanvas, random: inout SplitMix64) {
    switch random.next(below: 3) {
    case 0: rings(canvas, random: &random)
    case 1: circles(canvas, random: &random)
    default: lowPoly(canvas, random: &random)
    }
  }

  /// Concentric rings in two or three alternating colours.
  private static func rings(_ canvas: CairoCanvas, random: inout SplitMix64) {
    let colors = (0..<(2 + random.next(below: 2))).map { _ in PaintColors.vivid(using: &random) }
    let width = Float(canvas.width)
    let height = Float(canvas.height)
    canvas.fillRect(x: 0, y: 0, width: width, height: height, color: colors[0])
    let center = (x: width * random.float(in: 0.3...0.7), y: height * random.float(in: 0.3...0.7))
    var radius = max(width, height)
    var ring = 1
    while radius > 2 {
      canvas.fillEllipse(
        center: center, radii: (radius, radius), color: colors[ring % colors.count])
      radius -= canvas.side * random.float(in: 0.05...0.12)
      ring += 1
    }
  }

  /// Overlapping translucent discs on a flat ground.
  private static func circles(_ canvas: CairoCanvas, random: inout SplitMix64) {
    let width = Float(canvas.width)
    let height = Float(canvas.height)
    canvas.fillRect(
      x: 0, y: 0, width: width, height: height, color: PaintColors.muted(using: &random).scaled(1.1)
    )
    for _ in 0..<(3 + random.next(below: 5)) {
      let radius = random.float(in: 0.12...0.4) * canvas.side
      canvas.fillEllipse(
        center: (random.unit * width, random.unit * height), radii: (radius, radius),
        color: PaintColors.vivid(using: &random), opacity: random.float(in: 0.55...0.9))
    }
  }

  /// A jittered triangle mesh shaded along a two-colour gradient.
  private static func lowPoly(_ canvas: CairoCanvas, random: inout SplitMix64) {
    let start = PaintColors.vivid(using: &random)
    let end = PaintColors.vivid(using: &random)
    let cells = 4 + random.next(below: 4)
    let stepX = Float(canvas.width) / Float(cells)
    let stepY = Float(canvas.height) / Float(cells)
    // Interior points move; border points stay so the mesh covers the image.
    var points: [[(x: Float, y: Float)]] = []
    for row in 0...cells {
      points.append(
        (0...cells).map { column in
          let jitterX = column == 0 || column == cells ? 0 : random.float(in: -0.35...0.35) * stepX
          let jitterY = row == 0 || row == cells ? 0 : random.float(in: -0.35...0.35) * stepY
          return (Float(column) * stepX + jitterX, Float(row) * stepY + jitterY)
        })
    }
    for row in 0..<cells {
      for column in 0..<cells {
        let a = points[row][column]
        let b = points[row][column + 1]
        let c = points[row + 1][column]
        let d = points[row + 1][column + 1]
        for triangle in [(a, b, c), (b, d, c)] {
          let t = (Float(row) + Float(column)) / Float(2 * cells)
          let shade = random.float(in: 0.85...1.12)
          // Bleeding half a pixel past each edge hides the seams that two
          // half-covered edge pixels would otherwise leave.
          canvas.fillTriangle(
            triangle.0, triangle.1, triangle.2, color: start.mixed(with: end, t).scaled(shade),
            bleed: 0.5)
        }
      }
    }
  }
}
