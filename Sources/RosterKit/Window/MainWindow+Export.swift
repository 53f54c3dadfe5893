import Directory
import FoundationEssentials

/// Export, as the window's actions and the tests reach it (``ExportController``).
extension MainWindow {
  /// Whether an export is running.
  public var isExporting: Bool { exporter.isExporting }

  /// The bar under the people while an export runs.
  var exportBar: ExportBar { exporter.bar }

  /// Exports the people shown (only the selected when `onlySelected`) to
  /// `destination` as `format`, off the main thread; false when there is
  /// nothing to export or an export runs.
  @discardableResult
  package func export(
    to destination: URL, as format: PersonExportFormat, onlySelected: Bool = false
  ) -> Bool {
    exporter.export(to: destination, as: format, onlySelected: onlySelected)
  }
}
