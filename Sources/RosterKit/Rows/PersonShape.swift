import CGtk

/// Where a person widget puts its avatar and text: a list row (avatar left,
/// name and role stacked beside it), a grid cell (avatar on top, the name
/// centred under it) or the details panel's avatar alone (its labels are the
/// panel's). The CSS padding around it comes from the style class.
///
/// Threading: a plain value; `Sendable`.
struct PersonShape: Sendable {
  /// The avatar's side in points.
  let avatarSize: Int32
  /// Whether the text sits beside the avatar (row) or under it (cell).
  let textBeside: Bool
  /// Points between the avatar and the text.
  let spacing: Int32
  /// The name's width in average characters: the widget's width never
  /// follows its text, so no name widens a row or changes a grid's columns.
  let nameCharacters: Int32
  /// Whether the name shows (the details panel's avatar shows no text).
  var showsName = true
  /// Whether a role line shows under the name.
  let showsRole: Bool
  /// The CSS style class of the widget.
  let styleClass: String

  /// A list row: 48 pt avatar, bold name and dim role beside it.
  static let row = PersonShape(
    avatarSize: 48, textBeside: true, spacing: 12, nameCharacters: 24, showsRole: true,
    styleClass: "user-row")
  /// A grid cell: 96 pt avatar, the name centred under it.
  static let cell = PersonShape(
    avatarSize: 96, textBeside: false, spacing: 8, nameCharacters: 14, showsRole: false,
    styleClass: "user-cell")
  /// The details panel's avatar: 128 pt, no text.
  static let details = PersonShape(
    avatarSize: 128, textBeside: false, spacing: 0, nameCharacters: 0, showsName: false,
    showsRole: false, styleClass: "user-avatar")

  /// Points between the name line and the role line.
  static let lineSpacing: Int32 = 2

  /// The text block's height for `fonts`.
  func textHeight(_ fonts: PersonFonts) -> Int32 {
    guard showsName else { return 0 }
    return showsRole ? fonts.nameHeight + Self.lineSpacing + fonts.roleHeight : fonts.nameHeight
  }

  /// The content's minimum (= natural) size along `orientation`.
  func size(_ orientation: GtkOrientation, fonts: PersonFonts) -> Int32 {
    let nameWidth = showsName ? fonts.nameWidth(characters: nameCharacters) : 0
    switch (orientation == GTK_ORIENTATION_HORIZONTAL, textBeside) {
    case (true, true): return avatarSize + spacing + nameWidth
    case (true, false): return max(avatarSize, nameWidth)
    case (false, true): return max(avatarSize, textHeight(fonts))
    case (false, false): return avatarSize + (showsName ? spacing + textHeight(fonts) : 0)
    }
  }
}
