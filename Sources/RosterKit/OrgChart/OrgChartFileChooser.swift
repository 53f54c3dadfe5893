import CGtk
import FoundationEssentials
import GtkKit
import SharedSupport

/// The file chooser of "Export Org Chart…": where to, and as PDF, SVG or
/// PNG (the filter chosen, unless the name's extension says). It keeps
/// itself until it is answered.
///
/// Threading: main-actor only.
@MainActor
enum OrgChartFileChooser {
  /// The formats offered, the first the default.
  static let formats: [(name: String, pattern: String, format: OrgChartFormat)] = [
    (tr("PDF (print, share)"), "*.pdf", .pdf),
    (tr("SVG (web, editors)"), "*.svg", .svg),
    (tr("PNG (picture)"), "*.png", .png),
  ]

  /// Asks over `parent` where to write a chart named `name`; `chosen` hears
  /// the file and its format unless the user cancels.
  static func ask(
    over parent: Widget, name: String,
    chosen: @escaping @MainActor (URL, OrgChartFormat) -> Void
  ) {
    let chooser = ObjectRef(
      gtk_file_chooser_native_new(
        tr("Export Org Chart"), cgtk_window(parent), GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Export"),
        tr("_Cancel"))!, adopt: true)
    let dialog = chooser.opaque
    gtk_file_chooser_set_current_name(gtkObject(dialog), name + ".pdf")
    for (title, pattern, _) in formats {
      ObjectSlot.withAdopted(gtk_file_filter_new()!) { filter in
        gtk_file_filter_set_name(filter, title)
        gtk_file_filter_add_pattern(filter, pattern)
        gtk_file_chooser_add_filter(gtkObject(dialog), filter)
      }
    }
    Signals.connect(chooser.pointer, .response) { response in
      withExtendedLifetime(chooser) {
        guard response == GTK_RESPONSE_ACCEPT.rawValue,
          let file = gtk_file_chooser_get_file(gtkObject(dialog))
        else { return }
        var path: String?
        ObjectSlot.withAdopted(file) { file in
          guard let chosen = g_file_get_path(file) else { return }
          path = String(cString: chosen)
          g_free(chosen)
        }
        guard let path else { return }
        let url = URL(fileURLWithPath: path)
        if let format = OrgChartFormat(fileExtension: url) { return chosen(url, format) }
        let filter = chosenFormat(dialog)
        chosen(url.appendingPathExtension(filter.rawValue), filter)
      }
    }
    gtk_native_dialog_show(cgtk_native_dialog(gobject(dialog)))
  }

  /// The format of the filter chosen (PDF when none is).
  private static func chosenFormat(_ dialog: OpaquePointer) -> OrgChartFormat {
    guard let chosen = gtk_file_chooser_get_filter(gtkObject(dialog)),
      let name = gtk_file_filter_get_name(chosen)
    else { return .pdf }
    let title = String(cString: name)
    return formats.first { $0.name == title }?.format ?? .pdf
  }
}
