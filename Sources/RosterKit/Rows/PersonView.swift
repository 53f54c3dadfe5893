import CGtk
import Directory
import GtkKit

/// What a list row and a grid cell show of a person, as ONE widget that
/// measures and draws itself: the prepared round texture (or the initials
/// on their colour in a circle), the bold name and, in a row, the dim role.
/// It stands for the overlay, picture, placeholder label, boxes and labels a
/// row was built from, so GTK measures, styles and snapshots one node per
/// row instead of seven.
///
/// - Text: two Pango layouts kept per widget (``TextLine``), given new text
///   only when the text changes; fonts and line sizes follow the widget's
///   CSS font (``PersonFonts``), rebuilt when the style's font, a system
///   font setting or the scale factor changes.
/// - Colours: the text colour is the style's (so selection, focus and dark
///   style follow the theme); the role is that colour dimmed as the theme's
///   `dim-label` is; the initials' colours are the stylesheet's
///   (``PlaceholderPalette``).
/// - HiDPI: the texture is prepared at the scale factor's pixels
///   (``AvatarService/scale``) and drawn at its size in points.
/// - Accessibility: the widget is a group whose label says who it is
///   (``RowAccessibility``); nothing inside it is read separately.
///
/// Threading: main-actor only.
@MainActor
final class PersonView: CustomWidgetContent {
  /// The widget type every row and cell is an instance of.
  private static let type = CustomWidget.register(
    name: "RosterPersonView", cssName: "person", role: GTK_ACCESSIBLE_ROLE_GROUP)
  /// The theme's `dim-label` opacity (Adwaita's), for the role line.
  private static let dimAlpha: Float = 0.55
  /// The width each shape (by style class) was last drawn at.
  private static var drawnWidths: [String: Int32] = [:]

  /// The widget (a reference is held until deinit).
  private(set) var widget: Widget!
  /// The reference that keeps the widget tree, sunk from its floating one.
  private var root: ObjectRef?
  /// Which avatar shows.
  private(set) var avatar: AvatarBinding!
  private let shape: PersonShape
  private let name = TextLine()
  private let role = TextLine()
  private let initials = TextLine()
  /// The avatar texture shown (a reference is held), nil for the initials.
  var texture: OpaquePointer? { shownTexture.opaque }
  private var shownTexture = ObjectSlot()
  private var accessibleText = ""
  private var fonts: PersonFonts?
  private var palette = PlaceholderPalette()
  private var scale: Int32 = 0

  /// The identity bound, if any.
  private(set) var identity: String?
  /// Whether it shows no one until its next bind (``clear()``).
  private(set) var isCleared = false
  /// The text of the name and role lines.
  var nameText: String { name.text }
  var roleText: String { role.text }

  /// A person widget of `shape`, loading avatars through `avatars` (nil: initials only).
  init(shape: PersonShape, avatars: AvatarService?) {
    self.shape = shape
    let widget = CustomWidget.make(Self.type, content: self)
    gtk_widget_add_css_class(widget, shape.styleClass)
    root = ObjectRef(widget)
    self.widget = widget
    avatar = AvatarBinding(avatars: avatars) { [unowned self] texture in self.show(texture) }
  }

  /// Drops the row's references (widget and texture) on the main thread.
  isolated deinit {}

  /// Shows `model`: its name, role, accessible label and avatar.
  func bind(_ model: UserViewModel) {
    identity = model.identity
    isCleared = false
    name.set(model.displayName)
    if shape.showsRole { role.set(model.roleText) }
    initials.set(model.initials)
    if accessibleText != model.accessibleText {
      accessibleText = model.accessibleText
      RowAccessibility.setLabel(gobject(widget), accessibleText)
    }
    avatar.bind(model)
    // Always: GTK reuses a moved row's last drawing unless told otherwise,
    // and a new person can differ only in the placeholder's colour.
    gtk_widget_queue_draw(widget)
  }

  /// Lets go of the bound person (cancels a pending avatar load).
  func unbind() {
    identity = nil
    avatar.unbind()
  }

  /// Shows no one (draws nothing, reads as nothing) until the next bind: a
  /// row GTK still holds at a position a shorter list no longer has, while
  /// the list announces its new length over the next frames.
  func clear() {
    guard !isCleared else { return }
    unbind()
    isCleared = true
    for line in [name, role, initials] { line.set("") }
    if !accessibleText.isEmpty {
      accessibleText = ""
      RowAccessibility.setLabel(gobject(widget), accessibleText)
    }
    gtk_widget_queue_draw(widget)
  }

  private func show(_ shown: OpaquePointer?) {
    guard shown != texture else { return }
    shownTexture.set(retaining: shown)
    gtk_widget_queue_draw(widget)
  }

  // MARK: CustomWidgetContent

  func measure(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
    let size = shape.size(orientation, fonts: currentFonts())
    return (size, size)
  }

