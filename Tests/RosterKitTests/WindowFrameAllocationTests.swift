import CGtk
import GtkKit
import RosterKit
import TestSupport
import XCTest

/// Each window, whatever renders it, raises the allocator's mmap threshold just above its frame,
/// follows a resize, and takes its share with it when it goes; the trim threshold is raised only
/// while a frame is painted.
final class WindowFrameAllocationTests: XCTestCase {
  private static let childVariable = "ROSTER_FRAME_ALLOCATION_CHILD"

  func testTheThresholdFollowsTheLargestOpenWindow() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      XCTAssertTrue(AllocatorSettings.apply())
      let start = Int(AllocatorSettings.mmapThreshold)

      let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
      let surface = gtk_native_get_surface(OpaquePointer(window.window))!
      func expected() -> Int {
        let scale = Int(gdk_surface_get_scale_factor(surface))
        return AllocatorSettings.mmapThreshold(
          forFrameBytes: Int(gdk_surface_get_width(surface)) * Int(gdk_surface_get_height(surface))
            * scale * scale * 4)
      }
      XCTAssertTrue(
        MainContext.run(until: { WindowFrameAllocation.currentThreshold >= expected() }),
        "\(WindowFrameAllocation.currentThreshold) for a window that needs \(expected())")
      XCTAssertGreaterThan(WindowFrameAllocation.currentThreshold, start)
      guard expected() < AllocatorSettings.maxMmapThreshold else {
        window.close()
        throw XCTSkip(
          "this window's frame is already past the \(AllocatorSettings.maxMmapThreshold) bytes "
            + "the threshold stops at, so no resize can raise it (scale 2 under Wayland, where "
            + "the surface holds the window's shadow too): it checks a window at scale 1")
      }

      // A larger window: the next frame raises it again.
      let small = WindowFrameAllocation.currentThreshold
      gtk_window_set_default_size(cgtk_window(window.window), 900, 1000)
      XCTAssertTrue(
        MainContext.run(
          until: { WindowFrameAllocation.currentThreshold > small }, timeout: .seconds(5)),
        "a resize did not reach the threshold")
      let large = WindowFrameAllocation.currentThreshold
      XCTAssertEqual(large, expected(), "the largest open window's frame")

      window.close()
      XCTAssertTrue(
        MainContext.run(until: { WindowFrameAllocation.currentThreshold < large }),
        "the window took its size with it")
    }
  }

  func testTheTrimThresholdIsRaisedOnlyWhileAFrameIsPainted() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      XCTAssertTrue(AllocatorSettings.apply())
      let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
      defer { window.close() }
      XCTAssertTrue(
        MainContext.run(until: {
          WindowFrameAllocation.currentThreshold > Int(AllocatorSettings.mmapThreshold)
        }))
      var inFrame: Int?
      let clock = gtk_widget_get_frame_clock(window.window)!
      // Connected after the window's own handler, so it runs inside the frame's set-up.
      let connection = Signals.connect(UnsafeMutableRawPointer(clock), .beforePaint) {
        if inFrame == nil { inFrame = WindowFrameAllocation.currentTrimThreshold }
      }
      defer { connection.disconnect() }
      gtk_widget_queue_draw(window.window)
      XCTAssertTrue(MainContext.run(until: { inFrame != nil }), "no frame was painted")

      XCTAssertEqual(inFrame, WindowFrameAllocation.currentThreshold * 2, "inside a frame")
      XCTAssertEqual(
        WindowFrameAllocation.currentTrimThreshold, Int(AllocatorSettings.defaultTrimThreshold),
        "between frames")
    }
  }

  /// Mesa's software GL rasterizer allocates and frees its frame's buffers on the main thread's
  /// heap, so a window drawn by GL keeps its frames in the heap too: the mmap threshold above its
  /// frame, and the trim threshold raised while a frame is painted. (What that saves, page faults
  /// a frame, `roster-dev bench` reports as `main_page_faults_per_frame`.)
  func testAWindowDrawnByGLRaisesItToo() throws {
    guard
      let report = try FreshTestProcess.output(
        of: "RosterKitTests.WindowFrameAllocationTests/testAWindowDrawnByGLRaisesItToo",
        variable: Self.childVariable, environment: ["GSK_RENDERER": "gl", "GDK_DEBUG": nil],
        check: { try MainActor.assumeIsolated { try Self.drawAWindowAndReport() } })
    else { return }
    XCTAssertTrue(report.contains("frames=true"), report)
    XCTAssertTrue(report.contains("gl=true"), report)
    let fields = FreshTestProcess.fields(report)
    let threshold = try XCTUnwrap(fields["threshold"], report)
    XCTAssertGreaterThan(threshold, Int(AllocatorSettings.mmapThreshold), report)
    XCTAssertEqual(fields["trim_in_frame"], threshold * 2, report)
    XCTAssertEqual(fields["trim_between"], Int(AllocatorSettings.defaultTrimThreshold), report)
  }

  /// In the child: a window drawn by GL for a few frames, what it did to the threshold, and the
  /// trim threshold inside its last frame and after it.
  @MainActor private static func drawAWindowAndReport() throws -> String {
    try WindowTestSupport.setUp()
    XCTAssertTrue(AllocatorSettings.apply())
    let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
    let clock = gtk_widget_get_frame_clock(window.window)!
    var trimInFrame = 0
    // Connected after the window's own handler, so it runs inside the frame's set-up.
    let connection = Signals.connect(UnsafeMutableRawPointer(clock), .beforePaint) {
      trimInFrame = WindowFrameAllocation.currentTrimThreshold
    }
    defer { connection.disconnect() }
    let first = gdk_frame_clock_get_frame_counter(clock)
    let drawn = MainContext.run(until: {
      gtk_widget_queue_draw(window.window)
      return gdk_frame_clock_get_frame_counter(clock) >= first + 3
    })
    let renderer = gtk_native_get_renderer(OpaquePointer(window.window))
    let instance = UnsafeMutableRawPointer(renderer)?.assumingMemoryBound(to: GTypeInstance.self)
    let name = instance.flatMap { g_type_name_from_instance($0) }.map { String(cString: $0) }
    return "frames=\(drawn) gl=\(name == "GskGLRenderer")"
      + " threshold=\(WindowFrameAllocation.currentThreshold) trim_in_frame=\(trimInFrame)"
      + " trim_between=\(WindowFrameAllocation.currentTrimThreshold) "
  }
}
