import CGtk
import Directory
import GtkKit
import PreparedImages

/// What a list row, a grid cell and the details panel's avatar show of a
/// person, as ONE widget that measures and draws itself: the prepared round
/// texture (or the initials on their colour in a circle), the bold name and,
/// in a row, the dim role; or, for a row whose data is still on its way from
/// a server, a skeleton (``showSkeleton(label:)``: grey circle and bars in
/// their places). Drawing is in `PersonView+Drawing.swift`.
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
  static let dimAlpha: Float = 0.55

  /// The widget (a reference is held until deinit).
  private(set) var widget: Widget!
  /// The reference that keeps the widget tree, sunk from its floating one.
  private var root: ObjectRef?
  /// Which avatar shows.
  private(set) var avatar: AvatarBinding!
  let shape: PersonShape
  let name = TextLine()
  let role = TextLine()
  let initials = TextLine()
  /// The avatar texture shown (a reference is held), nil for the initials.
  var texture: OpaquePointer? { avatar.texture }
  private var accessibleText = ""
  private var fonts: PersonFonts?
  var palette = PlaceholderPalette()
  private var scale: Int32 = 0

  /// The identity bound, if any.
  private(set) var identity: String?
  /// Whether it shows no one until its next bind (``clear()``).
  private(set) var isCleared = false
  /// Whether it shows a skeleton until its next bind (``showSkeleton(label:)``).
  private(set) var showsSkeleton = false
  /// The text of the name line and the line under it (title, else role).
  var nameText: String { name.text }
  var roleText: String { role.text }
  /// Whether every line ``shapeText(width:)`` would shape is shaped, so drawing
  /// the view shapes nothing: tests check the rows about to scroll in by
  /// what they hold, whichever pass shaped them.
  var isTextShaped: Bool {
    let lines = [name] + (shape.showsRole ? [role] : []) + (texture == nil ? [initials] : [])
    return lines.allSatisfy { $0.text.isEmpty || $0.isShaped }
  }

  /// A person widget of `shape`, loading avatars through `avatars` (nil:
  /// initials only).
  init(shape: PersonShape, avatars: AvatarService?) {
    self.shape = shape
    let widget = CustomWidget.make(Self.type, content: self)
    gtk_widget_add_css_class(widget, shape.styleClass)
    // Without text it is decoration: the details panel's labels say who it is.
    if !shape.showsName { RowAccessibility.hide(widget) }
    root = ObjectRef(widget)
    self.widget = widget
    avatar = AvatarBinding(avatars: avatars, view: widget)
  }

  /// Drops the row's references (widget and texture) on the main thread.
  isolated deinit {}

  /// Shows `model`: its name, title or role, accessible label and avatar,
  /// whose load (if not in the memory cache) starts at `avatarPriority`.
  func bind(_ model: UserViewModel, avatarPriority: ImagePriority = .bound) {
    identity = model.identity
    isCleared = false
    showsSkeleton = false
    name.set(model.displayName)
    if shape.showsRole { role.set(model.subtitle) }
    initials.set(model.initials)
    if shape.showsName { setAccessibleText(model.accessibleText) }
    AccountDimming.show(widget, isActive: model.isActive)
    avatar.bind(model, priority: avatarPriority)
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
    showsSkeleton = false
    for line in [name, role, initials] { line.set("") }
    setAccessibleText("")
    AccountDimming.show(widget, isActive: true)
    gtk_widget_queue_draw(widget)
  }

  /// Shows a skeleton until the next bind, read as `label`: a grey circle
  /// where the avatar goes and grey bars where the name and role go, in the
  /// places they take, so nothing moves when the person arrives. Lets go of
  /// the person shown before (cancels a pending avatar load).
  func showSkeleton(label: String) {
    if identity != nil { unbind() }
    isCleared = false
    setAccessibleText(label)
    guard !showsSkeleton else { return }
    showsSkeleton = true
    AccountDimming.show(widget, isActive: true)
    gtk_widget_queue_draw(widget)
  }

  private func setAccessibleText(_ text: String) {
    guard accessibleText != text else { return }
    accessibleText = text
    RowAccessibility.setLabel(widget, text)
  }

  // MARK: CustomWidgetContent

  func measure(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
    let size = shape.size(orientation, fonts: currentFonts())
    return (size, size)
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
  /// an unsized widget shapes at `width`, the width of its view's rows on
  /// screen (a list's rows are all as wide); if it no longer holds, the draw
  /// shapes again at the right width.
  @discardableResult
  func shapeText(width rowWidth: Int32) -> Int {
    let allocated = gtk_widget_get_width(widget)
    let width = allocated > 0 ? allocated : rowWidth
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
    if shaped > 0 { RowProbe.of(widget)?.linesShapedAhead += shaped }
    return shaped
  }

  // MARK: Fonts

  /// Hinting and glyph positions depend on the device scale: a new scale
  /// factor drops the fonts and layouts.
  func followScaleFactor() {
    let scale = gtk_widget_get_scale_factor(widget)
    guard scale != self.scale else { return }
    self.scale = scale
    resetText()
  }

  func currentFonts() -> PersonFonts {
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
}
