import CGtk
import Foundation

/// Draws a soak's samples as a PNG with cairo: one panel per series, each
/// normalised to its own lowest and highest value (written beside it), time
/// in minutes along the bottom, and the end of the warm-up as a dashed line.
///
/// Threading: any one thread at a time (cairo objects are never shared).
enum SoakPlot {
  static let width = 960
  static let panelHeight = 84
  static let margin = (left: 200.0, right: 20.0, top: 30.0, bottom: 34.0)

  /// Writes the plot of `samples` to `file`.
  static func write(
    _ samples: [SoakSample], warmUpSeconds: Double, title: String, to file: URL
  ) throws {
    let series = Array(SoakSample.columns.enumerated().dropFirst())
    let height = Int(margin.top + margin.bottom) + series.count * panelHeight
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
    let context = cairo_create(surface)!
    defer {
      cairo_destroy(context)
      cairo_surface_destroy(surface)
    }
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_paint(context)
    cairo_select_font_face(context, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_source_rgb(context, 0.1, 0.1, 0.1)
    cairo_set_font_size(context, 13)
    text(context, title, x: 10, y: 20)

    let lastSecond = max(1, samples.last?.seconds ?? 1)
    let plotWidth = Double(width) - margin.left - margin.right
    let x = { (seconds: Double) in margin.left + seconds / lastSecond * plotWidth }
    for (panel, (column, name)) in series.enumerated() {
      let top = margin.top + Double(panel * panelHeight)
      let bottom = top + Double(panelHeight) - 12
      let values = samples.map { $0.values[column] }
      let low = values.min() ?? 0
      let high = values.max() ?? 0
      let y = { (value: Double) in
        high > low ? bottom - (value - low) / (high - low) * (bottom - top) : (top + bottom) / 2
      }
      cairo_set_source_rgb(context, 0.94, 0.94, 0.94)
      cairo_rectangle(context, margin.left, top, plotWidth, bottom - top)
      cairo_fill(context)
      cairo_set_source_rgb(context, 0.1, 0.1, 0.1)
      cairo_set_font_size(context, 12)
      text(context, name, x: 10, y: top + 16)
      cairo_set_font_size(context, 10)
      text(context, "max \(number(high))", x: 10, y: top + 34)
      text(context, "min \(number(low))", x: 10, y: bottom)
      cairo_set_source_rgb(context, 0.1, 0.35, 0.75)
      cairo_set_line_width(context, 1.5)
      for (index, sample) in samples.enumerated() {
        let point = (x(sample.seconds), y(values[index]))
        if index == 0 {
          cairo_move_to(context, point.0, point.1)
        } else {
          cairo_line_to(context, point.0, point.1)
        }
      }
      cairo_stroke(context)
      // The end of the warm-up: the verdict looks at what lies right of it.
      cairo_set_source_rgb(context, 0.8, 0.2, 0.2)
      cairo_set_line_width(context, 1)
      var dashes = [4.0, 3.0]
      cairo_set_dash(context, &dashes, 2, 0)
      cairo_move_to(context, x(warmUpSeconds), top)
      cairo_line_to(context, x(warmUpSeconds), bottom)
      cairo_stroke(context)
      cairo_set_dash(context, nil, 0, 0)
    }
    cairo_set_source_rgb(context, 0.1, 0.1, 0.1)
    cairo_set_font_size(context, 11)
    let axis = Double(height) - margin.bottom + 16
    let minutes = Int(lastSecond / 60)
    let step = max(1, minutes / 10)
    for minute in stride(from: 0, through: minutes, by: step) {
      text(
        context, "\(minute) min", x: min(x(Double(minute * 60)) - 10, Double(width) - 44), y: axis)
    }
    if minutes == 0 { text(context, "\(Int(lastSecond)) s", x: x(lastSecond) - 20, y: axis) }
    cairo_surface_flush(surface)
    let status = cairo_surface_write_to_png(surface, file.path)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw SoakError.plot(String(cString: cairo_status_to_string(status)))
    }
  }

  private static func text(_ context: OpaquePointer, _ string: String, x: Double, y: Double) {
    cairo_move_to(context, x, y)
    cairo_show_text(context, string)
  }

  /// 1234567 as "1.23 M", small values with up to two decimals.
  private static func number(_ value: Double) -> String {
    switch abs(value) {
    case 1e6...: String(format: "%.2f M", value / 1e6)
    case 1e4...: String(format: "%.1f k", value / 1e3)
    default: value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
  }
}
