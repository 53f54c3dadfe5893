import CGtk
import Directory
import GtkKit

/// The loaded people as the page's views show them: the person at a
/// position, the org tree given everyone when it shows, the person kept in
/// view across a switch of view, and what an export writes.
extension LoadedReader {
  func willShow(_ mode: ViewMode) {
    guard mode == .tree, let people = contents?.viewModels, orgTree.source.table !== people
    else { return }
    orgTree.source.show(people)
  }

  func shows(_ mode: ViewMode, keeping anchor: Int) {
    guard anchor < model.count else { return }
    gtk_widget_activate_action_variant(
      shownView, "list.scroll-to-item", g_variant_new_uint32(guint(anchor)))
  }

  package func person(at position: Int) -> UserViewModel? {
    guard position >= 0, position < model.count else { return nil }
    return model[position].viewModel
  }

  /// A users.json entry has no more to say than its row.
  package func attributes(of identity: String) async -> [DirectoryAttribute]? { nil }

  package var exportSource: ExportSource? {
    guard let contents else { return nil }
    return .table(contents.viewModels, rows: model.elements, base: contents.source.baseURL)
  }

  /// A users.json's table is remembered under its path or URL.
  package var tableSettingsKey: String? {
    guard case .success(let source) = source else { return nil }
    return source.description
  }
}
