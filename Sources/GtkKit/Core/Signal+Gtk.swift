import CGtk

// GTK's, GDK's and GIO's signals without numeric arguments; see ``Signal``
// (GObjectKit) for how a descriptor ties a signal to its handlers' type.

// MARK: - void (*)(GObject *self, gpointer user_data)

extension Signal where Handler == @MainActor () -> Void {

  /// GtkButton's "clicked".
  public static var clicked: Self { plain("clicked") }
  /// GtkCheckButton's and GtkToggleButton's "toggled".
  public static var toggled: Self { plain("toggled") }
  /// GtkEntry's and GApplication's "activate" (no arguments).
  public static var activate: Self { plain("activate") }
  /// GApplication's "startup".
  public static var startup: Self { plain("startup") }
  /// GtkWidget's "destroy".
  public static var destroy: Self { plain("destroy") }
  /// GtkWidget's "realize".
  public static var realize: Self { plain("realize") }
  /// GtkWidget's "unrealize".
  public static var unrealize: Self { plain("unrealize") }
  /// GtkWidget's "map" (about to show: it and its ancestors are visible).
  public static var map: Self { plain("map") }
  /// GtkWidget's "unmap" (no longer shows).
  public static var unmap: Self { plain("unmap") }
  /// GdkFrameClock's "before-paint".
  public static var beforePaint: Self { plain("before-paint") }
  /// GdkFrameClock's "layout".
  public static var layout: Self { plain("layout") }
  /// GdkFrameClock's "after-paint".
  public static var afterPaint: Self { plain("after-paint") }
  /// GtkSearchEntry's "search-changed".
  public static var searchChanged: Self { plain("search-changed") }
  /// GtkAdjustment's "value-changed".
  public static var valueChanged: Self { plain("value-changed") }
  /// GtkAdjustment's "changed" (bounds or page size).
  public static var changed: Self { plain("changed") }
  /// AdwToast's "button-clicked" (libadwaita 1.2).
  public static var buttonClicked: Self { plain("button-clicked") }
}

// MARK: - gboolean (*)(GObject *self, gpointer user_data)

extension Signal where Handler == @MainActor () -> Bool {

  /// GtkWindow's "close-request"; the handler returns true to keep the window open.
  public static var closeRequest: Self {
    let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
      let box = ClosureBox<Handler>.from(data)
      return MainActor.assumeIsolated { box.handler() } ? 1 : 0
    }
    return Signal("close-request", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

// MARK: - void (*)(GObject *self, <pointer> argument, gpointer user_data)

extension Signal where Handler == @MainActor (_ item: UnsafeMutableRawPointer) -> Void {

  /// A GtkSignalListItemFactory signal: `void (*)(self, GtkListItem *item, gpointer)`.
  static func listItem(_ name: String) -> Self {
    let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, item, data in
      guard let item else { return }
      let box = ClosureBox<Handler>.from(data)
      let argument = UncheckedSendable(item)
      MainActor.assumeIsolated { box.handler(argument.value) }
    }
    return Signal(name, thunk: unsafeBitCast(thunk, to: GCallback.self))
  }

  /// GtkSignalListItemFactory's "setup" (the GtkListItem).
  public static var setup: Self { listItem("setup") }
  /// GtkSignalListItemFactory's "bind" (the GtkListItem).
  public static var bind: Self { listItem("bind") }
  /// GtkSignalListItemFactory's "unbind" (the GtkListItem).
  public static var unbind: Self { listItem("unbind") }
  /// GtkSignalListItemFactory's "teardown" (the GtkListItem).
  public static var teardown: Self { listItem("teardown") }
}

extension Signal where Handler == @MainActor (_ variant: OpaquePointer?) -> Void {

  /// A GSimpleAction signal: `void (*)(GSimpleAction *self, GVariant *v, gpointer)`.
  static func variant(_ name: String) -> Self {
    let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, variant, data in
      let box = ClosureBox<Handler>.from(data)
      let argument = UncheckedSendable(variant)
      MainActor.assumeIsolated { box.handler(argument.value) }
    }
    return Signal(name, thunk: unsafeBitCast(thunk, to: GCallback.self))
  }

  /// GSimpleAction's "activate" (its parameter, nil for an action without one).
  public static var actionActivate: Self { variant("activate") }
  /// GSimpleAction's "change-state" (the requested state).
  public static var changeState: Self { variant("change-state") }
}

// MARK: - void (*)(GObject *self, const char *text, gpointer user_data)

extension Signal where Handler == @MainActor (_ text: String) -> Void {

  /// AdwMessageDialog's "response" (libadwaita 1.2): the id of the
  /// response chosen (GtkNativeDialog's, an int, is ``response``).
  public static var messageResponse: Self {
    let thunk: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void = {
      _, text, data in
      let box = ClosureBox<Handler>.from(data)
      let value = text.map { String(cString: $0) } ?? ""
      MainActor.assumeIsolated { box.handler(value) }
    }
    return Signal("response", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}
