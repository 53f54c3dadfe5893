import CGtk
import GtkKit
import XCTest

/// A GtkWidget subclass written in Swift: GTK asks its content for its size
/// and its drawing, reports style changes to it, and a widget whose content
/// has gone measures and draws nothing instead of reaching freed memory.
final class CustomWidgetTests: XCTestCase {
  /// A 40 x 30 red rectangle that counts what GTK asked of it.
  @MainActor
  private final class Rectangle: CustomWidgetContent {
    var measures = 0
    var snapshots = 0
    var styleChanges = 0

    func measure(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32)
    {
      measures += 1
      return orientation == GTK_ORIENTATION_HORIZONTAL ? (40, 40) : (30, 30)
    }

    func snapshot(_ snapshot: OpaquePointer, width: Int32, height: Int32) {
      snapshots += 1
      var red = GdkRGBA(red: 1, green: 0, blue: 0, alpha: 1)
      var bounds = graphene_rect_t(
        origin: graphene_point_t(x: 0, y: 0),
        size: graphene_size_t(width: Float(width), height: Float(height)))
      gtk_snapshot_append_color(snapshot, &red, &bounds)
    }

    func styleChanged() { styleChanges += 1 }
    func systemSettingChanged() {}
  }

  private static let type = CustomWidget.register(
    name: "GtkKitTestRectangle", cssName: "rectangle", role: GTK_ACCESSIBLE_ROLE_IMG)

  func testGtkMeasuresAndDrawsTheSwiftContentAndForgetsItWhenItGoes() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      var content: Rectangle? = Rectangle()
      let widget = CustomWidget.make(Self.type, content: content!)
      g_object_ref_sink(widget)
      defer { g_object_unref(widget) }
      XCTAssertEqual(String(cString: gtk_widget_get_css_name(widget)), "rectangle")
      XCTAssertEqual(
        gtk_accessible_get_accessible_role(OpaquePointer(widget)), GTK_ACCESSIBLE_ROLE_IMG)

      let window = gtk_window_new()!
      defer { gtk_window_destroy(cgtk_window(window)) }
      // No title bar (Wayland draws one in the window), whose width would
      // widen the window, and so the widget, past its 40 points.
      gtk_window_set_decorated(cgtk_window(window), 0)
      gtk_window_set_child(cgtk_window(window), widget)
      gtk_window_present(cgtk_window(window))
      XCTAssertTrue(MainContext.run(until: { (content?.snapshots ?? 0) > 0 }, timeout: .seconds(5)))
      XCTAssertGreaterThan(content?.measures ?? 0, 0)
      XCTAssertGreaterThan(content?.styleChanges ?? 0, 0, "the first style reached the content")
      XCTAssertEqual(gtk_widget_get_width(widget), 40)
      XCTAssertEqual(gtk_widget_get_height(widget), 30)

      content = nil
      // GTK keeps measured sizes until told they changed.
      gtk_widget_queue_resize(widget)
      var minimum: Int32 = -1
      var natural: Int32 = -1
      gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
      XCTAssertEqual(natural, 0, "a widget without content asks for no room")
      // And draws nothing, in a frame painted after the content went.
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(widget), "no frame was painted")
    }
  }
}
