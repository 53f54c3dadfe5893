import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// Drag-to-scroll with real X input: xdotool drives the pointer under Xvfb.
final class DragScrollTests: XCTestCase {
  func testADragFollowsThePointerFlingsAndStops() throws {
    try MainActor.assumeIsolated {
      let (window, id) = try XInput.openWindow()
      defer { window.close() }
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
      gtk_widget_activate_action_variant(
        window.listView, "list.scroll-to-item", g_variant_new_uint32(0))
      WindowTestSupport.waitForFrames(window)  // the scroll applies at the next layout
      let start = gtk_adjustment_get_value(adjustment)

      // A slow drag of 300 px upwards, then a rest before release: no fling.
      var slow = ["mousemove", "--window", id, "240", "600", "mousedown", "1"]
      for _ in 0..<15 { slow += ["mousemove_relative", "--", "0", "-20", "sleep", "0.03"] }
      slow += ["sleep", "0.2", "mouseup", "1"]
      let delivered = DeliveredInput(on: window.window)
      defer { delivered.stop() }
      _ = try XInput.xdotool(slow)
      // xdotool returns once the events are sent: GTK handles the release after.
      XCTAssertTrue(
        MainContext.run(until: { delivered.buttonReleases == 1 }, timeout: .seconds(20)),
        "the release did not reach the window")
      WindowTestSupport.waitForFrames(window)
      let dragged = gtk_adjustment_get_value(adjustment) - start
      // 1:1 after the 8 px threshold.
      XCTAssertEqual(
        dragged, 300 - DragScroller.threshold, accuracy: 25, "the list did not follow the pointer")
      XCTAssertFalse(window.dragScroller?.isFlinging ?? true, "a drag that rested must not fling")
      XCTAssertNil(window.selectedPosition, "a drag must not select")

      // A fast flick: the list keeps moving after release, then stops.
      var fast = ["mousemove", "--window", id, "240", "600", "mousedown", "1"]
      for _ in 0..<10 { fast += ["mousemove_relative", "--", "0", "-30", "sleep", "0.01"] }
      fast += ["mouseup", "1"]
      let beforeFlick = gtk_adjustment_get_value(adjustment)
      _ = try XInput.xdotool(fast)
      // xdotool returns once the events are sent; GTK handles the release after.
      XCTAssertTrue(
        MainContext.run(until: { window.dragScroller?.isFlinging == true }, timeout: .seconds(5)),
        "a fast release did not fling")
      let atRelease = gtk_adjustment_get_value(adjustment)
      XCTAssertTrue(
        MainContext.run(
          until: { !(window.dragScroller?.isFlinging ?? false) }, timeout: .seconds(10)),
        "the fling never stopped")
      let afterFling = gtk_adjustment_get_value(adjustment)
      XCTAssertGreaterThan(atRelease - beforeFlick, 200, "the flick did not pan")
      XCTAssertGreaterThan(
        afterFling - atRelease, 100, "the list did not keep moving after a fast release")
      MainContext.run(for: .milliseconds(200))
      XCTAssertEqual(
        gtk_adjustment_get_value(adjustment), afterFling, "the list kept moving after the fling")
    }
  }

  func testAClickWithoutMovementStillSelects() throws {
    try MainActor.assumeIsolated {
      let (window, id) = try XInput.openWindow()
      defer { window.close() }
      XCTAssertNil(window.selectedPosition)
      _ = try XInput.xdotool(["mousemove", "--window", id, "240", "300", "click", "1"])
      XCTAssertTrue(
        MainContext.run(until: { window.selectedPosition != nil }, timeout: .seconds(5)),
        "a click did not select")
    }
  }

  func testArrowKeysMoveTheSelection() throws {
    try MainActor.assumeIsolated {
      let (window, id) = try XInput.openWindow()
      defer { window.close() }
      _ = try XInput.xdotool(["mousemove", "--window", id, "240", "300", "click", "1"])
      XCTAssertTrue(
        MainContext.run(until: { window.selectedPosition != nil }, timeout: .seconds(5)))
      let first = window.selectedPosition!
      try XInput.key(["Down", "Down"], in: id)
      XCTAssertTrue(
        MainContext.run(until: { window.selectedPosition == first + 2 }, timeout: .seconds(5)))
      try XInput.key(["End"], in: id)
      XCTAssertTrue(
        MainContext.run(
          until: { window.selectedPosition == window.model.count - 1 }, timeout: .seconds(5)))
      try XInput.key(["Home"], in: id)
      XCTAssertTrue(MainContext.run(until: { window.selectedPosition == 0 }, timeout: .seconds(5)))
      try XInput.key(["Return"], in: id)
      XCTAssertTrue(
        MainContext.run(until: { window.shownPersonPage != nil }, timeout: .seconds(5)),
        "Enter opens the person's page")
      window.goBack()
    }
  }
}

/// The held-key probe the input tests rest on: a key left down would repeat
/// into every later window (a Refresh button pressed by a phantom Return).
final class HeldKeyTests: XCTestCase {
  func testTheProbeSeesAKeyHeldDownAndReleased() throws {
    try MainActor.assumeIsolated {
      let (window, id) = try XInput.openWindow()
      defer { window.close() }
      XCTAssertEqual(XInput.heldKeys(), 0)
      _ = try XInput.xdotool(["windowfocus", "--sync", id])
      _ = try XInput.xdotool(["keydown", "shift"])
      XCTAssertTrue(
        MainContext.run(until: { XInput.heldKeys() == 1 }, timeout: .seconds(2)),
        "a key held down was not seen")
      _ = try XInput.xdotool(["keyup", "shift"])
      XCTAssertTrue(MainContext.run(until: { XInput.heldKeys() == 0 }, timeout: .seconds(2)))
    }
  }
}
