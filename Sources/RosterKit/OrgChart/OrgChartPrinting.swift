import CGtk
import Directory
import GtkKit

/// An org chart printed through GTK's print dialog (or written to a PDF by
/// the same path, as tests and "Print to File" do): one page, the chart
/// scaled down to fit it, drawn by ``OrgChartDrawing``. The operation keeps
/// itself until GTK says it is done.
///
/// Threading: main-actor only; GTK draws the page on the main thread.
@MainActor
enum OrgChartPrinting {
  /// Prints `content` over `parent`: the print dialog, or straight to the
  /// PDF at `file` when given. `done` hears whether it was printed.
  static func print(
    _ content: OrgChartContent, name: String, over parent: Widget, toFile file: String? = nil,
    done: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    let op = gtk_print_operation_new()!
    let operation = ObjectRef(op, adopt: true)
    gtk_print_operation_set_n_pages(op, 1)
    gtk_print_operation_set_job_name(op, name)
    gtk_print_operation_set_embed_page_setup(op, 1)
    Signals.connect(operation.pointer, .drawPage) { context, _ in
      let cr = gtk_print_context_get_cairo_context(context)!
      let scale = min(
        1, gtk_print_context_get_width(context) / content.layout.width,
        gtk_print_context_get_height(context) / content.layout.height)
      cairo_scale(cr, scale, scale)
      OrgChartDrawing.draw(content, on: cr)
    }
    Signals.connect(operation.pointer, .printDone) { result in
      // The operation lives until here.
      withExtendedLifetime(operation) { done(result == GTK_PRINT_OPERATION_RESULT_APPLY) }
    }
    var error: UnsafeMutablePointer<GError>?
    let result: GtkPrintOperationResult
    if let file {
      gtk_print_operation_set_export_filename(op, file)
      result = gtk_print_operation_run(
        op, GTK_PRINT_OPERATION_ACTION_EXPORT, cgtk_window(parent), &error)
    } else {
      gtk_print_operation_set_allow_async(op, 1)
      result = gtk_print_operation_run(
        op, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, cgtk_window(parent), &error)
    }
    if let error { g_error_free(error) }
    if result == GTK_PRINT_OPERATION_RESULT_ERROR { done(false) }
  }
}
