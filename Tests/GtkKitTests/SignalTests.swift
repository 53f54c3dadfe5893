import CGtk
import GtkKit
import XCTest

/// GTK's signals reach their handlers with their arguments (GObjectKitTests
/// pins when the handlers' boxes are released).
final class SignalTests: XCTestCase {
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
