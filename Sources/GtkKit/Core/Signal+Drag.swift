import CGtk

extension Signal
where Handler == @MainActor (_ x: Double, _ y: Double) -> UnsafeMutableRawPointer? {

  /// GtkDragSource's "prepare": `GdkContentProvider *(*)(self, double x,
  /// double y, gpointer)`; the handler returns a new reference to the
  /// content to drag (transfer full), or nil for no drag.
  public static var dragPrepare: Self {
    let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gpointer? = {
      _, x, y, data in
      let box = ClosureBox<Handler>.from(data)
      // The pointer leaves the main actor only to go back to GTK on this thread.
      let address = MainActor.assumeIsolated { box.handler(x, y).map { UInt(bitPattern: $0) } }
      return address.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
    }
    return Signal("prepare", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

extension Signal where Handler == @MainActor (_ value: UnsafePointer<GValue>) -> Bool {

  /// GtkDropTarget's "drop": `gboolean (*)(self, const GValue *value,
  /// double x, double y, gpointer)`; the handler returns whether it took
  /// the value dropped.
  public static var drop: Self {
    let thunk:
      @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) ->
        gboolean = { _, value, _, _, data in
          guard let value else { return 0 }
          let box = ClosureBox<Handler>.from(data)
          // The pointer crosses to the main actor on this thread, as an address.
          let address = UInt(bitPattern: value)
          return MainActor.assumeIsolated {
            box.handler(UnsafePointer<GValue>(bitPattern: address)!)
          } ? 1 : 0
        }
    return Signal("drop", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}