  func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32) {
    guard !isCleared else { return }
    followScaleFactor()
    Self.drawnWidths[shape.styleClass] = width
    let fonts = currentFonts()
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
    let side = shape.avatarSize
    let textHeight = shape.textHeight(fonts)
    let textWidth = self.textWidth(width)
    if shape.textBeside {
      drawAvatar(snapshot, x: 0, y: (height - side) / 2, fonts: fonts)
      let x = width - textWidth
      let y = (height - textHeight) / 2
      draw(name, snapshot, x: x, y: y, width: textWidth, font: fonts.name, color: color)
      var dim = color
      dim.alpha *= Self.dimAlpha
      let roleY = y + fonts.nameHeight + PersonShape.lineSpacing
      draw(role, snapshot, x: x, y: roleY, width: textWidth, font: fonts.role, color: dim)
    } else {
      let top = (height - side - shape.spacing - textHeight) / 2
      drawAvatar(snapshot, x: (width - side) / 2, y: top, fonts: fonts)
      draw(
        name, snapshot, x: 0, y: top + side + shape.spacing, width: textWidth, font: fonts.name,
        color: color, alignment: textAlignment)
    }
  }

  func styleChanged() {
    // Called for every state change too (hover, selection): only a new
    // font rebuilds the layouts; colours are read at each draw.
    palette.reset()
    guard let fonts else { return }
    if !fonts.matches(pango_context_get_font_description(gtk_widget_get_pango_context(widget))) {
      resetText()
      gtk_widget_queue_resize(widget)
    }
  }

  func systemSettingChanged() {
    resetText()
    gtk_widget_queue_resize(widget)
  }

  // MARK: Shaping ahead

  /// Shapes the text this widget will draw, at the width it will be drawn
  /// at, so that its next draw only draws; little once the lines are shaped.
  /// Returns how many lines it shaped.
  ///
  /// GTK 4.8 leaves the rows it binds beyond the screen without a size, so
  /// the width is the one the last widget of this shape was drawn at (a
  /// list's rows are all as wide); if it no longer holds, the draw shapes
  /// again at the right width.
  @discardableResult
  func shapeText() -> Int {
    let allocated = gtk_widget_get_width(widget)
    let width = allocated > 0 ? allocated : Self.drawnWidths[shape.styleClass] ?? 0
    guard width > 0, identity != nil else { return 0 }
    followScaleFactor()
    let fonts = currentFonts()
    var shaped = 0
    func shapeLine(_ line: TextLine, font: OpaquePointer, width: Int32, alignment: PangoAlignment) {
      guard !line.text.isEmpty, !line.isShaped else { return }
      line.shape(in: widget, font: font, width: width, alignment: alignment)
      shaped += 1
    }
    let textWidth = self.textWidth(width)
    shapeLine(name, font: fonts.name, width: textWidth, alignment: textAlignment)
    if shape.showsRole {
      shapeLine(role, font: fonts.role, width: textWidth, alignment: PANGO_ALIGN_LEFT)
    }
    if texture == nil {
      shapeLine(
        initials, font: fonts.initials, width: shape.avatarSize, alignment: PANGO_ALIGN_CENTER)
    }
    TextShapingCounts.linesShapedAhead += shaped
    return shaped
  }

  // MARK: Drawing

  /// The width the name and role lines get in a widget `width` wide.
  private func textWidth(_ width: Int32) -> Int32 {
    shape.textBeside ? width - shape.avatarSize - shape.spacing : width
  }

  private var textAlignment: PangoAlignment {
    shape.textBeside ? PANGO_ALIGN_LEFT : PANGO_ALIGN_CENTER
  }

  /// Hinting and glyph positions depend on the device scale: a new scale
  /// factor drops the fonts and layouts.
  private func followScaleFactor() {
    let scale = gtk_widget_get_scale_factor(widget)
    guard scale != self.scale else { return }
    self.scale = scale
    resetText()
  }

  private func currentFonts() -> PersonFonts {
    if let fonts { return fonts }
    let made = PersonFonts(
      context: gtk_widget_get_pango_context(widget), avatarSize: shape.avatarSize)
    fonts = made
    return made
  }

  /// Drops fonts and layouts; both are made again at the next measure or draw.
  private func resetText() {
    fonts = nil
    for line in [name, role, initials] { line.reset() }
  }

  private func drawAvatar(_ snapshot: OpaquePointer, x: Int32, y: Int32, fonts: PersonFonts) {
    let side = Float(shape.avatarSize)
    var bounds = graphene_rect_t(
      origin: graphene_point_t(x: Float(x), y: Float(y)),
      size: graphene_size_t(width: side, height: side))
    if let texture {
      // Already round (the pipeline crops it) and at the screen's pixel size.
      gtk_snapshot_append_texture(snapshot, texture, &bounds)
      return
    }
    let colors = palette.colors(avatar.placeholder.colorIndex, for: widget)
    var circle = GskRoundedRect()
    gsk_rounded_rect_init_from_rect(&circle, &bounds, side / 2)
    var background = colors.background
    gtk_snapshot_push_rounded_clip(snapshot, &circle)
    gtk_snapshot_append_color(snapshot, &background, &bounds)
    gtk_snapshot_pop(snapshot)
    if !initials.isShaped { TextShapingCounts.linesShapedWhileDrawing += 1 }
    let layout = initials.layout(
      in: widget, font: fonts.initials, width: shape.avatarSize, alignment: PANGO_ALIGN_CENTER)
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_pixel_extents(layout, &ink, &logical)
    draw(
      layout, snapshot, x: Float(x), y: Float(y) + (side - Float(logical.height)) / 2,
      color: colors.text)
  }

  private func draw(
    _ line: TextLine, _ snapshot: OpaquePointer, x: Int32, y: Int32, width: Int32,
    font: OpaquePointer, color: GdkRGBA, alignment: PangoAlignment = PANGO_ALIGN_LEFT
  ) {
    guard !line.text.isEmpty else { return }
    if !line.isShaped { TextShapingCounts.linesShapedWhileDrawing += 1 }
    let layout = line.layout(in: widget, font: font, width: width, alignment: alignment)
    draw(layout, snapshot, x: Float(x), y: Float(y), color: color)
  }

  private func draw(
    _ layout: OpaquePointer, _ snapshot: OpaquePointer, x: Float, y: Float, color: GdkRGBA
  ) {
    var color = color
    var origin = graphene_point_t(x: x, y: y)
    gtk_snapshot_save(snapshot)
    gtk_snapshot_translate(snapshot, &origin)
    gtk_snapshot_append_layout(snapshot, layout, &color)
    gtk_snapshot_restore(snapshot)
  }
}
