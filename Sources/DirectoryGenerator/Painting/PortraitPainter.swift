import Directory

/// Paints a head-and-shoulders figure: the photo variant on a blurred,
/// bokeh-lit background with grain and soft focus, the flat variant on a
/// clean gradient like a drawn default avatar.
///
/// Threading: stateless; paints on the caller's cairo canvas.
enum PortraitPainter {
  static func paint(_ canvas: CairoCanvas, photo: Bool, random: inout SplitMix64) {
    let s = canvas.side
    if photo {
      BackgroundPainter.blurredScene(canvas, random: &random)
    } else {
      let top = PaintColors.muted(using: &random)
      canvas.fillLinearGradient(
        from: top.scaled(1.15), to: PaintColors.muted(using: &random).mixed(with: top, 0.4),
        angle: random.float(in: 0...3.14))
    }

    let skin = PaintColors.skin(using: &random)
    let hair = PaintColors.hair(using: &random)
    let clothes = PaintColors.clothes(using: &random)
    let cx = Float(canvas.width) / 2 + random.float(in: -0.05...0.05) * s
    let cy = Float(canvas.height) * 0.42 + random.float(in: -0.04...0.04) * s
    let rx = random.float(in: 0.15...0.19) * s
    let ry = rx * random.float(in: 1.15...1.3)
    let soft: Float = photo ? max(1, s / 250) : 1
    let hairStyle = random.next(below: 10)  // 0: bald, 1-3: long, 4: bun, else short

    // Back to front: long hair, shoulders, neck, ears, head, hair, face.
    if (1...3).contains(hairStyle) {
      canvas.fillEllipse(
        center: (cx, cy + 0.35 * ry), radii: (rx * 1.3, ry * 1.45), color: hair, feather: soft)
    }
    let shoulderTop = cy + ry + 0.06 * s
    let shoulderRadii = (x: random.float(in: 0.36...0.46) * s, y: random.float(in: 0.26...0.32) * s)
    canvas.fillEllipse(
      center: (cx, shoulderTop + shoulderRadii.y), radii: shoulderRadii, color: clothes,
      feather: soft)
    canvas.fillEllipse(
      center: (cx, cy + ry * 0.9), radii: (rx * 0.45, ry * 0.55), color: skin.scaled(0.82),
      feather: soft)
    if random.next(below: 2) == 0 {
      canvas.fillTriangle(
        (cx - rx * 0.42, shoulderTop - 0.01 * s), (cx + rx * 0.42, shoulderTop - 0.01 * s),
        (cx, shoulderTop + 0.09 * s), color: skin.scaled(0.88))
    }
    for side: Float in [-1, 1] {
      canvas.fillEllipse(
        center: (cx + side * rx * 0.97, cy + 0.05 * ry), radii: (rx * 0.16, ry * 0.2),
        color: skin.scaled(0.9),
        feather: soft)
    }
    canvas.fillEllipse(center: (cx, cy), radii: (rx, ry), color: skin, feather: soft)
    if hairStyle != 0 {
      canvas.fillEllipse(
        center: (cx, cy - ry * 0.42), radii: (rx * 1.07, ry * 0.66), color: hair, feather: soft)
      canvas.fillEllipse(
        center: (cx + random.float(in: -0.1...0.1) * rx, cy + ry * 0.14),
        radii: (rx * 0.93, ry * 0.86),
        color: skin, feather: soft)
    }
    if hairStyle == 4 {
      canvas.fillEllipse(
        center: (cx, cy - ry * 1.05), radii: (rx * 0.38, rx * 0.34), color: hair, feather: soft)
    }
    // Light falls from one side; the other cheek sits in shade. Sized so the
    // soft edge stays inside the face instead of smudging hair and wall.
    let lightSide: Float = random.next(below: 2) == 0 ? -1 : 1
    canvas.fillEllipse(
      center: (cx - lightSide * rx * 0.5, cy + ry * 0.15), radii: (rx * 0.35, ry * 0.55),
      color: skin.scaled(0.75),
      opacity: 0.3, feather: rx * 0.25)
    paintFace(canvas, center: (cx, cy), radii: (rx, ry), skin: skin, soft: soft, random: &random)
    if photo {
      canvas.vignette(strength: random.float(in: 0.1...0.35))
      canvas.soften(factor: 1 + max(1, Int(s / 300)))
    }
  }

  /// Eyes, brows and mouth, sometimes glasses; small and soft, as they look
  /// in a thumbnail.
  private static func paintFace(
    _ canvas: CairoCanvas, center: (x: Float, y: Float), radii: (x: Float, y: Float),
    skin: Color,
    soft: Float, random: inout SplitMix64
  ) {
    let (cx, cy) = center
    let (rx, ry) = radii
    let eyeY = cy + ry * 0.02
    let eyeColor = Color(hex: 0x2A1F1A)
    for side: Float in [-1, 1] {
      let ex = cx + side * rx * 0.38
      canvas.fillEllipse(
        center: (ex, eyeY), radii: (rx * 0.11, ry * 0.06), color: .white.scaled(0.92), feather: soft
      )
      canvas.fillEllipse(
        center: (ex, eyeY), radii: (rx * 0.06, ry * 0.055), color: eyeColor, feather: soft)
      canvas.fillEllipse(
        center: (ex, eyeY - ry * 0.16), radii: (rx * 0.16, ry * 0.03), color: skin.scaled(0.45),
        opacity: 0.8,
        feather: soft)
    }
    canvas.fillEllipse(
      center: (cx, cy + ry * 0.3), radii: (rx * 0.07, ry * 0.1), color: skin.scaled(0.85),
      opacity: 0.6,
      feather: soft * 2)
    canvas.fillEllipse(
      center: (cx, cy + ry * 0.55), radii: (rx * random.float(in: 0.2...0.32), ry * 0.05),
      color: Color(hex: 0xA0524D).mixed(with: skin, 0.35), feather: soft)
    if random.next(below: 7) == 0 {
      let frame = Color(hex: 0x222222)
      for side: Float in [-1, 1] {
        let ex = cx + side * rx * 0.38
        canvas.fillEllipse(
          center: (ex, eyeY), radii: (rx * 0.25, ry * 0.17), color: frame, feather: soft)
        canvas.fillEllipse(
          center: (ex, eyeY), radii: (rx * 0.2, ry * 0.13), color: skin.mixed(with: .white, 0.15),
          feather: soft)
        canvas.fillEllipse(
          center: (ex, eyeY), radii: (rx * 0.06, ry * 0.055), color: eyeColor, feather: soft)
      }
      canvas.fillRect(
        x: cx - rx * 0.14, y: eyeY - ry * 0.02, width: rx * 0.28, height: max(1, ry * 0.03),
        color: frame)
    }
  }
}
