import CGtk
import GtkKit
import RosterKit
import XCTest

/// Each window drawn by cairo raises the allocator's mmap threshold just above its frame
/// surface, follows a resize, and takes its share with it when it goes; a window drawn by GL
/// leaves it alone.
final class WindowFrameAllocationTests: XCTestCase {
  private static let childVariable = "ROSTER_FRAME_ALLOCATION_CHILD"

  func testTheThresholdFollowsTheLargestOpenWindow() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      XCTAssertTrue(AllocatorSettings.apply())
      let start = Int(AllocatorSettings.mmapThreshold)

      let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
      XCTAssertTrue(WindowFrameAllocation.paintsFramesInHeap(window.window))
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
      let connection = Signals.connect(UnsafeMutableRawPointer(clock), "before-paint") {
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

  func testAWindowDrawnByGLLeavesTheThresholdAlone() throws {
    guard
      let report = try FreshTestProcess.output(
        of: "RosterKitTests.WindowFrameAllocationTests/testAWindowDrawnByGLLeavesTheThresholdAlone",
        variable: Self.childVariable, environment: ["GSK_RENDERER": "gl", "GDK_DEBUG": nil],
        check: { try MainActor.assumeIsolated { try Self.openAWindowAndReport() } })
    else { return }
    XCTAssertTrue(report.contains("frames=true"), report)
    XCTAssertTrue(report.contains("heap=false"), report)
    XCTAssertTrue(report.contains("threshold=\(AllocatorSettings.mmapThreshold) "), report)
  }

  /// In the child: a window drawn for a few frames, and what it did to the threshold.
  @MainActor private static func openAWindowAndReport() throws -> String {
    try WindowTestSupport.setUp()
    XCTAssertTrue(AllocatorSettings.apply())
    let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
    let clock = gtk_widget_get_frame_clock(window.window)!
    let first = gdk_frame_clock_get_frame_counter(clock)
    gtk_widget_queue_draw(window.window)
    let drawn = MainContext.run(until: {
      gtk_widget_queue_draw(window.window)
      return gdk_frame_clock_get_frame_counter(clock) >= first + 3
    })
    let heap = WindowFrameAllocation.paintsFramesInHeap(window.window)
    return "frames=\(drawn) heap=\(heap) threshold=\(WindowFrameAllocation.currentThreshold) "
  }
}
