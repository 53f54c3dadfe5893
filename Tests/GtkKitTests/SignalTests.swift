import CGtk
import GtkKit
import XCTest

final class SignalTests: XCTestCase {
  func testClosureBoxesAreReleasedWhenTheObjectDies() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let census = ClosureCensus()
      var clicks = 0
      do {
        let button = ObjectRef(UnsafeMutableRawPointer(gtk_button_new()!))
        Signals.connect(button.pointer, .clicked, census: census) { clicks += 1 }
        Signals.connect(button.pointer, .clicked, census: census) { clicks += 10 }
        Signals.connect(button.pointer, .notify("label"), census: census) { clicks += 100 }
        XCTAssertEqual(census.live, 3)
        cgtk_emit(button.pointer, "clicked")
        XCTAssertEqual(clicks, 11)
      }
      XCTAssertEqual(census.live, 0, "boxes outlived their object")
    }
  }

  func testDisconnectingAHandlerReleasesItsBoxAndStopsCalls() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let button = ObjectRef(UnsafeMutableRawPointer(gtk_button_new()!))
      let census = ClosureCensus()
      var clicks = 0
      let connection = Signals.connect(button.pointer, .clicked, census: census) { clicks += 1 }
      XCTAssertEqual(census.live, 1)
      cgtk_emit(button.pointer, "clicked")
      connection.disconnect()
      cgtk_emit(button.pointer, "clicked")
      XCTAssertEqual(clicks, 1)
      XCTAssertEqual(census.live, 0, "a disconnected handler's box is released")
    }
  }

  func testTypedDescriptorsDeliverTheirArguments() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let button = ObjectRef(UnsafeMutableRawPointer(gtk_button_new()!))
      var notified = 0
      Signals.connect(button.pointer, .notify("label")) { notified += 1 }
      gtk_button_set_label(cgtk_button(button.pointer), "Retry")
      XCTAssertEqual(notified, 1)

      let list = ObjectRef(UnsafeMutableRawPointer(gtk_list_view_new(nil, nil)!))
      var positions: [UInt32] = []
      Signals.connect(list.pointer, .activateItem) { position in positions.append(position) }
      cgtk_emit_uint(list.pointer, "activate", 4_000_000_007)
      XCTAssertEqual(positions, [4_000_000_007])
    }
  }
}
