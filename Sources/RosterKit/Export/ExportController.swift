import CGtk
import Directory
import FoundationEssentials
import GtkKit
import SharedSupport

/// "Export…" (Ctrl+E, the main menu): the people shown — their group or
/// a manager's reports, search, filter and order — or just the selected
/// of them (a choice in the chooser when two or more are selected),
/// written to a file chosen in the file chooser (the desktop portal's when
/// there is one), as CSV, vCard, LDIF or users.json by the name's
/// extension. The export runs off the main thread with the ``ExportBar``
/// under the people (count, total, time left, Cancel); the file appears
/// complete or not at all. Created with the window, whose page it exports.
///
/// Threading: main-actor only.
@MainActor
final class ExportController {
  /// The window whose people are exported.
  private unowned let window: MainWindow
  /// The bar under the people while an export runs.
  let bar: ExportBar
  /// The export running, if any.
  private var exporting: (task: Task<Void, Never>, destination: URL)?
  /// The file chooser asking where to, while it shows.
  private var chooser: ObjectRef?

  /// The exports of `window`'s people, their progress in `bar`; nothing
  /// runs yet.
  init(window: MainWindow, bar: ExportBar) {
    self.window = window
    self.bar = bar
    bar.onCancel = { [weak self] in self?.cancel() }
  }

  /// The file formats by the extensions the chooser offers, the first the default.
  static let exportFormats: [(name: String, pattern: String, format: PersonExportFormat)] = [
    (tr("CSV (spreadsheets)"), "*.csv", .csv),
    (tr("vCard (contacts)"), "*.vcf", .vcard),
    (tr("LDIF (directories)"), "*.ldif", .ldif),
    (tr("JSON (Roster’s users.json)"), "*.json", .json),
  ]

  /// Whether an export is running.
  var isExporting: Bool { exporting != nil }

  /// Asks where to export the people shown, then exports them there.
  func chooseFile() {
    guard exporting == nil, chooser == nil, window.page.people.exportSource != nil else { return }
    let chooser = gtk_file_chooser_native_new(
      tr("Export People"), cgtk_window(window.window), GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Export"),
      tr("_Cancel"))!
    self.chooser = ObjectRef(chooser, adopt: true)
    gtk_file_chooser_set_current_name(gtkObject(chooser), "people.csv")
    let selected = window.page.views.viewMode == .tree ? 0 : window.page.views.selection.count
    if selected > 1 {
      // Who: the selected (the default) or everyone shown.
      let labels = [
        String(filling: tr("The %@ selected"), NumberText.grouped(selected)),
        String(filling: tr("Everyone shown (%@)"), NumberText.grouped(window.page.people.count)),
      ]
      Self.withCStrings(["selected", "shown"]) { options in
        Self.withCStrings(labels) { labels in
          gtk_file_chooser_add_choice(
            gtkObject(chooser), Self.exportWhoChoice, tr("Export"), options, labels)
        }
      }
      gtk_file_chooser_set_choice(gtkObject(chooser), Self.exportWhoChoice, "selected")
    }
    for (name, pattern, _) in Self.exportFormats {
      ObjectSlot.withAdopted(gtk_file_filter_new()!) { filter in
        gtk_file_filter_set_name(filter, name)
        gtk_file_filter_add_pattern(filter, pattern)
        gtk_file_chooser_add_filter(gtkObject(chooser), filter)
      }
    }
    Signals.connect(gobject(chooser), .response) { [weak self] response in
      guard let self else { return }
      var path: String?
      if response == GTK_RESPONSE_ACCEPT.rawValue,
        let file = gtk_file_chooser_get_file(gtkObject(chooser))
      {
        ObjectSlot.withAdopted(file) { file in
          guard let chosen = g_file_get_path(file) else { return }
          path = String(cString: chosen)
          g_free(chosen)
        }
      }
      let filter = self.chosenFormat(chooser)
      let onlySelected =
        selected > 1
        && gtk_file_chooser_get_choice(gtkObject(chooser), Self.exportWhoChoice).map {
          String(cString: $0) == "selected"
        } == true
      self.chooser = nil
      guard let path else { return }
      let url = URL(fileURLWithPath: path)
      // A name without a known extension takes the chosen filter's.
      if let format = PersonExportFormat(fileExtension: url.pathExtension) {
        self.export(to: url, as: format, onlySelected: onlySelected)
      } else {
        self.export(
          to: url.appendingPathExtension(filter.fileExtension), as: filter,
          onlySelected: onlySelected)
      }
    }
    gtk_native_dialog_show(cgtk_native_dialog(gobject(chooser)))
  }

  /// The format of the filter chosen in `chooser` (CSV when none is).
  private func chosenFormat(_ chooser: OpaquePointer) -> PersonExportFormat {
    guard let chosen = gtk_file_chooser_get_filter(gtkObject(chooser)),
      let name = gtk_file_filter_get_name(chosen)
    else { return .csv }
    let title = String(cString: name)
    return Self.exportFormats.first { $0.name == title }?.format ?? .csv
  }

  /// The chooser's choice of who is exported.
  private static let exportWhoChoice = "people"

  /// Runs `body` with `strings` as a NULL-terminated C array.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
  ) -> Result {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    var array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
  }

  /// Exports the people shown (only the selected when `onlySelected`) to
  /// `destination` as `format`, off the main thread, the bar telling how
  /// far it came; false when there is nothing to export or an export runs.
  @discardableResult
  func export(
    to destination: URL, as format: PersonExportFormat, onlySelected: Bool = false
  ) -> Bool {
    guard exporting == nil, var source = window.page.people.exportSource else { return false }
    if onlySelected {
      guard window.page.views.selection.count > 0 else { return false }
      source = source.only(window.page.views.selection.ranges.ranges)
    }
    let export = PersonExport(format: format)
    let name = destination.lastPathComponent
    let bar = bar
    bar.show(ExportProgress(done: 0, total: source.count, elapsed: .zero), to: name)
    let run = Task.detached(priority: .userInitiated) {
      try await source.write(export, to: destination) { progress in
        Task { @MainActor in
          // A late report of a finished export does not bring the bar back.
          if bar.isShown { bar.show(progress, to: name) }
        }
      }
    }
    let task = Task { @MainActor [weak self] in
      let result = await withTaskCancellationHandler {
        await run.result
      } onCancel: {
        run.cancel()
      }
      self?.exportEnded(result, name: name)
    }
    exporting = (task, destination)
    return true
  }

  /// Stops the export running: nothing is written.
  func cancel() {
    exporting?.task.cancel()
  }

  private func exportEnded(_ result: Result<ExportProgress, any Error>, name: String) {
    exporting = nil
    bar.hide()
    switch result {
    case .success(let progress):
      window.showToast(
        String(
          filling: trn(
            "Exported %1$@ person to %2$@", "Exported %1$@ people to %2$@", progress.done),
          NumberText.grouped(progress.done), DisplayText.of(name)))
    case .failure(let error) where error is CancellationError:
      window.showToast(
        String(filling: tr("Export to %@ cancelled; nothing was written"), DisplayText.of(name)))
    case .failure(let error):
      window.showToast(
        String(
          filling: tr("Can't export to %1$@: %2$@"), DisplayText.of(name),
          (error as? LocalizedError)?.errorDescription ?? String(describing: error)))
    }
  }
}

extension PersonExportFormat {
  /// The format a file's extension names (csv, vcf or vcard, ldif, json).
  init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "csv": self = .csv
    case "vcf", "vcard": self = .vcard
    case "ldif": self = .ldif
    case "json": self = .json
    default: return nil
    }
  }
}
