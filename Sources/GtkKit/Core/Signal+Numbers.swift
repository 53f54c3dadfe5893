import CGtk

// Signals whose arguments are numbers; see ``Signal``.

extension Signal where Handler == @MainActor (_ position: UInt32) -> Void {

  /// GtkListView's and GtkGridView's "activate":
  /// `void (*)(self, guint position, gpointer)`.
  public static var activateItem: Self {
    let thunk: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler(position) }
    }
    return Signal("activate", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

extension Signal where Handler == @MainActor (_ previous: GtkTextDirection) -> Void {

  /// GtkWidget's "direction-changed":
  /// `void (*)(self, GtkTextDirection previous_direction, gpointer)`.
  public static var directionChanged: Self {
    let thunk: @convention(c) (gpointer?, GtkTextDirection, gpointer?) -> Void = {
      _, previous, data in
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler(previous) }
    }
    return Signal("direction-changed", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

extension Signal where Handler == @MainActor (_ responseID: Int32) -> Void {

  /// GtkNativeDialog's "response": `void (*)(self, gint response_id, gpointer)`.
  public static var response: Self {
    let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, response, data in
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler(response) }
    }
    return Signal("response", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

extension Signal
where
  Handler == @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ state: GdkModifierType) -> Bool
{

  /// GtkEventControllerKey's "key-pressed":
  /// `gboolean (*)(self, guint keyval, guint keycode, GdkModifierType state, gpointer)`;
  /// the handler returns whether it handled the key.
  public static var keyPressed: Self {
    let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
      _, keyval, keycode, state, data in
      let box = ClosureBox<Handler>.from(data)
      return MainActor.assumeIsolated { box.handler(keyval, keycode, state) } ? 1 : 0
    }
    return Signal("key-pressed", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

extension Signal where Handler == @MainActor (_ x: Double, _ y: Double) -> Void {

  /// A GtkGestureDrag signal: `void (*)(self, gdouble x, gdouble y, gpointer)`.
  static func drag(_ name: String) -> Self {
    let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler(x, y) }
    }
    return Signal(name, thunk: unsafeBitCast(thunk, to: GCallback.self))
  }

  /// GtkGestureDrag's "drag-begin" (the start point).
  public static var dragBegin: Self { drag("drag-begin") }
  /// GtkGestureDrag's "drag-update" (the offset from the start).
  public static var dragUpdate: Self { drag("drag-update") }
  /// GtkGestureDrag's "drag-end" (the final offset).
  public static var dragEnd: Self { drag("drag-end") }
  /// GtkEventControllerMotion's "motion" (the pointer's position), of the
  /// same shape.
  public static var motion: Self { drag("motion") }
}

extension Signal where Handler == @MainActor (_ dx: Double, _ dy: Double) -> Bool {

  /// GtkEventControllerScroll's "scroll": `gboolean (*)(self, gdouble dx, gdouble dy,
  /// gpointer)`; the handler returns whether it handled the event (true stops it).
  public static var scroll: Self {
    let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = {
      _, dx, dy, data in
      let box = ClosureBox<Handler>.from(data)
      return MainActor.assumeIsolated { box.handler(dx, dy) } ? 1 : 0
    }
    return Signal("scroll", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

extension Signal
where Handler == @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void {

  /// GListModel's "items-changed": `void (*)(self, guint position, guint removed,
  /// guint added, gpointer)`.
  public static var itemsChanged: Self {
    let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
      _, position, removed, added, data in
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler(position, removed, added) }
    }
    return Signal("items-changed", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

extension Signal
where
  Handler == (_ loader: UnsafeMutablePointer<GdkPixbufLoader>, _ width: Int32, _ height: Int32) ->
    Void
{

  /// GdkPixbufLoader's "size-prepared": `void (*)(GdkPixbufLoader *self, gint width,
  /// gint height, gpointer)`. Emitted on the thread that writes to the loader, so the
  /// handler is not main-actor and its box is not counted.
  public static var sizePrepared: Self {
    let thunk:
      @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, gint, gint, gpointer?) -> Void = {
        loader, width, height, data in
        guard let loader else { return }
        ClosureBox<Handler>.from(data).handler(loader, width, height)
      }
    return Signal("size-prepared", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

extension Signal where Handler == @MainActor (_ presses: Int32, _ x: Double, _ y: Double) -> Void {

  /// GtkGestureClick's "pressed":
  /// `void (*)(self, gint n_press, gdouble x, gdouble y, gpointer)`.
  public static var pressed: Self {
    let thunk: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = {
      _, presses, x, y, data in
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler(presses, x, y) }
    }
    return Signal("pressed", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}
