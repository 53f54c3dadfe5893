import CGtk
import GtkKit

/// Keeps glibc's mmap threshold just above the frame surface of the largest
/// open window (``AllocatorSettings``): each frame's paint surface then
/// comes from the heap, the same block every frame, instead of a fresh
/// mapping whose pages the kernel zero-fills on the main thread.
///
/// The surface is freed at the end of the paint, at the top of the main
/// thread's heap, and glibc gives a top larger than its trim threshold
/// back to the system; so while a frame is painted the trim threshold is
/// raised to twice the mmap threshold, and put back to glibc's default
/// after it. glibc has one trim threshold for every arena: kept raised, it
/// let each worker thread's arena keep up to that much free between
/// refreshes, which the soak measured.
///
/// Only the cairo renderer paints into such a surface. The GL renderer
/// draws into a GL buffer of the driver's, so a window drawn by GL counts
/// no frame bytes and raises neither threshold.
///
/// A window's frame surface is at most its surface's size in device pixels,
/// 4 bytes each. It is read at the start of each frame (a resize, a
/// maximize or a new scale factor all reach the next frame) and the
/// threshold changes only when the largest one does. A window that goes
/// takes its size with it.
///
/// Threading: main-actor only.
@MainActor
package enum WindowFrameAllocation {
  /// Frame bytes by window.
  private static var frameBytes: [UInt: Int] = [:]
  private static var threshold = Int(AllocatorSettings.mmapThreshold)
  private static var trimThreshold = Int(AllocatorSettings.defaultTrimThreshold)

  /// The trim threshold now: twice ``currentThreshold`` while a window
  /// drawn by cairo paints a frame, glibc's default otherwise.
  package static var currentTrimThreshold: Int { trimThreshold }

  /// The threshold now.
  package static var currentThreshold: Int { threshold }

  /// Follows `window`'s size until it is destroyed.
  static func follow(_ window: Widget) {
    let key = UInt(bitPattern: window)
    FramePhases.observe(
      gobject(window),
      began: { _ in
        measure(window, key: key)
        keepsFreedFrames(true)
      }, ended: { keepsFreedFrames(false) })
    Signals.connect(gobject(window), "destroy") {
      frameBytes[key] = nil
      refit()
    }
  }

  private static func measure(_ window: Widget, key: UInt) {
    guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
    let scale = Int(gdk_surface_get_scale_factor(surface))
    let bytes =
      paintsFramesInHeap(window)
      ? Int(gdk_surface_get_width(surface)) * Int(gdk_surface_get_height(surface)) * scale
        * scale * 4 : 0
    guard frameBytes[key] != bytes else { return }
    frameBytes[key] = bytes
    refit()
  }

  /// Whether `window`'s renderer paints each frame into an image surface
  /// in the heap: the cairo renderer does, GL and a renderer not yet made
  /// do not.
  package static func paintsFramesInHeap(_ window: Widget) -> Bool {
    guard let renderer = gtk_native_get_renderer(OpaquePointer(window)) else { return false }
    let instance = UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)
    return g_type_check_instance_is_a(instance, gsk_cairo_renderer_get_type()) != 0
  }

  /// Raises the trim threshold to twice the mmap threshold while a frame
  /// is painted, so the frame surface freed at the end of the paint stays
  /// at the top of the main thread's heap for the next frame, and puts
  /// glibc's default back after it: the threshold is one for every arena,
  /// and between frames the worker threads' arenas should give their free
  /// tops back as usual.
  private static func keepsFreedFrames(_ wanted: Bool) {
    let keeps = wanted && threshold > Int(AllocatorSettings.mmapThreshold)
    let trim = keeps ? threshold * 2 : Int(AllocatorSettings.defaultTrimThreshold)
    guard trim != trimThreshold, AllocatorSettings.setTrimThreshold(trim) else { return }
    trimThreshold = trim
  }

  private static func refit() {
    let wanted = AllocatorSettings.mmapThreshold(forFrameBytes: frameBytes.values.max() ?? 0)
    guard wanted != threshold, AllocatorSettings.setMmapThreshold(wanted) else { return }
    threshold = wanted
  }
}
