import CGtk
import GtkKit
import XCTest

/// Initializes GTK once per test process (tests run under Xvfb).
@MainActor
enum GtkTestEnvironment {
  private static var initialized = false

  static func setUp() throws {
    if !initialized {
      guard gtk_init_check() != 0 else { throw XCTSkip("no display: run the tests under xvfb-run") }
      MainQueueBridge.install()
      initialized = true
    }
  }

  /// Shows `model` in a GtkListView (no selection) inside a scrolled window
  /// of a `width` x `height` window; returns the window and the list view.
  static func presentList<Element, Row>(
    _ model: ListModel<Element>, _ factory: ListFactory<Row>, width: Int32 = 300,
    height: Int32 = 400
  ) -> (window: UnsafeMutablePointer<GtkWidget>, list: UnsafeMutablePointer<GtkWidget>) {
    presentList(model: model.object, factory, width: width, height: height)
  }

  /// Shows the `GListModel` `object` the same way.
  static func presentList<Row>(
    model object: ObjectRef, _ factory: ListFactory<Row>, width: Int32 = 300, height: Int32 = 400
  ) -> (window: UnsafeMutablePointer<GtkWidget>, list: UnsafeMutablePointer<GtkWidget>) {
    let list = gtk_list_view_new(
      gtk_no_selection_new(OpaquePointer(g_object_ref(object.pointer))),
      OpaquePointer(g_object_ref(factory.object.pointer)))!
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
    let window = gtk_window_new()!
    // No title bar: under Wayland (no server-side decorations) GTK would
    // draw one inside the window and take its height from the list.
    gtk_window_set_decorated(cgtk_window(window), 0)
    gtk_window_set_default_size(cgtk_window(window), width, height)
    gtk_window_set_child(cgtk_window(window), scroller)
    gtk_window_present(cgtk_window(window))
    return (window, list)
  }

  /// Runs the main loop until `widget`'s frame clock has painted a frame that began after this
  /// call, so that what was queued before it (a scroll, a layout, binds) has been applied,
  /// however slow the machine; whether it did.
  @discardableResult
  static func waitForFrame(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    let clock = gtk_widget_get_frame_clock(widget)
    let before = gdk_frame_clock_get_frame_counter(clock)
    gtk_widget_queue_draw(widget)
    return MainContext.run(until: { gdk_frame_clock_get_frame_counter(clock) > before })
  }

  /// Destroys `window` and lets GTK finalize what it held, so a list's
  /// handlers go with the test that made it.
  static func close(_ window: UnsafeMutablePointer<GtkWidget>) {
    gtk_window_destroy(cgtk_window(window))
    MainContext.run(for: .milliseconds(100))
  }
}
