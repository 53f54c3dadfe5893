import CGtk
import GtkKit
import RosterKit
import XCTest

/// Each window raises the allocator's mmap threshold just above its frame surface, follows a
/// resize, and takes its share with it when it goes.
final class WindowFrameAllocationTests: XCTestCase {
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
}
