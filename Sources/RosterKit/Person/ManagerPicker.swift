import CGtk
import Directory
import GtkKit
import SharedSupport

/// The button beside the manager's entry on the person page's form: a
/// popover with a search field that searches the directory as the window's
/// search does (``Directory/RangedDirectory/searching(_:)``, off the main
/// thread) and lists the first people found; a click on one puts their
/// username in the entry.
///
/// Threading: main-actor only; the directory is searched off the main thread.
@MainActor
final class ManagerPicker {
  /// The most people a search lists.
  static let shownLimit = 8

  /// The button that opens the popover.
  let button: Widget
  let searchEntry: Widget
  private let popover: Widget
  private let results: Widget
  private let status: Widget
  /// The directory searched (the editor's), nil while no one is edited.
  var directory: (any RangedDirectory)?
  /// A person was chosen: their username.
  var onChoose: (@MainActor (String) -> Void)?
  /// The people listed now, in order.
  private(set) var found: [DirectoryEntry] = []
  /// The search running, if any.
  private var searching: Task<Void, Never>?
  /// Bumped by every search: an older result is not shown.
  private var generation = 0

  init() {
    button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(gtkObject(button), "edit-find-symbolic")
    gtk_widget_set_tooltip_text(button, tr("Choose Manager"))
    RowAccessibility.setLabel(button, tr("Choose Manager"))
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    searchEntry = gtk_search_entry_new()!
    Gtk.setProperty(searchEntry, "placeholder-text", tr("Search by name or username"))
    status = Gtk.label(classes: ["dim-label"])
    results = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    let content = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    gtk_widget_set_size_request(content, 280, -1)
    Gtk.append(content, searchEntry, status, results)
    popover = gtk_popover_new()!
    gtk_popover_set_child(cgtk_popover(popover), content)
    gtk_menu_button_set_popover(gtkObject(button), popover)
    Signals.connect(gobject(searchEntry), .searchChanged) { [weak self] in
      guard let self else { return }
      self.search(String(cString: gtk_editable_get_text(gtkObject(self.searchEntry))))
    }
  }

  /// Drops the widgets' references on the main thread.
  isolated deinit {}

  /// Lists the first people whose name or username holds `text`, found off
  /// the main thread ("" lists no one).
  func search(_ text: String) {
    searching?.cancel()
    generation += 1
    let generation = generation
    guard !text.isEmpty, let directory else { return show([], text: "") }
    Gtk.setText(status, tr("Searching…"))
    Gtk.setVisible(status, true)
    searching = Task { @MainActor [weak self] in
      let found = await Self.people(matching: text, in: directory)
      guard let self, self.generation == generation, !Task.isCancelled else { return }
      switch found {
      case .success(let people): self.show(people, text: text)
      case .failure(let error):
        self.show([], text: "")
        Gtk.setText(self.status, String(filling: tr("Can't search: %@"), error.sentence))
        Gtk.setVisible(self.status, true)
      }
    }
  }

  /// Puts the username of the `index`th person listed in the entry.
  func choose(_ index: Int) {
    guard found.indices.contains(index) else { return }
    onChoose?(found[index].username)
    gtk_popover_popdown(cgtk_popover(popover))
  }

  /// What the line above the people says ("" when it is hidden).
  var statusText: String {
    gtk_widget_get_visible(status) == 0
      ? "" : String(cString: gtk_label_get_text(gtkObject(status)))
  }

  private func show(_ people: [DirectoryEntry], text: String) {
    found = people
    while let child = gtk_widget_get_first_child(results) {
      gtk_box_remove(cgtk_box(results), child)
    }
    for (index, person) in people.enumerated() {
      let name = DisplayText.of(person.displayName.isEmpty ? person.username : person.displayName)
      let label = Gtk.label(
        person.displayName.isEmpty ? name : "\(name) (\(DisplayText.of(person.username)))")
      gtk_label_set_xalign(gtkObject(label), 0)
      gtk_label_set_ellipsize(gtkObject(label), PANGO_ELLIPSIZE_END)
      let row = gtk_button_new()!
      gtk_widget_add_css_class(row, "flat")
      gtk_button_set_child(cgtk_button(row), label)
      Signals.connect(gobject(row), .clicked) { [weak self] in self?.choose(index) }
      Gtk.append(results, row)
    }
    let nobody = people.isEmpty && !text.isEmpty
    Gtk.setText(status, nobody ? tr("No one found") : "")
    Gtk.setVisible(status, nobody)
  }

  /// The first ``shownLimit`` people of `directory` searched for `text`,
  /// or why the server could not say.
  nonisolated private static func people(
    matching text: String, in directory: any RangedDirectory
  ) async -> Result<[DirectoryEntry], DirectoryError> {
    do throws(DirectoryError) {
      return .success(try await directory.searching(text).rows(0..<shownLimit).entries)
    } catch {
      return .failure(error)
    }
  }
}
