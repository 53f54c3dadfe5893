import CGtk
import Directory
import GtkKit
import PreparedImages
import SharedSupport

/// One row of the table view, ONE widget that measures and draws itself
/// (as ``PersonView`` does for a list row): a 32 pt round avatar through
/// the same pipeline (``AvatarBinding``, drawn by ``AvatarDrawing``), then
/// the text of each of the ``TableColumns``' fields, each ellipsized within
/// its column and starting at the column's start edge as a label's would
/// (text written right to left stays in its cell), in the style's text
/// colour, the name bold. Right to left, the row mirrors as its header does.
/// A local directory's table and a server's bind the same row: while its
/// ``RowContent`` is `.pending` (and until its first bind) it shows a
/// skeleton, a grey circle and a grey bar in each column, and it fills in
/// place when the person arrives.
///
/// - Bind copies the person's values into one ``TextLine`` per column,
///   skipping unchanged ones; the lines keep their Pango layouts, shaped at
///   the next draw. A person whose lines were shaped before any row showed
///   them (``ShapedCells``) brings those instead. No widget is made after
///   `init` (GTK's setup).
/// - Fonts and line heights come from the widget's CSS font
///   (``PersonFonts``), never from the text: every row is as tall.
/// - Accessibility: the widget is a group whose label reads the visible
///   cells in order.
///
/// Threading: main-actor only.
@MainActor
final class TableRow: ListRow, CustomWidgetContent {
  /// The widget type every table row is an instance of.
  private static let type = CustomWidget.register(
    name: "RosterTableRow", cssName: "tablerow", role: GTK_ACCESSIBLE_ROLE_GROUP)

  private var view: Widget!
  /// Which avatar shows.
  private(set) var avatar: AvatarBinding!
  private let columns: TableColumns
  /// Lines shaped for people before their rows were bound, if any.
  private let shapedCells: ShapedCells?
  /// One line per column, in the columns' order.
  private var lines: [TextLine] = []
  private var initials = TextLine()
  private var texture: OpaquePointer? { avatar.texture }
  /// The reference that keeps the widget tree, sunk from its floating one.
  private var root: ObjectRef?
  private var person: UserViewModel?
  private var accessibleText = ""
  private var fonts: PersonFonts?
  private var palette = PlaceholderPalette()
  private var scale: Int32 = 0
  /// Whether the row is laid out right to left (the widget's direction).
  private var isRightToLeft = false
  private var isCleared = false
  /// Whether it shows a skeleton until its next bind (``showSkeleton(label:)``).
  private(set) var showsSkeleton = false

  /// A row drawing `columns`, loading 32 pt avatars through `avatars` (nil:
  /// initials only) and taking the lines `shapedCells` holds for the person
  /// it is bound to.
  init(columns: TableColumns, avatars: AvatarService?, shapedCells: ShapedCells? = nil) {
    self.columns = columns
    self.shapedCells = shapedCells
    let view = CustomWidget.make(Self.type, content: self)
    gtk_widget_add_css_class(view, "table-row")
    root = ObjectRef(view)
    self.view = view
    avatar = AvatarBinding(avatars: avatars, view: view)
    lines = columns.fields.map { _ in TextLine() }
    showSkeleton(label: tr("Loading"))
  }

  /// Drops the row's references (widget and texture) on the main thread.
  isolated deinit {}

  /// The row's root widget.
  var widget: Widget { view }
  /// The identity the row shows, nil for a skeleton or an unbound row.
  var identity: String? { person?.identity }
  /// The text of each cell, in the columns' order (tests).
  var cellTexts: [String] { lines.map(\.text) }
  /// What a screen reader reads for the row.
  var accessibleLabel: String { accessibleText }

  // MARK: ListRow

  /// Shows a person, or a skeleton while they are on their way.
  func bind(_ content: RowContent, position: Int) {
    switch content {
    case .pending: showSkeleton(label: tr("Loading"))
    case .person(let model): show(model)
    }
  }

  private func show(_ model: UserViewModel) {
    person = model
    isCleared = false
    showsSkeleton = false
    if let shaped = shapedCells?.take(model.identity, layoutVersion: columns.version),
      shaped.cells.count == columns.fields.count
    {
      lines = shaped.cells
      initials = shaped.initials
    }
    fill(from: model)
    initials.set(model.initials)
    AccountDimming.show(view, isActive: model.isActive)
    avatar.bind(model, priority: .visible)
    gtk_widget_queue_draw(view)
  }

  func unbind() {
    person = nil
    avatar.unbind()
  }

