import CGtk
import Directory
import GtkKit
import SharedSupport

/// A person's page, in the window in place of the list (Enter or a
/// double-click on a person; Back returns): the 128 px avatar drawn by the
/// same ``PersonView`` as rows, the name and title, the chain of managers
/// up to the top of the organisation as links (top first, then how it ends
/// when not at the top), the person's details (a server entry's attributes
/// once read), the groups they are in as links, and their direct reports
/// as a windowed list with their count, and, on an offline copy, what the
/// copy saw change of them (``ChangeText``). Every name opens a page: a person's
/// (``onPerson``) or a group's people (``onGroup``). On a server that takes
/// changes, Edit turns the details into a form (``PersonEditor``); where
/// it takes an administrator's, a menu resets, deletes and adds people
/// (``PersonAdministration``).
///
/// Threading: main-actor only.
@MainActor
final class PersonPage {
  let widget: Widget
  let avatar: PersonView
  private let name: Widget
  private let subtitle: Widget
  /// "Reports to": the managers as links, in a flow box rebuilt on each show.
  private let chainBox: Widget
  private var chain: Widget
  /// How the chain ends when not at the top.
  private let chainNote: Widget
  /// The person's details; a server entry's attributes replace them once read.
  let attributes = EntryAttributesView()
  /// The details, hidden while the editor's form shows in their place.
  private let detailsBox: Widget
  /// Edit, and the form it opens on a server that takes changes.
  let editor = PersonEditor()
  /// Reset Password, Delete and New Person, where the server takes them.
  let administration = PersonAdministration()
  private let groupsBox: Widget
  private var groups: Widget
  /// "History": what the offline copy saw change of them, newest first.
  private let historyBox: Widget
  private var historyLines: Widget
  private let reportsHeading: Widget
  /// The direct reports, as the list shows people.
  let reports: PeopleList
  let reportsModel: ListModel<UserRef>
  /// The identity shown, if any.
  private(set) var identity: String?
  /// A person's name was clicked (their identity).
  var onPerson: (@MainActor (String) -> Void)?
  /// A group's name was clicked (its identity and name).
  var onGroup: (@MainActor (String, String) -> Void)?
  /// "Show in the List" was clicked: the person's reports, read a window at
  /// a time in the list (a server's; identity and name).
  var onShowReports: (@MainActor (String, String) -> Void)?
  /// "Show in the List" beside a server's count of reports.
  let reportsButton: Widget
  /// "Show in org tree" was clicked (the person's identity).
  var onShowInTree: (@MainActor (String) -> Void)?
  /// "Show in org tree" (hidden where the page has no tree).
  let treeButton: Widget
  /// "Org Chart": its export and printing (the window's actions).
  let orgChartButton = OrgChartMenuButton()
  /// Send Email, Call, Copy Email and Copy Username, each shown when the
  /// person has what it needs (PersonPage+Contact.swift).
  let contact = ContactButtons()
  /// The person shown, if any.
  private(set) var person: UserViewModel?
  /// What the page shows, nil when it shows nobody.
  private(set) var facts: PersonFacts?
  /// What the links say, in order (tests): the managers, top first.
  private(set) var chainTexts: [String] = []
  /// The groups' links (tests).
  private(set) var groupTexts: [String] = []
  /// The links' buttons, managers top first then groups (tests click them).
  private(set) var chainLinks: [Widget] = []
  private(set) var groupLinks: [Widget] = []
  /// The history's lines as shown, newest first (tests).
  private(set) var historyTexts: [String] = []

