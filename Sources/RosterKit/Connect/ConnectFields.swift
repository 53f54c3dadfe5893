import CGtk
import GtkKit
import SharedSupport

/// The Connect dialog's fields: a label, an entry and a line for what is
/// wrong with it, for every ``RememberedDirectory/Field`` a kind shows
/// (``fieldOrder``), laid out in a grid, and for a kind that offers several
/// ways of signing in (LDAP), a chooser of the way. Which rows show and
/// what they are called depends on the kind and the way chosen.
///
/// Threading: main-actor only.
@MainActor
final class ConnectFields {
  typealias Field = RememberedDirectory.Field
  let grid: Widget
  private var labels: [Field: Widget] = [:]
  private(set) var entries: [Field: Widget] = [:]
  private var problems: [Field: Widget] = [:]
  /// "Choose…" beside the path of a JSON file.
  let chooseButton: Widget
  /// "Choose…" beside a field that is a file's path (a client
  /// certificate's, its key's).
  let chooseButtons: [Field: Widget]
  /// How to sign in, in the order of the kind's ``DirectoryKind/signIns``.
  let signInChooser: Widget
  private let signInLabel: Widget
  /// The ways the chooser offers now (the shown kind's).
  private var signIns: [DirectoryKind.SignIn] = []
  /// The grid row of the sign-in chooser: before the first field that
  /// belongs to one way of signing in (LDAP's bind DN).
  private static let signInRow: Int32 = {
    let rows = DirectoryKinds.all.flatMap(\.fields)
    let first = fieldOrder.firstIndex { field in
      rows.contains { $0.field == field && $0.signIns != nil }
    }
    return Int32((first ?? fieldOrder.count) * 2)
  }()

  /// Every field of every kind, each once, in the order the kinds list
  /// them, the secret last.
  static let fieldOrder: [Field] = {
    var order: [Field] = []
    for row in DirectoryKinds.all.flatMap(\.fields) where !order.contains(row.field) {
      order.append(row.field)
    }
    return order.filter { $0 != .secret } + [.secret]
  }()
  /// "Keep an offline copy" (an LDAP server's, when it offers Content
  /// Sync), after the fields; on by default.
  let offlineCopySwitch: Widget
  private let offlineCopyLabel: Widget

  init() {
    grid = gtk_grid_new()!
    gtk_grid_set_row_spacing(grid.asGrid, 4)
    gtk_grid_set_column_spacing(grid.asGrid, 12)
    chooseButton = gtk_button_new_with_mnemonic(tr("_Choose…"))!
    var chooseButtons: [Field: Widget] = [:]
    for row in DirectoryKinds.all.flatMap(\.fields) where row.chooserTitle != nil {
      chooseButtons[row.field] = gtk_button_new_with_label(tr("Choose…"))!
    }
    self.chooseButtons = chooseButtons
    signInChooser = gtk_drop_down_new(gtk_string_list_new(nil)!, nil)!
    signInLabel = Gtk.label(tr("Sign in with"), classes: ["dim-label"])
    gtk_label_set_xalign(gtkObject(signInLabel), 1)
    RowAccessibility.setLabel(signInChooser, tr("Sign in with"))
    gtk_grid_attach(grid.asGrid, signInLabel, 0, Self.signInRow, 1, 1)
    gtk_grid_attach(grid.asGrid, signInChooser, 1, Self.signInRow, 1, 1)
    for (index, field) in Self.fieldOrder.enumerated() {
      let label = Gtk.label("", classes: ["dim-label"])
      gtk_label_set_xalign(gtkObject(label), 1)
      let entry = field == .secret ? gtk_password_entry_new()! : gtk_entry_new()!
      if field == .secret { gtk_password_entry_set_show_peek_icon(gtkObject(entry), 1) }
      gtk_widget_set_hexpand(entry, 1)
      let problem = Gtk.label("", classes: ["field-problem", "error"])
      gtk_label_set_xalign(gtkObject(problem), 0)
      gtk_label_set_wrap(gtkObject(problem), 1)
      Gtk.setVisible(problem, false)
      let row = Int32(index * 2) + (Int32(index * 2) >= Self.signInRow ? 2 : 0)
      gtk_grid_attach(grid.asGrid, label, 0, row, 1, 1)
      if let choose = chooseButtons[field] { gtk_grid_attach(grid.asGrid, choose, 2, row, 1, 1) }
      gtk_grid_attach(grid.asGrid, entry, 1, row, 1, 1)
      gtk_grid_attach(grid.asGrid, problem, 1, row + 1, 2, 1)
      labels[field] = label
      entries[field] = entry
      problems[field] = problem
    }
    gtk_grid_attach(grid.asGrid, chooseButton, 2, 0, 1, 1)
    offlineCopySwitch = gtk_switch_new()!
    gtk_switch_set_active(gtkObject(offlineCopySwitch), 1)
    gtk_widget_set_halign(offlineCopySwitch, GTK_ALIGN_START)
    offlineCopyLabel = Gtk.label(tr("Keep an offline copy"), classes: ["dim-label"])
    gtk_label_set_xalign(gtkObject(offlineCopyLabel), 1)
    RowAccessibility.setLabel(offlineCopySwitch, tr("Keep an offline copy"))
    gtk_widget_set_tooltip_text(
      offlineCopySwitch,
      tr("Opens at once next time and shows the server's changes as they happen"))
    let lastRow = Int32(Self.fieldOrder.count * 2) + 2
    gtk_grid_attach(grid.asGrid, offlineCopyLabel, 0, lastRow, 1, 1)
    gtk_grid_attach(grid.asGrid, offlineCopySwitch, 1, lastRow, 1, 1)
  }

