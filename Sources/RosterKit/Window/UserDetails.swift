import CGtk
import Directory
import GtkKit
import PreparedImages
import SharedSupport

/// The details panel (Enter or double-click on a person): a 128 px avatar
/// through the same pipeline, drawn by the same ``PersonView`` as rows and
/// cells, the name, the title (else the role) and the person's details, in
/// a small modal window that Escape closes. One panel is built and re-bound.
///
/// Threading: main-actor only.
@MainActor
final class UserDetails {
  /// The avatar's drawn size in points.
  static let avatarSize: Int32 = PersonShape.details.avatarSize

  let window: Widget
  /// The reference that keeps the window (sunk from its floating one).
  private let root: ObjectRef
  let avatar: PersonView
  private let name: Widget
  private let role: Widget
  /// The person's details under the title; a server entry's attributes
  /// replace them once read.
  let attributes = EntryAttributesView()
  /// The identity shown, if any.
  private(set) var identity: String?

  init(parent: Widget, avatars: AvatarService?, instrumentation: RowInstrumentation) {
    window = AdwChrome.window(application: nil)
    gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
    gtk_window_set_modal(cgtk_window(window), 1)
    gtk_window_set_hide_on_close(cgtk_window(window), 1)
    gtk_window_set_resizable(cgtk_window(window), 0)
    gtk_window_set_title(cgtk_window(window), tr("Person"))
    avatar = PersonView(shape: .details, avatars: avatars, instrumentation: instrumentation)
    gtk_widget_set_halign(avatar.widget, GTK_ALIGN_CENTER)
    name = Gtk.label(classes: ["username"])
    role = Gtk.label(classes: ["role", "dim-label"])
    gtk_label_set_selectable(gtkObject(name), 1)
    // The panel sizes itself to its content (it is not resizable): a long
    // name wraps within a bounded width instead of widening it.
    gtk_label_set_wrap(gtkObject(name), 1)
    gtk_label_set_wrap_mode(gtkObject(name), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_max_width_chars(gtkObject(name), 32)
    gtk_label_set_justify(gtkObject(name), GTK_JUSTIFY_CENTER)
    let box = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["user-details"])
    Gtk.append(box, avatar.widget, name, role, attributes.widget)
    AdwChrome.setContent(
      of: window, header: AdwChrome.headerBar(title: tr("Person")), body: box)
    root = ObjectRef(window)

    let keys = gtk_event_controller_key_new()!
    Signals.connect(gobject(keys), .keyPressed) { [weak self] keyval, _, _ in
      guard keyval == UInt32(GDK_KEY_Escape) else { return false }
      self?.close()
      return true
    }
    gtk_widget_add_controller(window, keys)
  }

  isolated deinit {
    // The window's last reference (``root``) goes after it is destroyed.
    gtk_window_destroy(cgtk_window(window))
  }

  /// Whether the panel is on screen.
  var isOpen: Bool { gtk_widget_get_visible(window) != 0 }

  /// The username shown.
  var shownName: String { String(cString: gtk_label_get_text(gtkObject(name))) }

  /// Shows `model` and presents the panel.
  func show(_ model: UserViewModel) {
    identity = model.identity
    attributes.clear()
    Gtk.setText(name, model.displayName)
    Gtk.setText(role, model.subtitle)
    attributes.show(Self.detailLines(model))
    gtk_window_set_title(cgtk_window(window), model.displayName)
    RowAccessibility.setLabel(window, model.accessibleText)
    avatar.bind(model, avatarPriority: .opened)
    gtk_window_present(cgtk_window(window))
  }

  /// The details a person has, labelled, in the order of ``DetailField``
  /// (the display name and title show above them; the manager by name).
  nonisolated static func detailLines(_ model: UserViewModel) -> [DirectoryAttribute] {
    var lines: [DirectoryAttribute] = []
    for field in DetailField.allCases where field != .displayName && field != .title {
      let value =
        field == .manager ? model.managerName ?? model.details.manager : model.details[field]
      guard let value, !value.isEmpty else { continue }
      lines.append(DirectoryAttribute(name: field.label, values: [value]))
    }
    if model.details.title?.isEmpty == false {
      lines.append(DirectoryAttribute(name: tr("Role"), values: [model.roleText]))
    }
    return lines
  }

  /// Hides the panel and lets the avatar go.
  func close() {
    avatar.unbind()
    identity = nil
    gtk_widget_set_visible(window, 0)
  }
}
