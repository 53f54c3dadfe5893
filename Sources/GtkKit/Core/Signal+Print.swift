import CGtk

// GtkPrintOperation's signals; see ``Signal``.

extension Signal where Handler == @MainActor (_ context: OpaquePointer, _ page: Int32) -> Void {

  /// GtkPrintOperation's "draw-page":
  /// `void (*)(self, GtkPrintContext *context, gint page_nr, gpointer)`.
  public static var drawPage: Self {
    let thunk: @convention(c) (gpointer?, OpaquePointer?, gint, gpointer?) -> Void = {
      _, context, page, data in
      // Passed as an address: a pointer is not `Sendable`, and GTK calls
      // this on the main thread.
      guard let address = context.map({ UInt(bitPattern: $0) }) else { return }
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler(OpaquePointer(bitPattern: address)!, page) }
    }
    return Signal("draw-page", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}

extension Signal where Handler == @MainActor (_ result: GtkPrintOperationResult) -> Void {

  /// GtkPrintOperation's "done":
  /// `void (*)(self, GtkPrintOperationResult result, gpointer)`.
  public static var printDone: Self {
    let thunk: @convention(c) (gpointer?, GtkPrintOperationResult, gpointer?) -> Void = {
      _, result, data in
      let box = ClosureBox<Handler>.from(data)
      MainActor.assumeIsolated { box.handler(result) }
    }
    return Signal("done", thunk: unsafeBitCast(thunk, to: GCallback.self))
  }
}