  /// A person's page, its avatar loading through `details` and its
  /// reports' through `avatars` (nil: initials only), the reports' rows
  /// counted in `census`.
  init(avatars: AvatarService?, details: AvatarService?, census: RowCensus?) {
    avatar = PersonView(shape: .details, avatars: details)
    gtk_widget_set_valign(avatar.widget, GTK_ALIGN_START)
    name = Gtk.label(classes: ["username"])
    gtk_label_set_xalign(gtkObject(name), 0)
    gtk_label_set_wrap(gtkObject(name), 1)
    gtk_label_set_wrap_mode(gtkObject(name), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_max_width_chars(gtkObject(name), 40)
    subtitle = Gtk.label(classes: ["dim-label"])
    gtk_label_set_xalign(gtkObject(subtitle), 0)
    chainBox = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    chain = Self.flowBox()
    let reportsTo = Gtk.label(tr("Reports to"), classes: ["dim-label"])
    gtk_widget_set_valign(reportsTo, GTK_ALIGN_CENTER)
    Gtk.append(chainBox, reportsTo, chain)
    chainNote = Gtk.label(classes: ["dim-label", "caption"])
    gtk_label_set_xalign(gtkObject(chainNote), 0)
    gtk_label_set_wrap(gtkObject(chainNote), 1)
    treeButton = gtk_button_new_with_label(tr("Show in Org Tree"))!
    gtk_widget_set_halign(treeButton, GTK_ALIGN_START)
    gtk_widget_add_css_class(treeButton, "pill")
    let about = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    gtk_widget_set_hexpand(about, 1)
    let buttons = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    Gtk.append(buttons, treeButton, orgChartButton.widget)
    // The name, with Edit (or Cancel and Save) at the page's end.
    let nameLine = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    gtk_widget_set_hexpand(name, 1)
    Gtk.append(nameLine, name, editor.buttons, administration.button)
    Gtk.append(about, nameLine, subtitle, contact.widget, chainBox, chainNote, buttons)
    let top = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 24)
    Gtk.append(top, avatar.widget, about)

    groupsBox = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    groups = Self.flowBox()
    let inGroups = Gtk.label(tr("Groups"), classes: ["heading"])
    gtk_widget_set_valign(inGroups, GTK_ALIGN_START)
    gtk_widget_set_margin_top(inGroups, 6)
    Gtk.append(groupsBox, inGroups, groups)

    historyBox = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    historyLines = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    let history = Gtk.label(tr("History"), classes: ["heading"])
    gtk_widget_set_valign(history, GTK_ALIGN_START)
    Gtk.append(historyBox, history, historyLines)

    reportsHeading = Gtk.label(classes: ["heading"])
    gtk_label_set_xalign(gtkObject(reportsHeading), 0)
    reportsButton = gtk_button_new_with_label(tr("Show in the List"))!
    gtk_widget_add_css_class(reportsButton, "flat")
    let reportsLine = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    Gtk.append(reportsLine, reportsHeading, reportsButton)
    let model = ListModel<UserRef>([])
    reportsModel = model
    reports = PeopleList(
      selection: RangeSelection(model: model.object), count: { model.count },
      content: { .person(model[$0].viewModel) },
      avatars: avatars, census: census,
      avatar: { avatars, position in
        position < model.count ? avatars.request(for: model[position].avatar) : nil
      })
    RowAccessibility.setLabel(reports.listView, tr("Direct reports"))
    gtk_widget_add_css_class(reports.scroller, "card")

    // The reports take the height left; the details only what they need.
    gtk_widget_set_vexpand(attributes.widget, 0)
    detailsBox = Gtk.box(GTK_ORIENTATION_VERTICAL)
    Gtk.append(detailsBox, attributes.widget)
    let header = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 18, classes: ["person-page"])
    Gtk.append(header, top, editor.form, detailsBox, groupsBox, historyBox, reportsLine)
    widget = Gtk.box(GTK_ORIENTATION_VERTICAL)
    gtk_widget_set_margin_bottom(reports.scroller, 18)
    gtk_widget_set_margin_start(reports.scroller, 24)
    gtk_widget_set_margin_end(reports.scroller, 24)
    Gtk.append(widget, header, reports.scroller)
    editor.onEditing = { [detailsBox] editing in Gtk.setVisible(detailsBox, !editing) }
    editor.cancelOnEscape(in: widget)
    editor.photo.acceptDrops(on: avatar.widget)
    Signals.connect(gobject(reportsButton), .clicked) { [weak self] in
      guard let self, let identity = self.identity else { return }
      self.onShowReports?(identity, self.shownName)
    }
    Signals.connect(gobject(treeButton), .clicked) { [weak self] in
      guard let self, let identity = self.identity else { return }
      self.onShowInTree?(identity)
    }
    Signals.connect(gobject(reports.listView), .activateItem) { [weak self] position in
      guard let self, Int(position) < self.reportsModel.count else { return }
      self.onPerson?(self.reportsModel[Int(position)].viewModel.identity)
    }
  }

  /// Drops the widgets' references on the main thread.
  isolated deinit {}

  /// The name shown.
  var shownName: String { String(cString: gtk_label_get_text(gtkObject(name))) }
  /// How the chain ends, as shown ("" at the top).
  var chainNoteText: String { String(cString: gtk_label_get_text(gtkObject(chainNote))) }
  /// The reports' heading ("3 direct reports").
  var reportsHeadingText: String {
    String(cString: gtk_label_get_text(gtkObject(reportsHeading)))
  }

  /// Shows `facts`, offering Edit when `editable` (the server the person
  /// is on takes changes).
  func show(_ facts: PersonFacts, editable: (any EditableDirectory)?) {
    self.facts = facts
    let person = facts.person
    editor.show(username: person.username, on: editable)
    administration.show(username: person.username, name: person.displayName, on: editable)
    identity = person.identity
    self.person = person
    contact.show(person)
    Gtk.setText(name, person.displayName)
    Gtk.setText(subtitle, person.subtitle)
    RowAccessibility.setLabel(widget, person.accessibleText)
    avatar.bind(person, avatarPriority: .opened)
    // In one step, so a focused value passes the focus to the new first one.
    attributes.show(Self.detailLines(person))
    showChain(facts)
    showGroups(facts.groups)
    showHistory(facts.history)
    let people: [UserRef]
    let count: Int?
    switch facts.reports {
    case .people(let rows): (people, count) = (rows, rows.count)
    case .count(let known): (people, count) = ([], known)
    }
    reportsModel.replaceAll(with: people)
    let heading =
      switch count {
      case nil: tr("Direct reports")
      case 0: tr("No direct reports")
      case let count?:
        String(
          filling: trn("%@ direct report", "%@ direct reports", count), NumberText.grouped(count))
      }
    Gtk.setText(reportsHeading, heading)
    Gtk.setVisible(reports.scroller, !people.isEmpty)
    // A server's reports are read a window at a time in the list.
    Gtk.setVisible(reportsButton, people.isEmpty && count != 0)
  }

  /// Lets the avatar go (the page is left).
  func clear() {
    avatar.unbind()
    editor.clear()
    administration.clear()
    identity = nil
    person = nil
    facts = nil
  }

  private func showChain(_ facts: PersonFacts) {
    let box = Self.flowBox()
    chainTexts = []
    chainLinks = []
    // Top first, as a path down to the person.
    for (index, manager) in facts.managers.reversed().enumerated() {
      if index > 0 { gtk_flow_box_append(gtkObject(box), Gtk.label("›", classes: ["dim-label"])) }
      let text = DisplayText.of(manager.name)
      chainTexts.append(text)
      let button = link(text) { [weak self] in self?.onPerson?(manager.identity) }
      chainLinks.append(button)
      gtk_flow_box_append(gtkObject(box), button)
    }
    replace(&chain, in: chainBox, with: box)
    Gtk.setVisible(chainBox, !facts.managers.isEmpty)
    let note =
      switch facts.chainEnd {
      case .top: ""
      case .unknownManager(let reference):
        String(
          filling: tr("The manager “%@” is not in the directory"), DisplayText.of(reference))
      case .cycle(let repeated):
        String(
          filling: tr("The managers come round to %@ again; the chain stops there"),
          DisplayText.of(repeated.name))
      case .tooLong:
        String(filling: tr("The chain stops after %ld managers"), ServerManagerChain.maxDepth)
      }
    Gtk.setText(chainNote, note)
    Gtk.setVisible(chainNote, !note.isEmpty)
  }

  private func showGroups(_ links: [PersonFacts.GroupLink]) {
    let box = Self.flowBox()
    groupTexts = []
    groupLinks = []
    for group in links {
      let text = DisplayText.of(group.name)
      groupTexts.append(text)
      let button = link(text) { [weak self] in self?.onGroup?(group.id, group.name) }
      groupLinks.append(button)
      gtk_flow_box_append(gtkObject(box), button)
    }
    replace(&groups, in: groupsBox, with: box)
    Gtk.setVisible(groupsBox, !links.isEmpty)
  }

  /// The changes the copy saw of the person, a line each, the newest first.
  private func showHistory(_ changes: [PersonChange]) {
    let box = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    historyTexts = changes.map(ChangeText.line)
    for text in historyTexts {
      let line = Gtk.label(text)
      gtk_label_set_xalign(gtkObject(line), 0)
      gtk_label_set_wrap(gtkObject(line), 1)
      gtk_label_set_wrap_mode(gtkObject(line), PANGO_WRAP_WORD_CHAR)
      gtk_box_append(cgtk_box(box), line)
    }
    replace(&historyLines, in: historyBox, with: box)
    Gtk.setVisible(historyBox, !changes.isEmpty)
  }

  /// A flat button reading `text` that calls `action`.
  private func link(_ text: String, action: @escaping @MainActor () -> Void) -> Widget {
    let button = gtk_button_new_with_label(text)!
    gtk_widget_add_css_class(button, "flat")
    gtk_widget_add_css_class(button, "person-link")
    Signals.connect(gobject(button), .clicked, action)
    return button
  }

  /// Swaps the links' flow box: the link clicked (focused by the click or
  /// Enter) goes with the old one.
  private func replace(_ old: inout Widget, in box: Widget, with new: Widget) {
    Gtk.replace(old, in: new) { [old] in
      gtk_box_remove(cgtk_box(box), old)
      gtk_box_append(cgtk_box(box), new)
    }
    old = new
  }

  /// The details a person has, labelled, in ``DetailField/pageOrder``
  /// (the display name and title show above them; the manager by name).
  nonisolated static func detailLines(_ model: UserViewModel) -> [DirectoryAttribute] {
    var lines: [DirectoryAttribute] = []
    for field in DetailField.pageOrder where field != .displayName && field != .title {
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

  private static func flowBox() -> Widget {
    let box = gtk_flow_box_new()!
    gtk_flow_box_set_selection_mode(gtkObject(box), GTK_SELECTION_NONE)
    gtk_flow_box_set_max_children_per_line(gtkObject(box), 12)
    gtk_flow_box_set_column_spacing(gtkObject(box), 0)
    gtk_widget_set_hexpand(box, 1)
    return box
  }
}
