import CGtk
import GtkKit

/// How a ``PersonView`` draws: the avatar (the prepared texture, or the
/// initials on their colour in a circle), the name and role lines, or the
/// skeleton of a row whose data is on its way, in the places its
/// ``PersonShape`` gives them.
extension PersonView {
  /// The skeleton's colour: the text colour at this opacity, as the theme's
  /// placeholders are.
  private static let skeletonAlpha: Float = 0.12
  /// The skeleton's bars (points): the name's, the role's, and their corners.
  private static let nameBar = (width: Int32(144), height: Int32(14))
  private static let roleBar = (width: Int32(64), height: Int32(10))
  private static let barRadius: Float = 4

  /// Where the avatar and the text lines go in a widget `width` × `height`.
  private struct Places {
    var avatarX: Int32
    var avatarY: Int32
    var textX: Int32
    var textWidth: Int32
    var nameY: Int32
    var roleY: Int32
  }

  func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32) {
    guard !isCleared else { return }
    followScaleFactor()
    let fonts = currentFonts()
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
    let places = self.places(width: width, height: height, fonts: fonts)
    if showsSkeleton { return drawSkeleton(snapshot, places, fonts: fonts, color: color) }
    drawAvatar(snapshot, x: places.avatarX, y: places.avatarY, fonts: fonts)
    guard shape.showsName else { return }
    draw(
      name, snapshot, x: places.textX, y: places.nameY, width: places.textWidth, font: fonts.name,
      color: color, alignment: textAlignment)
    guard shape.showsRole else { return }
    var dim = color
    dim.alpha *= Self.dimAlpha
    draw(
      role, snapshot, x: places.textX, y: places.roleY, width: places.textWidth, font: fonts.role,
      color: dim)
  }

  /// The width the name and role lines get in a widget `width` wide.
  func textWidth(_ width: Int32) -> Int32 {
    shape.textBeside ? width - shape.avatarSize - shape.spacing : width
  }

  var textAlignment: PangoAlignment {
    shape.textBeside ? PANGO_ALIGN_LEFT : PANGO_ALIGN_CENTER
  }

  private func places(width: Int32, height: Int32, fonts: PersonFonts) -> Places {
    let side = shape.avatarSize
    let textHeight = shape.textHeight(fonts)
    let textWidth = self.textWidth(width)
    var places: Places
    if shape.textBeside {
      let nameY = (height - textHeight) / 2
      places = Places(
        avatarX: 0, avatarY: (height - side) / 2, textX: width - textWidth, textWidth: textWidth,
        nameY: nameY, roleY: 0)
    } else {
      let below = shape.showsName ? shape.spacing + textHeight : 0
      let top = (height - side - below) / 2
      places = Places(
        avatarX: (width - side) / 2, avatarY: top, textX: 0, textWidth: textWidth,
        nameY: top + side + shape.spacing, roleY: 0)
    }
    places.roleY = places.nameY + fonts.nameHeight + PersonShape.lineSpacing
    return places
  }

  private func drawAvatar(_ snapshot: OpaquePointer, x: Int32, y: Int32, fonts: PersonFonts) {
    AvatarDrawing.draw(
      snapshot, x: x, y: y, side: shape.avatarSize, texture: texture, initials: initials,
      font: fonts.initials, colors: palette.colors(avatar.placeholder.colorIndex, for: widget),
      in: widget)
  }

  /// A grey circle in the avatar's place and grey bars in the name's and
  /// the role's, vertically centred on their lines.
  private func drawSkeleton(
    _ snapshot: OpaquePointer, _ places: Places, fonts: PersonFonts, color: GdkRGBA
  ) {
    var grey = color
    grey.alpha *= Self.skeletonAlpha
    let side = Float(shape.avatarSize)
    let circle = graphene_rect_t(
      origin: graphene_point_t(x: Float(places.avatarX), y: Float(places.avatarY)),
      size: graphene_size_t(width: side, height: side))
    AvatarDrawing.fill(snapshot, circle, radius: side / 2, color: grey)
    guard shape.showsName else { return }
    var bars = [(Self.nameBar, places.nameY, fonts.nameHeight)]
    if shape.showsRole { bars.append((Self.roleBar, places.roleY, fonts.roleHeight)) }
    for (bar, lineY, lineHeight) in bars {
      let barWidth = min(bar.width, places.textWidth)
      let x = shape.textBeside ? places.textX : places.textX + (places.textWidth - barWidth) / 2
      let bounds = graphene_rect_t(
        origin: graphene_point_t(x: Float(x), y: Float(lineY + (lineHeight - bar.height) / 2)),
        size: graphene_size_t(width: Float(barWidth), height: Float(bar.height)))
      AvatarDrawing.fill(snapshot, bounds, radius: Self.barRadius, color: grey)
    }
  }

  private func draw(
    _ line: TextLine, _ snapshot: OpaquePointer, x: Int32, y: Int32, width: Int32,
    font: OpaquePointer, color: GdkRGBA, alignment: PangoAlignment = PANGO_ALIGN_LEFT
  ) {
    guard !line.text.isEmpty else { return }
    if !line.isShaped { RowProbe.of(widget)?.linesShapedWhileDrawing += 1 }
    let layout = line.layout(in: widget, font: font, width: width, alignment: alignment)
    AvatarDrawing.draw(layout, snapshot, x: Float(x), y: Float(y), color: color)
  }
}
