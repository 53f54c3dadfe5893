import Directory

/// An org chart as SVG written by hand rather than by cairo, whose SVG
/// draws text as glyph outlines: here each box is a `rect` with its
/// person's name and title as `text` (searchable, editable, read by a
/// screen reader), the initials on a `circle`, the connectors as `line`s.
///
/// Threading: a plain function; any thread.
enum OrgChartSVG {
  /// The SVG document of `content`.
  static func document(_ content: OrgChartContent) -> String {
    let layout = content.layout
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(number(layout.width))" \
      height="\(number(layout.height))" viewBox="0 0 \(number(layout.width)) \
      \(number(layout.height))" font-family="sans-serif">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <g stroke="#999999" stroke-width="1">

      """
    for line in layout.lines {
      svg += "<line x1=\"\(number(line.x1))\" y1=\"\(number(line.y1))\" "
      svg += "x2=\"\(number(line.x2))\" y2=\"\(number(line.y2))\"/>\n"
    }
    svg += "</g>\n"
    for (box, card) in zip(layout.boxes, content.cards) {
      let middle = box.y + box.height / 2
      svg += "<g class=\"person\">\n"
      svg += "<rect x=\"\(number(box.x))\" y=\"\(number(box.y))\" width=\"\(number(box.width))\" "
      svg += "height=\"\(number(box.height))\" rx=\"8\" fill=\"#f7f7f5\" stroke=\"#bfbfbd\"/>\n"
      svg +=
        "<circle cx=\"\(number(box.x + 32))\" cy=\"\(number(middle))\" r=\"20\" fill=\"#5e5c64\"/>\n"
      svg += "<text x=\"\(number(box.x + 32))\" y=\"\(number(middle + 4))\" text-anchor=\"middle\" "
      svg +=
        "font-size=\"11\" font-weight=\"bold\" fill=\"#ffffff\">\(escaped(card.initials))</text>\n"
      svg += "<text class=\"name\" x=\"\(number(box.x + 64))\" y=\"\(number(middle - 4))\" "
      svg += "font-size=\"10\" font-weight=\"bold\" fill=\"#1a1a1a\">\(escaped(card.name))</text>\n"
      svg += "<text class=\"title\" x=\"\(number(box.x + 64))\" y=\"\(number(middle + 12))\" "
      svg += "font-size=\"8.5\" fill=\"#595959\">\(escaped(card.title))</text>\n"
      svg += "</g>\n"
    }
    svg += "</svg>\n"
    return svg
  }

  /// `value` with at most two decimals, "." as the separator whatever the locale.
  private static func number(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let whole = abs(hundredths) / 100
    let fraction = abs(hundredths) % 100
    return fraction == 0
      ? "\(sign)\(whole)" : "\(sign)\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  /// `text` as XML character data: markup escaped, and characters XML 1.0
  /// does not allow (C0 controls but tab and newline, U+FFFE, U+FFFF)
  /// replaced, so a hostile name cannot break the document.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
