import CGtk

/// One line of text a custom widget draws: its Pango layout is made once
/// (from the widget, so it follows the widget's font settings) and kept;
/// new text is set on it only when the text changes, and Pango shapes it
/// lazily, at the next draw.
///
/// Threading: main-actor only.
@MainActor
final class TextLine {
  /// The text shown.
  private(set) var text = ""
  private var layout: OpaquePointer?
  private var width: Int32 = -1

  /// Shows `newText`; false when it was shown already (nothing to redraw).
  @discardableResult
  func set(_ newText: String) -> Bool {
    guard newText != text else { return false }
    text = newText
    if let layout { pango_layout_set_text(layout, text, -1) }
    return true
  }

  /// The layout of the text in `font`, one line ellipsized at `width`
  /// pixels and aligned by `alignment`; made on first use.
  func layout(
    in widget: Widget, font: OpaquePointer, width: Int32,
    alignment: PangoAlignment = PANGO_ALIGN_LEFT
  ) -> OpaquePointer {
    let layout: OpaquePointer
    if let existing = self.layout {
      layout = existing
    } else {
      layout = gtk_widget_create_pango_layout(widget, text)
      pango_layout_set_font_description(layout, font)
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
      // Line breaks show as symbols, as in a single-line label.
      pango_layout_set_single_paragraph_mode(layout, 1)
      pango_layout_set_alignment(layout, alignment)
      self.layout = layout
      self.width = -1
    }
    if width != self.width {
      self.width = width
      pango_layout_set_width(layout, max(0, width) * PANGO_SCALE)
    }
    return layout
  }

  /// Drops the layout (the font or the display changed); the next draw makes a new one.
  func reset() {
    if let layout { g_object_unref(gobject(layout)) }
    layout = nil
  }

  isolated deinit { reset() }
}
