import CGtk
import GtkKit
import XCTest

final class SignalTests: XCTestCase {
  func testClosureBoxesAreReleasedWhenTheObjectDies() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let before = ClosureBoxCounter.liveCount
      var clicks = 0
      do {
        let button = ObjectRef(UnsafeMutableRawPointer(gtk_button_new()!))
        Signals.connect(button.pointer, "clicked") { clicks += 1 }
        Signals.connect(button.pointer, "clicked") { clicks += 10 }
        _ = Signals.connectReturningBool(button.pointer, "query-tooltip") { false }
        XCTAssertEqual(ClosureBoxCounter.liveCount, before + 3)
        cgtk_emit(button.pointer, "clicked")
        XCTAssertEqual(clicks, 11)
      }
      XCTAssertEqual(ClosureBoxCounter.liveCount, before, "boxes outlived their object")
    }
  }

  func testDisconnectingAHandlerReleasesItsBoxAndStopsCalls() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let button = ObjectRef(UnsafeMutableRawPointer(gtk_button_new()!))
      let before = ClosureBoxCounter.liveCount
      var clicks = 0
      let connection = Signals.connect(button.pointer, "clicked") { clicks += 1 }
      cgtk_emit(button.pointer, "clicked")
      connection.disconnect()
      cgtk_emit(button.pointer, "clicked")
      XCTAssertEqual(clicks, 1)
      XCTAssertEqual(ClosureBoxCounter.liveCount, before)
    }
  }
}
