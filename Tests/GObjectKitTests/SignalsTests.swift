import CGLib
import GObjectKit
import XCTest

/// A handler's boxed closure lives exactly as long as GLib holds the handler: until its object
/// is finalized or the handler is disconnected.
final class SignalsTests: XCTestCase {
  /// A new plain GObject (no properties, one signal: "notify").
  private static func plainObject() -> ObjectRef {
    ObjectRef(g_object_new_with_properties(g_object_get_type(), 0, nil, nil)!, adopt: true)
  }

  /// Emits "notify::`name`" on `object`. A plain GObject has no properties; a
  /// parameter spec made here names one all the same.
  private static func notify(_ object: ObjectRef, _ name: String) {
    let spec = g_param_spec_boolean(name, nil, nil, 0, G_PARAM_READABLE)!
    g_param_spec_ref_sink(spec)
    defer { g_param_spec_unref(spec) }
    g_object_notify_by_pspec(UnsafeMutablePointer(object.opaque), spec)
  }

  func testClosureBoxesAreReleasedWhenTheObjectDies() {
    MainActor.assumeIsolated {
      GLibTestEnvironment.setUp()
      let census = ClosureCensus()
      var calls = 0
      do {
        let object = Self.plainObject()
        Signals.connect(object.pointer, .notify("label"), census: census) { calls += 1 }
        Signals.connect(object.pointer, .notify("label"), census: census) { calls += 10 }
        Signals.connect(object.pointer, .notify("title"), census: census) { calls += 100 }
        XCTAssertEqual(census.live, 3)
        Self.notify(object, "label")
        XCTAssertEqual(calls, 11)
      }
      XCTAssertEqual(census.live, 0, "boxes outlived their object")
    }
  }

  func testDisconnectingAHandlerReleasesItsBoxAndStopsCalls() {
    MainActor.assumeIsolated {
      GLibTestEnvironment.setUp()
      let object = Self.plainObject()
      let census = ClosureCensus()
      var calls = 0
      let connection = Signals.connect(object.pointer, .notify("label"), census: census) {
        calls += 1
      }
      XCTAssertEqual(census.live, 1)
      Self.notify(object, "label")
      connection.disconnect()
      Self.notify(object, "label")
      XCTAssertEqual(calls, 1)
      XCTAssertEqual(census.live, 0, "a disconnected handler's box is released")
    }
  }
}
