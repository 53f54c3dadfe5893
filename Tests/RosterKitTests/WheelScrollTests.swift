import CGtk
import Foundation
import GtkKit
import SharedSupport
import XCTest

@testable import RosterKit

/// A free-spinning mouse wheel with real X input: clicks sent 12 ms apart
/// must move the list about as far as the same clicks 60 ms apart (GTK 4.8's
/// own wheel handling sent a list to its end).
final class WheelScrollTests: XCTestCase {
  /// Where the list or grid stands after `clicks` wheel-down clicks `delay`
  /// ms apart, from the top: the first item on screen, and the work of the
  /// frames drawn (ms).
  @MainActor private static func spin(
    _ window: MainWindow, id: String, clicks: Int, delay: Int
  ) throws -> (item: Int, work: [Double]) {
    let view = window.isGridMode ? window.grid.gridView : window.listView
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(view))!
    gtk_widget_activate_action_variant(view, "list.scroll-to-item", g_variant_new_uint32(0))
    MainContext.run(until: { gtk_adjustment_get_value(adjustment) == 0 }, timeout: .seconds(5))
    WindowTestSupport.waitForFrames(window)  // laid out at the top
    let frames = FrameWorkLog(window: window.window)
    let delivered = DeliveredInput(on: window.window)
    defer { delivered.stop() }
    _ = try XInput.xdotool([
      "mousemove", "--window", id, "240", "400",
      "click", "--repeat", String(clicks), "--delay", String(delay), "5",
    ])
    // xdotool returns once the clicks are sent: wait until GTK has had every one, and for the
    // frames after the last (the clicks since a frame are applied in the next).
    XCTAssertTrue(
      MainContext.run(until: { delivered.wheelClicks >= Double(clicks) }, timeout: .seconds(20)),
      "GTK had \(delivered.wheelClicks) of \(clicks) wheel clicks")
    WindowTestSupport.waitForFrames(window)
    let last = gtk_adjustment_get_value(adjustment)
    frames.stop()
    let fraction = last / max(1, gtk_adjustment_get_upper(adjustment))
    return (Int(fraction * Double(window.model.count)), frames.work)
  }

  /// Spins the wheel 300 clicks fast and 100 slowly (300 slow ones take
  /// 18 s) in the same window: the fast spin must land within 25% of three
  /// times the slow one's distance (a click moves a fixed step).
  @MainActor private static func checkFastLandsNearSlow(users: Int?, grid: Bool) throws {
    let (window, id) = try XInput.openWindow(users: users, grid: grid)
    defer { window.close() }
    let slow = try Self.spin(window, id: id, clicks: 100, delay: 60)
    let fast = try Self.spin(window, id: id, clicks: 300, delay: 12)
    let expected = Double(slow.item * 3)
    let name = "\(grid ? "grid" : "list"), \(window.model.count) people"
    func work(_ milliseconds: [Double]) -> String {
      let work = Percentiles(milliseconds)
      return "p50 \(work(0.5) ?? 0) p99 \(work(0.99) ?? 0) max \(work(1) ?? 0) ms"
    }
    print(
      "wheel \(name): 300 clicks 12 ms apart -> item \(fast.item), 100 clicks 60 ms apart -> "
        + "item \(slow.item) (x3 = \(Int(expected))); frame work fast \(work(fast.work)), "
        + "slow \(work(slow.work))")
    XCTAssertGreaterThan(slow.item, 0, "slow wheel clicks did not scroll (\(name))")
    XCTAssertLessThan(
      expected, Double(window.model.count / 2), "the clicks went too far to compare (\(name))")
    XCTAssertEqual(
      Double(fast.item), expected, accuracy: expected * 0.25,
      "fast wheel clicks landed far from where slow ones would (\(name))")
  }

  func testAFreeSpinningWheelMovesTheListAsFarAsSlowClicks() throws {
    try MainActor.assumeIsolated { try Self.checkFastLandsNearSlow(users: nil, grid: false) }
  }

  func testAFreeSpinningWheelMovesTheGridAsFarAsSlowClicks() throws {
    try MainActor.assumeIsolated { try Self.checkFastLandsNearSlow(users: nil, grid: true) }
  }

  func testAFreeSpinningWheelOverAMillionPeopleMovesTheListAsFarAsSlowClicks() throws {
    try MainActor.assumeIsolated { try Self.checkFastLandsNearSlow(users: 1_000_000, grid: false) }
  }

  func testAFreeSpinningWheelOverAMillionPeopleMovesTheGridAsFarAsSlowClicks() throws {
    try MainActor.assumeIsolated { try Self.checkFastLandsNearSlow(users: 1_000_000, grid: true) }
  }
}
