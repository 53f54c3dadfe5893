import CGtk
import GtkKit

/// Keeps glibc's mmap threshold just above the frame surface of the largest
/// open window (``AllocatorSettings``): each frame's paint surface then
/// comes from the heap, the same block every frame, instead of a fresh
/// mapping whose pages the kernel zero-fills on the main thread.
///
/// Only the cairo renderer paints into such a surface. The GL renderer
/// draws into a GL buffer of the driver's, so a window drawn by GL counts
/// no frame bytes: raising the threshold for it would gain its frames
/// nothing, and the trim threshold that comes with it (glibc has one for
/// all arenas) would let every worker thread's arena keep that much free.
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

  /// The threshold now.
  package static var currentThreshold: Int { threshold }

  /// Follows `window`'s size until it is destroyed.
  static func follow(_ window: Widget) {
    let key = UInt(bitPattern: window)
    FramePhases.observe(
      gobject(window), began: { _ in measure(window, key: key) }, ended: {})
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

  private static func refit() {
    let wanted = AllocatorSettings.mmapThreshold(forFrameBytes: frameBytes.values.max() ?? 0)
    guard wanted != threshold, AllocatorSettings.setMmapThreshold(wanted) else { return }
    threshold = wanted
  }
}