  /// Shows no one until the next bind (a position past a shorter list's end).
  func clear() {
    guard !isCleared else { return }
    unbind()
    isCleared = true
    showsSkeleton = false
    for line in lines + [initials] { line.set("") }
    setAccessibleText("")
    AccountDimming.show(view, isActive: true)
    gtk_widget_queue_draw(view)
  }

  /// Shows a skeleton until the next bind, read as `label`: a grey circle
  /// where the avatar goes and a grey bar at the start of each column, so
  /// nothing moves when the person arrives (a server's row whose page is on
  /// its way). Lets go of the person shown before.
  private func showSkeleton(label: String) {
    if person != nil { unbind() }
    isCleared = false
    setAccessibleText(label)
    guard !showsSkeleton else { return }
    showsSkeleton = true
    for line in lines + [initials] { line.set("") }
    AccountDimming.show(view, isActive: true)
    gtk_widget_queue_draw(view)
  }

  /// The columns changed: one line per column again, filled from the person shown.
  func columnsChanged() {
    if lines.count != columns.fields.count {
      lines = columns.fields.map { _ in TextLine() }
    }
    if let person { fill(from: person) }
    gtk_widget_queue_resize(view)
  }

  private func fill(from model: UserViewModel) {
    var visible: [String] = []
    for (field, line) in zip(columns.fields, lines) {
      let text = field.text(of: model)
      line.set(text)
      if !text.isEmpty { visible.append(text) }
    }
    setAccessibleText(visible.joined(separator: ", "))
  }

  private func setAccessibleText(_ text: String) {
    guard accessibleText != text else { return }
    accessibleText = text
    RowAccessibility.setLabel(view, text)
  }

  // MARK: CustomWidgetContent

  func measure(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
    guard orientation == GTK_ORIENTATION_VERTICAL else {
      // Never wider than the window wants: columns past the edge are cut off.
      return (columns.leading, columns.totalWidth)
    }
    let height = max(TableColumns.avatarSize, currentFonts().nameHeight)
    return (height, height)
  }

