import CGtk
import GtkKit

/// One line of text a custom widget draws: its Pango layout is made once
/// (from the widget, so it follows the widget's font settings) and kept;
/// new text is set on it only when the text changes, and Pango shapes it
/// lazily: at the next draw, or earlier when ``shape(in:font:width:alignment:)``
/// asks (a row about to scroll into view, in the gap between frames).
///
/// Threading: main-actor only.
@MainActor
final class TextLine {
  /// The text shown.
  private(set) var text = ""
  /// Whether the layout holds this text shaped at the width last asked for,
  /// so drawing it only draws (no itemizing, shaping or line breaking).
  private(set) var isShaped = false
  private var layout: OpaquePointer? { layoutSlot.opaque }
  private var layoutSlot = ObjectSlot()
  private var width: Int32 = -1

  /// Shows `newText`; false when it was shown already (nothing to redraw).
  @discardableResult
  func set(_ newText: String) -> Bool {
    guard newText != text else { return false }
    text = newText
    isShaped = false
    if let layout { pango_layout_set_text(layout, text, -1) }
    return true
  }

  /// The layout of the text in `font`, one line ellipsized at `width`
  /// pixels and aligned by `alignment`; made on first use. Drawing it
  /// shapes it, so the line counts as shaped from here on.
  func layout(
    in widget: Widget, font: OpaquePointer, width: Int32,
    alignment: PangoAlignment = PANGO_ALIGN_LEFT
  ) -> OpaquePointer {
    let layout = prepared(in: widget, font: font, width: width, alignment: alignment)
    isShaped = true
    return layout
  }

  /// Shapes the text now, as ``layout(in:font:width:alignment:)`` would
  /// draw it; nothing when it is shaped already.
  func shape(
    in widget: Widget, font: OpaquePointer, width: Int32,
    alignment: PangoAlignment = PANGO_ALIGN_LEFT
  ) {
    let layout = prepared(in: widget, font: font, width: width, alignment: alignment)
    guard !isShaped else { return }
    // Extents need the lines: Pango itemizes, shapes and breaks them here.
    pango_layout_get_extents(layout, nil, nil)
    isShaped = true
  }

  /// Drops the layout (the font or the display changed); the next draw makes a new one.
  func reset() {
    layoutSlot.clear()
    isShaped = false
  }

  isolated deinit { reset() }

  private func prepared(
    in widget: Widget, font: OpaquePointer, width: Int32, alignment: PangoAlignment
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
      layoutSlot.set(adopting: layout)
      self.width = -1
      isShaped = false
    }
    if width != self.width {
      self.width = width
      pango_layout_set_width(layout, max(0, width) * PANGO_SCALE)
      isShaped = false
    }
    return layout
  }
}
