import CGtk
import GtkKit

/// Keeps glibc's mmap threshold just above the frame of the largest open
/// window (``AllocatorSettings``): the blocks a renderer allocates for each
/// frame then come from the heap, the same blocks every frame, instead of
/// fresh mappings whose pages the kernel zero-fills on the main thread.
///
/// Those blocks are freed at the end of the paint, at the top of the main
/// thread's heap, and glibc gives a top larger than its trim threshold
/// back to the system; so while a frame is painted the trim threshold is
/// raised to twice the mmap threshold, and put back to glibc's default
/// after it. glibc has one trim threshold for every arena: kept raised, it
/// let each worker thread's arena keep up to that much free between
/// refreshes, which the soak measured.
///
/// Both of GTK's renderers allocate so. The cairo renderer paints each
/// frame into an image surface the size of the part redrawn. The GL
/// renderer on Mesa's software rasterizer (llvmpipe, what runs without a
/// GPU) allocates its frame's working buffers on the main thread's heap
/// and frees them when the frame is shown: with glibc's default trim
/// threshold in force, the heap's top shrank and grew back about 86 times
/// a second while a list scrolled at 20000 px/s, and the main thread took
/// 35-85 page faults a frame, against 5-7 with the threshold raised
/// (`roster-dev bench`'s `main_page_faults_per_frame`). A hardware GL driver
/// that allocates less loses nothing: the thresholds only decide where
/// blocks up to a frame's size live.
///
/// A window's frame is at most its surface's size in device pixels,
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
  /// paints a frame, glibc's default otherwise.
  package static var currentTrimThreshold: Int { trimThreshold }

  /// The threshold now.
  package static var currentThreshold: Int { threshold }

  /// Follows `window`'s size until it is destroyed.
  static func follow(_ window: Widget) {
    let key = UInt(bitPattern: window)
    FramePhases.observe(
      window,
      began: { _ in
        measure(window, key: key)
        keepsFreedFrames(true)
      }, ended: { keepsFreedFrames(false) })
    Signals.connect(gobject(window), .destroy) {
      frameBytes[key] = nil
      refit()
    }
  }

  private static func measure(_ window: Widget, key: UInt) {
    guard let surface = gtk_native_get_surface(gtkObject(window)) else { return }
    let scale = Int(gdk_surface_get_scale_factor(surface))
    let bytes =
      Int(gdk_surface_get_width(surface)) * Int(gdk_surface_get_height(surface)) * scale * scale
      * 4
    guard frameBytes[key] != bytes else { return }
    frameBytes[key] = bytes
    refit()
  }

  /// Raises the trim threshold to twice the mmap threshold while a frame
  /// is painted, so the blocks the frame frees at the end of the paint stay
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
