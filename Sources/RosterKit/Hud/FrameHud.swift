import CGtk
import Dispatch
import FoundationEssentials
import GtkKit
import PreparedImages
import SharedSupport

/// The frame-time HUD (F12, `--hud`): fps and hitch time over the last
/// second, a sparkline of the last 120 frame intervals, the avatar cache's
/// hit rate and the loads in flight.
///
/// It draws with cairo into one small GtkDrawingArea overlaid on the list
/// and takes no input. Its tick callback only runs while it is shown; pipeline
/// statistics are read four times a second, not every frame. ``costs`` keeps
/// the wall time it spends per frame (tick + draw) so its price can be measured.
///
/// Threading: main-actor only.
@MainActor
package final class FrameHud {
  static let width: Int32 = 248
  static let height: Int32 = 96

  let widget: Widget
  private let pipeline: ImagePipeline?
  private var timeline = FrameTimeline()
  private var tickID: guint = 0
  private var lastStatisticsMicroseconds: Int64 = 0
  private var hitRate: Double?
  private var inFlight = 0
  private var tickCost = 0.0
  /// The two text lines, laid out by Pango with GTK's own font map (cairo's
  /// toy text API would load fonts through fontconfig on the first frame: a
  /// 200 ms hitch) and re-laid out only when their text changes.
  private var lines: [OpaquePointer] { lineLayouts.map(\.opaque) }
  private var lineLayouts: [ObjectRef] = []
  private var lineTexts = ["", ""]
  private var lastTextMicroseconds: Int64 = 0
  /// Per-frame cost in microseconds (tick + draw), while ``recordsCost``.
  package private(set) var costs: [Double] = []
  package var recordsCost = false

  init(pipeline: ImagePipeline?) {
    self.pipeline = pipeline
    widget = gtk_drawing_area_new()!
    gtk_drawing_area_set_content_width(cgtk_drawing_area(widget), Self.width)
    gtk_drawing_area_set_content_height(cgtk_drawing_area(widget), Self.height)
    gtk_widget_set_halign(widget, GTK_ALIGN_END)
    gtk_widget_set_valign(widget, GTK_ALIGN_START)
    gtk_widget_set_can_target(widget, 0)
    gtk_widget_add_css_class(widget, "frame-hud")
    RowAccessibility.hide(widget)
    Gtk.setVisible(widget, false)

    DrawFunction.set(on: widget) { [weak self] cairo, width, height in
      self?.draw(cairo, width, height)
    }
    let font = pango_font_description_from_string("Monospace Bold 8")
    defer { pango_font_description_free(font) }
    for _ in 0..<2 {
      let layout = gtk_widget_create_pango_layout(widget, "")!
      pango_layout_set_font_description(layout, font)
      lineLayouts.append(ObjectRef(layout, adopt: true))
    }
  }

  /// Whether the HUD is on screen.
  var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

  /// Shows or hides the HUD.
  func setShown(_ shown: Bool) {
    guard shown != isShown else { return }
    Gtk.setVisible(widget, shown)
    if shown {
      timeline.pause()
      tickID = TickCallback.add(to: widget) { [weak self] time in
        self?.tick(time)
        return true
      }
    } else if tickID != 0 {
      TickCallback.remove(tickID, from: widget)
      tickID = 0
    }
  }

  func toggle() { setShown(!isShown) }

  private func tick(_ microseconds: Int64) {
    let started = DispatchTime.now().uptimeNanoseconds
    timeline.frame(at: microseconds)
    if let pipeline, microseconds - lastStatisticsMicroseconds >= 250_000 {
      lastStatisticsMicroseconds = microseconds
      let statistics = pipeline.statistics()
      let lookups = statistics.memoryHits + statistics.memoryMisses
      hitRate = lookups == 0 ? nil : Double(statistics.memoryHits) / Double(lookups)
      inFlight = statistics.inFlight
    }
    if microseconds - lastTextMicroseconds >= 250_000 || lineTexts[0].isEmpty {
      // Text four times a second: readable, and cheap.
      lastTextMicroseconds = microseconds
      let (fps, hitch) = timeline.recent
      let cache = hitRate.map { String(filling: "%3.0f%% hits", $0 * 100) } ?? "  - hits"
      setLine(0, String(filling: "%5.1f fps  hitch %5.1f ms/s", fps, hitch))
      setLine(1, pipeline == nil ? "avatars off" : "cache \(cache)  \(inFlight) loading")
    }
    gtk_widget_queue_draw(widget)
    tickCost = Double(DispatchTime.now().uptimeNanoseconds - started) / 1000
  }

  private func draw(_ cairo: OpaquePointer, _ width: Int32, _ height: Int32) {
    let started = DispatchTime.now().uptimeNanoseconds
    let width = Double(width)
    let height = Double(height)
    // Panel.
    // Opaque: blending over a list that moves every frame costs more than drawing.
    cairo_set_source_rgb(cairo, 0.1, 0.1, 0.12)
    roundedRectangle(cairo, width: width, height: height, radius: 8)
    cairo_fill(cairo)

    // Text.
    cairo_set_source_rgb(cairo, 1, 1, 1)
    for (index, layout) in lines.enumerated() {
      cairo_move_to(cairo, 8, 5 + 14 * Double(index))
      pango_cairo_show_layout(cairo, layout)
    }

    // Sparkline: one bar per frame interval, 0-50 ms, red above 1.5 refreshes.
    let top = 38.0
    let bottom = height - 6
    let scale = (bottom - top) / 50
    let step = (width - 16) / Double(FrameTimeline.capacity)
    // Two paths (good frames, hitches), two fills: not one fill per bar.
    for hitches in [false, true] {
      var x = 8.0 + step * Double(FrameTimeline.capacity - timeline.count)
      timeline.forEachInterval { interval in
        defer { x += step }
        guard (FrameTimeline.hitchCost(ofInterval: interval) > 0) == hitches else { return }
        let bar = min(interval, 50) * scale
        cairo_rectangle(cairo, x, bottom - bar, max(step - 0.5, 0.5), bar)
      }
      if hitches {
        cairo_set_source_rgb(cairo, 0.93, 0.33, 0.3)
      } else {
        cairo_set_source_rgb(cairo, 0.35, 0.8, 0.45)
      }
      cairo_fill(cairo)
    }
    // The 60 Hz budget.
    cairo_set_source_rgba(cairo, 1, 1, 1, 0.5)
    let budget = bottom - FrameTimeline.refreshMilliseconds * scale
    cairo_rectangle(cairo, 8, budget, width - 16, 1)
    cairo_fill(cairo)

    let cost = tickCost + Double(DispatchTime.now().uptimeNanoseconds - started) / 1000
    if recordsCost { costs.append(cost) }
  }

  private func setLine(_ index: Int, _ text: String) {
    guard lineTexts[index] != text else { return }
    lineTexts[index] = text
    pango_layout_set_text(lines[index], text, -1)
  }

  private func roundedRectangle(
    _ cairo: OpaquePointer, width: Double, height: Double, radius: Double
  ) {
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, width - radius, radius, radius, -Double.pi / 2, 0)
    cairo_arc(cairo, width - radius, height - radius, radius, 0, Double.pi / 2)
    cairo_arc(cairo, radius, height - radius, radius, Double.pi / 2, Double.pi)
    cairo_arc(cairo, radius, radius, radius, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cairo)
  }
}
