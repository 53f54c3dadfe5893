import CGtk
import GtkKit
import XCTest

/// A widget's frames reach the listener as began/ended pairs, from a window realized after the
/// listener was attached, with the display's refresh interval; unrealizing mid-frame still
/// ends the frame.
final class FramePhasesTests: XCTestCase {
  @MainActor
  private final class Log {
    var events: [String] = []
    var intervals: [Duration?] = []
  }

  func testEachFrameBeginsAndEndsOnceInOrder() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let window = gtk_window_new()!
      gtk_window_set_default_size(cgtk_window(window), 200, 100)
      let log = Log()
      FramePhases.observe(
        window,
        began: { interval in
          log.events.append("began")
          log.intervals.append(interval)
        },
        ended: { log.events.append("ended") })
      XCTAssertTrue(log.events.isEmpty, "not realized yet: no frame clock")
      gtk_window_present(cgtk_window(window))
      // Three frames asked for, one after another.
      for _ in 0..<3 {
        let before = log.events.count
        gtk_widget_queue_draw(window)
        XCTAssertTrue(
          MainContext.run(until: { log.events.count >= before + 2 && log.events.last == "ended" }))
      }
      XCTAssertGreaterThanOrEqual(log.events.count, 6)
      for (index, event) in log.events.enumerated() {
        XCTAssertEqual(event, index % 2 == 0 ? "began" : "ended", "at \(index): \(log.events)")
      }
      for interval in log.intervals.compactMap({ $0 }) {
        XCTAssertGreaterThan(interval, .zero)
        XCTAssertLessThan(interval, .milliseconds(100))
      }
      GtkTestEnvironment.close(window)
      XCTAssertEqual(log.events.last, "ended")
    }
  }

  func testAWindowRealizedAgainReportsTheFramesOfItsNewClock() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let window = gtk_window_new()!
      gtk_window_set_default_size(cgtk_window(window), 200, 100)
      gtk_window_present(cgtk_window(window))
      XCTAssertTrue(
        MainContext.run(until: { gtk_widget_get_realized(window) != 0 }), "realized first")
      var began = 0
      var ended = 0
      FramePhases.observe(
        window, began: { _ in began += 1 }, ended: { ended += 1 })
      gtk_widget_queue_draw(window)
      XCTAssertTrue(MainContext.run(until: { ended >= 1 }), "an already realized widget counts")
      gtk_widget_set_visible(window, 0)
      gtk_widget_unrealize(window)
      XCTAssertEqual(began, ended, "unrealized: no frame left open")
      let endedBefore = ended
      gtk_window_present(cgtk_window(window))
      gtk_widget_queue_draw(window)
      XCTAssertTrue(
        MainContext.run(until: { ended > endedBefore }, timeout: .seconds(5)),
        "the new clock's frames are reported too")
      XCTAssertEqual(began, ended)
      GtkTestEnvironment.close(window)
    }
  }
}