  func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32) {
    guard !isCleared else { return }
    followScaleFactor()
    columns.drawnWidth = width
    let fonts = currentFonts()
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(view), &color)
    let side = TableColumns.avatarSize
    if showsSkeleton { return drawSkeleton(snapshot, width: width, height: height, color: color) }
    AvatarDrawing.draw(
      snapshot, x: isRightToLeft ? width - side : 0, y: (height - side) / 2, side: side,
      texture: texture, initials: initials,
      font: fonts.initials, colors: palette.colors(avatar.placeholder.colorIndex, for: view),
      in: view)
    let y = Float((height - fonts.nameHeight) / 2)
    forEachCell(in: width, fonts: fonts) { line, x, cellWidth, font in
      if !line.isShaped { RowProbe.of(view)?.linesShapedWhileDrawing += 1 }
      let layout = line.layout(in: view, font: font, width: cellWidth)
      // As a label's text starts at the start edge whatever its own
      // direction: Pango puts a line written the other way at its end.
      var logical = PangoRectangle()
      pango_layout_get_pixel_extents(layout, nil, &logical)
      let start = isRightToLeft ? cellWidth - logical.width - logical.x : -logical.x
      AvatarDrawing.draw(layout, snapshot, x: Float(x + start), y: y, color: color)
    }
  }

  /// The skeleton's colour is the text colour at this opacity, as the
  /// theme's placeholders are; its bars are this tall, with these corners.
  private static let skeleton = (alpha: Float(0.12), barHeight: Int32(12), radius: Float(4))

  /// A grey circle in the avatar's place and a grey bar, at most half the
  /// column wide, at the start of each column on screen.
  private func drawSkeleton(_ snapshot: OpaquePointer, width: Int32, height: Int32, color: GdkRGBA)
  {
    var grey = color
    grey.alpha *= Self.skeleton.alpha
    let side = TableColumns.avatarSize
    let rect = { (x: Int32, y: Int32, width: Int32, height: Int32) in
      graphene_rect_t(
        origin: graphene_point_t(x: Float(x), y: Float(y)),
        size: graphene_size_t(width: Float(width), height: Float(height)))
    }
    let avatarX = isRightToLeft ? width - side : 0
    AvatarDrawing.fill(
      snapshot, rect(avatarX, (height - side) / 2, side, side), radius: Float(side) / 2, color: grey
    )
    var x = columns.leading
    for columnWidth in columns.widths where x < width {
      let barWidth = min((columnWidth - TableColumns.gap) / 2, width - x)
      if barWidth > 0 {
        let barX = isRightToLeft ? width - x - barWidth : x
        let bar = rect(
          barX, (height - Self.skeleton.barHeight) / 2, barWidth, Self.skeleton.barHeight)
        AvatarDrawing.fill(snapshot, bar, radius: Self.skeleton.radius, color: grey)
      }
      x += columnWidth
    }
  }

  /// Calls `body` with each cell that has text and shows in a row `width`
  /// wide: its line, where it starts, the width its text gets and its font.
  /// Right to left, the avatar is at the right edge and the columns go leftwards.
  private func forEachCell(
    of lines: [TextLine]? = nil, in width: Int32, fonts: PersonFonts,
    _ body: (TextLine, _ x: Int32, _ width: Int32, _ font: OpaquePointer) -> Void
  ) {
    var x = columns.leading
    for (index, line) in (lines ?? self.lines).enumerated()
    where x < width && index < columns.widths.count {
      let cellWidth = min(columns.widths[index], width - x) - TableColumns.gap
      if cellWidth > 0, !line.text.isEmpty {
        body(
          line, isRightToLeft ? width - x - cellWidth : x, cellWidth,
          columns.fields[index] == .displayName ? fonts.name : fonts.base)
      }
      x += columns.widths[index]
    }
  }

  /// Shapes the text this row will draw, at the width rows are drawn at,
  /// so that its next draw only draws; returns how many lines it shaped.
  @discardableResult
  func shapeText() -> Int {
    let allocated = gtk_widget_get_width(view)
    let width = allocated > 0 ? allocated : columns.drawnWidth
    guard width > 0, person != nil, !isCleared, !showsSkeleton else { return 0 }
    followScaleFactor()
    let fonts = currentFonts()
    var shaped = 0
    forEachCell(in: width, fonts: fonts) { line, _, cellWidth, font in
      guard !line.isShaped else { return }
      line.shape(in: view, font: font, width: cellWidth)
      shaped += 1
    }
    if texture == nil, !initials.isShaped {
      shapeInitials(initials, fonts: fonts)
      shaped += 1
    }
    if shaped > 0 { RowProbe.of(view)?.linesShapedAhead += shaped }
    return shaped
  }

  /// Lines for `person`'s cells and initials, shaped now as this row would
  /// draw them (it need not show `person`), for the row that will: nil
  /// while rows have no width yet.
  func shapedLines(for person: UserViewModel) -> ShapedCells.Lines? {
    let allocated = gtk_widget_get_width(view)
    let width = allocated > 0 ? allocated : columns.drawnWidth
    guard width > 0 else { return nil }
    followScaleFactor()
    let fonts = currentFonts()
    let lines = columns.fields.map { field in
      let line = TextLine()
      line.set(field.text(of: person))
      return line
    }
    var shaped = 0
    forEachCell(of: lines, in: width, fonts: fonts) { line, _, cellWidth, font in
      line.shape(in: view, font: font, width: cellWidth)
      shaped += 1
    }
    let initials = TextLine()
    initials.set(person.initials)
    shapeInitials(initials, fonts: fonts)
    RowProbe.of(view)?.linesShapedAhead += shaped + 1
    return ShapedCells.Lines(cells: lines, initials: initials)
  }

  private func shapeInitials(_ line: TextLine, fonts: PersonFonts) {
    line.shape(
      in: view, font: fonts.initials, width: TableColumns.avatarSize,
      alignment: PANGO_ALIGN_CENTER)
  }

  func styleChanged() {
    // Called for every state change too (hover, selection): only a new
    // font rebuilds the layouts; colours are read at each draw.
    palette.reset()
    guard let fonts else { return }
    if !fonts.matches(pango_context_get_font_description(gtk_widget_get_pango_context(view))) {
      resetText()
      gtk_widget_queue_resize(view)
    }
  }

  func systemSettingChanged() {
    resetText()
    gtk_widget_queue_resize(view)
  }

  /// A new scale factor drops the fonts and layouts (hinting follows it).
  private func followScaleFactor() {
    let scale = gtk_widget_get_scale_factor(view)
    let isRightToLeft = gtk_widget_get_direction(view) == GTK_TEXT_DIR_RTL
    guard scale != self.scale || isRightToLeft != self.isRightToLeft else { return }
    self.scale = scale
    self.isRightToLeft = isRightToLeft
    resetText()
  }

  private func currentFonts() -> PersonFonts {
    if let fonts { return fonts }
    let made = PersonFonts(
      context: gtk_widget_get_pango_context(view), avatarSize: TableColumns.avatarSize)
    fonts = made
    return made
  }

  private func resetText() {
    fonts = nil
    for line in lines + [initials] { line.reset() }
  }
}
