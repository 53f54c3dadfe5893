import CGtk
import Directory
import GtkKit

/// The colours of the initials placeholder, read from the stylesheet's named
/// colours (`@avatar_color_N` behind, `@avatar_text_N` for the initials in
/// Resources/roster.css), so a theme can restyle them.
///
/// Threading: main-actor only.
@MainActor
struct PlaceholderPalette {
  /// Looked-up colours by palette index; empty until first used.
  private var colors: [(background: GdkRGBA, text: GdkRGBA)?] = []

  /// `index` folded into the palette (view models keep it in range already).
  static func index(_ index: Int) -> Int {
    let count = UserViewModel.placeholderPaletteCount
    return (index % count + count) % count
  }

  /// The colours for palette `index`, as `widget`'s style defines them.
  mutating func colors(_ index: Int, for widget: Widget) -> (background: GdkRGBA, text: GdkRGBA) {
    let index = Self.index(index)
    if colors.isEmpty {
      colors = Array(repeating: nil, count: UserViewModel.placeholderPaletteCount)
    }
    if let known = colors[index] { return known }
    let context = gtk_widget_get_style_context(widget)
    // Fallbacks: a neutral grey with white, if a theme drops the names.
    var background = GdkRGBA(red: 0.37, green: 0.36, blue: 0.39, alpha: 1)
    var text = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
    _ = gtk_style_context_lookup_color(context, "avatar_color_\(index)", &background)
    _ = gtk_style_context_lookup_color(context, "avatar_text_\(index)", &text)
    colors[index] = (background, text)
    return (background, text)
  }

  /// Forgets the looked-up colours (the style changed).
  mutating func reset() { colors = [] }
}
