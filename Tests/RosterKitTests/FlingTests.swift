import CGtk
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// A fling's speed: measured over the last ~100 ms of motion by a fit that
/// no single burst decides, capped, and zero after the pointer rested.
final class FlingTests: XCTestCase {
  func testSteadyMotionGivesItsSpeed() {
    var motion = FlingVelocity()
    for frame in 0..<20 { motion.add(time: Double(frame) * 0.016, position: Double(frame) * 16) }
    XCTAssertEqual(motion.velocity(releasedAt: 19 * 0.016), 1_000, accuracy: 1)
  }

  func testABurstOfQueuedEventsIsCapped() {
    var motion = FlingVelocity()
    motion.add(time: 1.000, position: 0)
    motion.add(time: 1.016, position: 10)
    // Ten motion events handled at once, 1 ms apart by their timestamps.
    for step in 1...10 {
      motion.add(time: 1.016 + Double(step) * 0.001, position: 10 + Double(step) * 60)
    }
    XCTAssertEqual(motion.velocity(releasedAt: 1.027), 8_000, "the default cap")
    motion.maxVelocity = 2_000
    XCTAssertEqual(motion.velocity(releasedAt: 1.027), 2_000)
    XCTAssertEqual(FlingVelocity(maxVelocity: 1e9).velocity(releasedAt: 1), 0, "no samples")
  }

  func testEventsAtOneInstantCountOnce() {
    var motion = FlingVelocity(maxVelocity: 1e9)
    motion.add(time: 0.00, position: 0)
    motion.add(time: 0.05, position: 50)
    for extra in 1...20 { motion.add(time: 0.05, position: 50 + Double(extra)) }
    // Two points: (0, 0) and (0.05, 70), whatever the count of events at 0.05.
    XCTAssertEqual(motion.velocity(releasedAt: 0.05), 1_400, accuracy: 0.001)
  }

  func testAPointerThatRestedDoesNotFling() {
    var motion = FlingVelocity()
    for frame in 0..<10 { motion.add(time: Double(frame) * 0.016, position: Double(frame) * 30) }
    XCTAssertGreaterThan(motion.velocity(releasedAt: 0.144 + 0.04), 0)
    XCTAssertEqual(motion.velocity(releasedAt: 0.144 + 0.06), 0, "rested > 50 ms")
  }

  func testTheCapIsASettingAndOldSettingsFilesStillLoad() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-settings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("roster/settings.json")
    XCTAssertEqual(WindowSettings().maxFlingVelocity, 8_000)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"width": 900, "height": 700, "grid": true}"#.utf8).write(to: file)
    let old = WindowSettings.load(from: file)
    XCTAssertEqual(old.width, 900, "a file without the key keeps its other values")
    XCTAssertEqual(old.maxFlingVelocity, 8_000)
    var settings = old
    settings.maxFlingVelocity = 5_000
    try settings.save(to: file)
    XCTAssertEqual(WindowSettings.load(from: file), settings)
  }

  /// A flick made of one burst of motion (no pause between the events), on
  /// 20,000 people: how far the list moves after release, at `cap`.
  @MainActor private static func flingDistance(cap: Double?) throws -> (drag: Double, fling: Double)
  {
    let (window, id) = try XInput.openWindow(users: 20_000)
    defer { window.close() }
    if let cap { window.maxFlingVelocity = cap }
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
    gtk_widget_activate_action_variant(
      window.listView, "list.scroll-to-item", g_variant_new_uint32(0))
    WindowTestSupport.waitForFrames(window)  // the scroll applies at the next layout
    gtk_adjustment_set_value(adjustment, 169 * window.viewport.rowHeight)
    WindowTestSupport.waitForFrames(window)
    let start = gtk_adjustment_get_value(adjustment)
    var flick = ["mousemove", "--window", id, "240", "700", "mousedown", "1"]
    flick += ["mousemove_relative", "--", "0", "-20", "sleep", "0.02"]
    for _ in 0..<10 { flick += ["mousemove_relative", "--", "0", "-40"] }
    flick += ["mouseup", "1"]
    _ = try XInput.xdotool(flick)
    let scroller = try XCTUnwrap(window.dragScroller)
    XCTAssertTrue(
      MainContext.run(until: { scroller.isFlinging }, timeout: .seconds(5)),
      "the flick did not fling")
    let atRelease = gtk_adjustment_get_value(adjustment)
    XCTAssertTrue(MainContext.run(until: { !scroller.isFlinging }, timeout: .seconds(10)))
    return (atRelease - start, gtk_adjustment_get_value(adjustment) - atRelease)
  }

  func testABurstFlickTravelsABoundedDistance() throws {
    try MainActor.assumeIsolated {
      let bound = { (cap: Double) in cap * DragScroller.timeConstant }
      let defaultCap = try Self.flingDistance(cap: nil)
      let slowCap = try Self.flingDistance(cap: 2_000)
      print(
        "burst flick: dragged \(defaultCap.drag) px, flung \(defaultCap.fling) px at 8,000 px/s; "
          + "flung \(slowCap.fling) px at 2,000 px/s")
      XCTAssertLessThanOrEqual(defaultCap.fling, bound(FlingVelocity.defaultMaxVelocity))
      XCTAssertLessThanOrEqual(slowCap.fling, bound(2_000))
      XCTAssertGreaterThan(
        defaultCap.fling, bound(2_000), "the burst was not fast enough to test the cap")
      XCTAssertLessThanOrEqual(defaultCap.drag, 420, "the drag itself moved more than the pointer")
    }
  }
}
