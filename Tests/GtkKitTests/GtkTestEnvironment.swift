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

  /// Destroys `window` and runs what that left pending (GTK's idle work, which may hold the
  /// last references to its widgets) until no source is ready, so a list's handlers go with the
  /// test that made it. A window the test itself still holds (a pacing tick of a factory the
  /// test keeps) goes when the test lets it go.
  static func close(
    _ window: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line
  ) {
    gtk_window_destroy(cgtk_window(window))
    XCTAssertTrue(
      MainContext.run(until: { g_main_context_pending(nil) == 0 }, timeout: .seconds(20)),
      "the main loop always had work ready", file: file, line: line)
  }

  /// Destroys `window`, which nothing but GTK holds, and runs the main loop until GTK has freed
  /// it, and with it every widget, row and item it held.
  static func destroyAndWaitUntilFreed(
    _ window: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line
  ) {
    // GObject clears this when the window is freed.
    let alive = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
    alive.initialize(to: UnsafeMutableRawPointer(window))
    let object = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GObject.self)
    g_object_add_weak_pointer(object, alive)
    defer {
      if alive.pointee != nil { g_object_remove_weak_pointer(object, alive) }
      alive.deallocate()
    }
    gtk_window_destroy(cgtk_window(window))
    XCTAssertTrue(
      MainContext.run(until: { alive.pointee == nil }, timeout: .seconds(20)),
      "the window was not freed", file: file, line: line)
  }
}
