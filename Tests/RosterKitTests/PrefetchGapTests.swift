import CGtk
import Foundation
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

/// Avatar prefetching runs in the gap between frames: a scroll moved by a
/// tick callback (inside the frame, as a kinetic scroll is) never has the
/// prefetcher's lookups and claims inside that frame's work, and the gap
/// prefetches for the latest position.
///
/// Each step of the scroll starts once the last step's prefetch has run: a
/// machine running late starts the next frame at once, ahead of an idle,
/// and how many gaps GTK leaves is the machine's speed, not what is tested.
/// What is, on any machine: no prefetch inside a frame, one after each
/// step's frame, at most one a frame, and the last one for where the list
/// came to rest.
final class PrefetchGapTests: XCTestCase {
  /// A window on the embedded directory with an image pipeline, rows on screen.
  @MainActor private static func openWindowWithAvatars() throws -> MainWindow {
    try WindowTestSupport.setUp()
    return WindowTestSupport.openEmbeddedWindow(pipeline: ImagePipeline())
  }

  func testPrefetchingRunsBetweenFramesNotInsideThem() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindowWithAvatars()
      defer { window.close() }
      let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window.window))
      var inFrame = false
      var frames = 0
      var inside = 0
      var between = 0
      let connections = [
        Signals.connect(gobject(clock), .beforePaint) { inFrame = true },
        Signals.connect(gobject(clock), .afterPaint) {
          inFrame = false
          frames += 1
        },
      ]
      defer { for connection in connections { connection.disconnect() } }
      window.viewport.onPrefetch = {
        if inFrame { inside += 1 } else { between += 1 }
      }
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
      let rowHeight = window.viewport.rowHeight
      let scroll = OwnedTick()
      let steps = 40
      var stepsPrefetched = 0
      for step in 1...steps {
        let before = between
        scroll.start(on: window.window) {
          gtk_adjustment_set_value(
            adjustment, gtk_adjustment_get_value(adjustment) + 3 * rowHeight)
          return false
        }
        let prefetched = MainContext.run(
          until: { !scroll.isRunning && between > before && !window.viewport.isPrefetchPending },
          timeout: .seconds(10))
        XCTAssertTrue(prefetched, "step \(step) was not prefetched after its frame")
        if prefetched { stepsPrefetched += 1 }
      }
      print("prefetch gap: \(frames) frames, \(between) prefetches between them, \(inside) inside")
      XCTAssertEqual(inside, 0, "the prefetcher ran inside a frame")
      XCTAssertEqual(stepsPrefetched, steps, "a step of the scroll was not prefetched")
      XCTAssertLessThanOrEqual(between, frames + 1, "more than one prefetch a frame")
      // The last prefetch was for where the list came to rest: one screen below it.
      let visible = window.viewport.visible
      XCTAssertEqual(window.viewport.prefetchWindow?.lowerBound, visible.upperBound)
    }
  }

  /// A prefetch still waiting for the gap when its window is destroyed runs
  /// on the tracker's own reference to the list's adjustment, which lives as
  /// long as the tracker (it read a freed one before).
  func testAPrefetchPendingWhenTheWindowClosesReadsALiveAdjustment() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindowWithAvatars()
      let tracker = window.viewport
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
      let object = UnsafeMutableRawPointer(adjustment).assumingMemoryBound(to: GObject.self)
      // GObject clears this when the adjustment is freed.
      let alive = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
      alive.initialize(to: UnsafeMutableRawPointer(adjustment))
      g_object_add_weak_pointer(object, alive)
      defer {
        if alive.pointee != nil { g_object_remove_weak_pointer(object, alive) }
        alive.deallocate()
      }
      var prefetches = 0
      tracker.onPrefetch = { prefetches += 1 }

      gtk_adjustment_set_value(adjustment, 10 * tracker.rowHeight)
      XCTAssertTrue(tracker.isPrefetchPending)
      window.close()
      MainContext.run(until: { !tracker.isPrefetchPending }, timeout: .seconds(5))
      XCTAssertEqual(prefetches, 1, "the pending prefetch did not run")
      XCTAssertNotNil(alive.pointee, "the adjustment the prefetch read was freed with the window")
    }
  }
}
