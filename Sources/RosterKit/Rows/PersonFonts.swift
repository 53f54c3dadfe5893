import CGtk
import FoundationEssentials

/// The fonts a person widget draws with, derived from its style's font (the
/// CSS font, so the theme's and the user's font settings apply), and the
/// line sizes it measures with. Sizes come from font metrics, never from the
/// text, so every row is as tall and as wide as every other.
///
/// Threading: made and read on the main thread; `deinit` only frees plain
/// Pango memory.
final class PersonFonts {
  /// The style font these were derived from (compared on style changes).
  let base: OpaquePointer
  /// The name line: the style font, bold.
  let name: OpaquePointer
  /// The role line: the style font, one step smaller (CSS `smaller`).
  let role: OpaquePointer
  /// The initials: bold, sized to the avatar circle.
  let initials: OpaquePointer
  /// Line heights in pixels.
  let nameHeight: Int32
  let roleHeight: Int32
  /// The width of one average character of the name font, in Pango units.
  let nameCharWidth: Int32

  /// Fonts for `context` (a widget's Pango context) and an avatar `avatarSize` pixels across.
  init(context: OpaquePointer, avatarSize: Int32) {
    base = pango_font_description_copy(pango_context_get_font_description(context))
    name = pango_font_description_copy(base)
    pango_font_description_set_weight(name, PANGO_WEIGHT_BOLD)
    role = pango_font_description_copy(base)
    // CSS `smaller` is one step of 1.2 down.
    let size = Double(pango_font_description_get_size(base)) / 1.2
    if pango_font_description_get_size_is_absolute(base) != 0 {
      pango_font_description_set_absolute_size(role, size)
    } else {
      pango_font_description_set_size(role, Int32(size.rounded()))
    }
    initials = pango_font_description_copy(name)
    pango_font_description_set_absolute_size(initials, Double(avatarSize * PANGO_SCALE) * 0.3)
    let nameMetrics = pango_context_get_metrics(context, name, nil)
    let roleMetrics = pango_context_get_metrics(context, role, nil)
    defer {
      pango_font_metrics_unref(nameMetrics)
      pango_font_metrics_unref(roleMetrics)
    }
    nameHeight = Self.lineHeight(nameMetrics)
    roleHeight = Self.lineHeight(roleMetrics)
    // As GtkLabel's `width-chars` counts a character: the wider of the
    // average character and the average digit.
    nameCharWidth = max(
      pango_font_metrics_get_approximate_char_width(nameMetrics),
      pango_font_metrics_get_approximate_digit_width(nameMetrics))
  }

  deinit {
    for font in [base, name, role, initials] { pango_font_description_free(font) }
  }

  /// Whether these fonts were derived from `font`.
  func matches(_ font: OpaquePointer) -> Bool {
    pango_font_description_equal(base, font) != 0
  }

  /// The width of `characters` average name characters, in pixels.
  func nameWidth(characters: Int32) -> Int32 {
    (nameCharWidth * characters + PANGO_SCALE - 1) / PANGO_SCALE
  }

  private static func lineHeight(_ metrics: UnsafeMutablePointer<PangoFontMetrics>?) -> Int32 {
    let height = pango_font_metrics_get_height(metrics)
    let units =
      height > 0
      ? height : pango_font_metrics_get_ascent(metrics) + pango_font_metrics_get_descent(metrics)
    return (units + PANGO_SCALE - 1) / PANGO_SCALE
  }
}
