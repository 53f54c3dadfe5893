import CGtk
import Directory
import FoundationEssentials

/// Writes an org chart (``OrgChartContent``) as PDF, SVG or PNG: made whole
/// in memory, then written complete or not at all. A very large chart is
/// scaled down to what the format can hold: a PDF page at most 200 inches
/// (14,400 points) a side, a PNG at most 64 million pixels and 32,000 a side.
///
/// Threading: any thread; blocks on cairo and the file system (run it off
/// the main thread).
package enum OrgChartWriter {
  /// The longest side of a PDF page viewers show whole, in points.
  static let pdfSide = 14_400.0
  /// The most pixels a PNG is drawn with, and the longest side.
  static let pngPixels = 64_000_000.0
  static let pngSide = 32_000.0

  /// Writes `content` as `format` to `destination`.
  package static func write(
    _ content: OrgChartContent, as format: OrgChartFormat, to destination: URL
  ) throws(ExportError) {
    try AtomicFileWriter.write(bytes(of: content, as: format), to: destination)
  }

  /// The file's bytes.
  package static func bytes(of content: OrgChartContent, as format: OrgChartFormat) -> [UInt8] {
    switch format {
    case .svg: return Array(OrgChartSVG.document(content).utf8)
    case .pdf: return pdf(content)
    case .png: return png(content)
    }
  }

  private static func pdf(_ content: OrgChartContent) -> [UInt8] {
    let (width, height) = (content.layout.width, content.layout.height)
    let scale = min(1, pdfSide / max(width, height))
    let sink = ByteSink()
    let surface = cairo_pdf_surface_create_for_stream(
      ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), width * scale, height * scale)
    draw(content, on: surface, scale: scale)
    cairo_surface_finish(surface)
    cairo_surface_destroy(surface)
    return sink.bytes
  }

  private static func png(_ content: OrgChartContent) -> [UInt8] {
    let (width, height) = (content.layout.width, content.layout.height)
    let scale = min(2, (pngPixels / (width * height)).squareRoot(), pngSide / max(width, height))
    let surface = cairo_image_surface_create(
      CAIRO_FORMAT_RGB24, Int32((width * scale).rounded(.up)),
      Int32((height * scale).rounded(.up)))
    draw(content, on: surface, scale: scale)
    let sink = ByteSink()
    cairo_surface_write_to_png_stream(
      surface, ByteSink.write, Unmanaged.passUnretained(sink).toOpaque())
    cairo_surface_destroy(surface)
    return sink.bytes
  }

  private static func draw(_ content: OrgChartContent, on surface: OpaquePointer?, scale: Double) {
    let cr = cairo_create(surface)!
    cairo_scale(cr, scale, scale)
    OrgChartDrawing.draw(content, on: cr)
    cairo_destroy(cr)
  }
}

/// The bytes cairo writes to a stream, gathered in memory.
///
/// Threading: used by one cairo surface on one thread.
private final class ByteSink {
  var bytes: [UInt8] = []

  /// cairo's write callback: `closure` is the sink.
  static let write: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
  }
}