  /// Whether the offline copy switch is on.
  var keepsOfflineCopy: Bool {
    get { gtk_switch_get_active(gtkObject(offlineCopySwitch)) != 0 }
    set { gtk_switch_set_active(gtkObject(offlineCopySwitch), newValue ? 1 : 0) }
  }

  /// The way of signing in chosen (its ``DirectoryKind/SignIn/id``); nil
  /// when the kind shown offers no choice.
  var signIn: String? {
    get {
      guard !signIns.isEmpty else { return nil }
      let index = Int(gtk_drop_down_get_selected(gtkObject(signInChooser)))
      return signIns[min(index, signIns.count - 1)].id
    }
    set {
      let index = signIns.firstIndex { $0.id == newValue } ?? 0
      gtk_drop_down_set_selected(gtkObject(signInChooser), guint(index))
    }
  }

  /// Offers the ways of signing in `kind` offers, when they are not the
  /// ones offered now.
  private func offerSignIns(of kind: DirectoryKind) {
    guard kind.signIns != signIns else { return }
    signIns = kind.signIns
    let ways = gtk_string_list_new(nil)!
    for way in signIns { gtk_string_list_append(ways, way.title) }
    ObjectSlot.withAdopted(ways) { ways in
      gtk_drop_down_set_model(gtkObject(signInChooser), gtkObject(ways))
    }
  }

  /// Shows the rows `kind` uses for the way of signing in chosen, named
  /// for it, and the chooser when the kind offers a choice.
  func show(_ kind: DirectoryKind) {
    offerSignIns(of: kind)
    let offersChoice = !kind.signIns.isEmpty
    Gtk.setVisible(signInLabel, offersChoice)
    Gtk.setVisible(signInChooser, offersChoice)
    let rows = kind.fields(for: signIn)
    for field in Self.fieldOrder {
      let row = rows.first { $0.field == field }
      let name = row?.label
      Gtk.setText(labels[field]!, name ?? "")
      RowAccessibility.setLabel(entries[field]!, name ?? "")
      Gtk.setVisible(labels[field]!, name != nil)
      Gtk.setVisible(entries[field]!, name != nil)
      if field != .secret {
        gtk_entry_set_placeholder_text(entries[field]!.asEntry, row?.placeholder)
      }
    }
    Gtk.setVisible(chooseButton, kind.isFile)
    Gtk.setVisible(offlineCopyLabel, kind.offersOfflineCopy)
    Gtk.setVisible(offlineCopySwitch, kind.offersOfflineCopy)
    for (field, button) in chooseButtons {
      Gtk.setVisible(button, rows.contains { $0.field == field })
    }
    mark([:])
  }

  /// The text of `field`.
  func text(_ field: Field) -> String {
    String(cString: gtk_editable_get_text(gtkObject(entries[field]!)))
  }

  /// Sets the text of `field`.
  func setText(_ field: Field, _ text: String) {
    gtk_editable_set_text(gtkObject(entries[field]!), text)
  }

  /// Marks the fields in `found` with their reason; clears the others.
  func mark(_ found: [Field: String]) {
    for field in Self.fieldOrder {
      let reason = found[field]
      if reason != nil {
        gtk_widget_add_css_class(entries[field]!, "error")
      } else {
        gtk_widget_remove_css_class(entries[field]!, "error")
      }
      Gtk.setText(problems[field]!, reason ?? "")
      Gtk.setVisible(problems[field]!, reason != nil)
    }
  }

  /// The reason shown under `field`, if any (tests, screenshots).
  func problem(_ field: Field) -> String? {
    let label = problems[field]!
    guard gtk_widget_get_visible(label) != 0 else { return nil }
    return String(cString: gtk_label_get_text(gtkObject(label)))
  }
}

extension Widget {
  /// This widget as a GtkGrid (GTK's C type, which Swift sees as a struct).
  fileprivate var asGrid: UnsafeMutablePointer<GtkGrid> {
    cgtk_grid(self)
  }

  /// This widget as a GtkEntry.
  fileprivate var asEntry: UnsafeMutablePointer<GtkEntry> {
    cgtk_entry(self)
  }
}
