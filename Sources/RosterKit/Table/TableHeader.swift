import CGtk
import Directory
import GtkKit
import SharedSupport

/// The table view's header: an empty gutter over the rows' avatars, then
/// one flat button per column, exactly as wide as the column
/// (``TableColumns``), whose click sorts by it (``PeopleOrder``); the
/// column the people are ordered by shows an arrow, and the titles of the
/// fields the order refuses are greyed with the reason. Dragging the edge
/// between two titles resizes the column before it. At the end, a menu of
/// the fields a column can show. There is one header per window, so it is
/// built from plain GTK widgets, rebuilt when the columns change.
///
/// The titles sit in a scrolled window that never scrolls: a header wider
/// than the window is cut off at its edge, as the rows are, instead of
/// making the window wider.
///
/// Threading: main-actor only.
@MainActor
final class TableHeader {
  /// The fields the column menu offers, in the order it lists them.
  static let menuFields: [PersonField] =
    DetailField.pageOrder.compactMap { PersonField(rawValue: $0.rawValue) } + [
      .username, .role, .active,
    ]

  /// The header bar of the table: the titles and the column menu.
  let widget: Widget
  private let columns: TableColumns
  /// The order the titles show and a click changes.
  private let order: PeopleOrder
  private let titles: Widget
  /// The title buttons and their arrows, in the columns' order.
  private(set) var buttons: [(button: Widget, arrow: Widget)] = []
  private var checks: [(field: PersonField, check: Widget)] = []
  /// The fields the buttons were built for.
  private var builtFields: [PersonField] = []
  /// The column a drag resizes and its width when the drag began.
  private var resizing: (index: Int, width: Int32)?
  /// Whether the checks are being set to the columns (not by the user).
  private var isFollowingColumns = false
  /// How near a column's edge, in points, a drag resizes it.
  private static let edgeReach: Double = 6

  init(columns: TableColumns, order: PeopleOrder) {
    self.columns = columns
    self.order = order
    widget = Gtk.box(GTK_ORIENTATION_HORIZONTAL)
    gtk_widget_add_css_class(widget, "table-header")
    titles = Gtk.box(GTK_ORIENTATION_HORIZONTAL)
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(gtkObject(scroller), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
    gtk_scrolled_window_set_propagate_natural_height(gtkObject(scroller), 1)
    gtk_scrolled_window_set_child(gtkObject(scroller), titles)
    gtk_widget_set_hexpand(scroller, 1)
    // Titles wider than the header are cut at their end, as the rows are:
    // right to left, the view keeps to their right edge.
    let adjustment = gtk_scrolled_window_get_hadjustment(gtkObject(scroller))!
    let keepToStart = { @MainActor [weak self] in
      guard let self else { return }
      let start =
        self.isRightToLeft
        ? gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) : 0
      if gtk_adjustment_get_value(adjustment) != start {
        gtk_adjustment_set_value(adjustment, start)
      }
    }
    Signals.connect(gobject(adjustment), .changed) { keepToStart() }
    Signals.connect(gobject(titles), .directionChanged) { _ in keepToStart() }
    gtk_box_append(cgtk_box(widget), scroller)
    gtk_box_append(cgtk_box(widget), makeMenu())
    rebuild()
    columns.observe { [weak self] in self?.rebuild() }
    order.observe { [weak self] change in
      switch change {
      case .sort: self?.showSort()
      case .refusals: self?.showRefusals()
      }
    }
    followResizeDrags()
  }

  /// Shows the arrow of the column the people are ordered by first.
  private func showSort() {
    let key = order.key
    for (field, entry) in zip(columns.fields, buttons) {
      let shown = key?.field == field
      Gtk.setVisible(entry.arrow, shown)
      if shown, let key {
        gtk_image_set_from_icon_name(
          gtkObject(entry.arrow),
          key.descending ? "view-sort-descending-symbolic" : "view-sort-ascending-symbolic")
      }
    }
  }

  /// Greys the titles of the refused fields (insensitive, no sort on
  /// click) with the reason as tooltip; the others sort again.
  private func showRefusals() {
    for (field, entry) in zip(columns.fields, buttons) { showRefusal(of: field, on: entry.button) }
  }

  /// Whether the title of `field` sorts on a click (tests).
  func sorts(_ field: PersonField) -> Bool {
    guard let index = columns.fields.firstIndex(of: field) else { return false }
    return gtk_widget_get_sensitive(buttons[index].button) != 0
  }

  /// The tooltip of `field`'s title (tests).
  func tooltip(of field: PersonField) -> String? {
    guard let index = columns.fields.firstIndex(of: field),
      let text = gtk_widget_get_tooltip_text(buttons[index].button)
    else { return nil }
    return String(cString: text)
  }

  private func showRefusal(of field: PersonField, on button: Widget) {
    let reason = order.refusals[field]
    gtk_widget_set_sensitive(button, reason == nil ? 1 : 0)
    gtk_widget_set_tooltip_text(
      button, reason ?? String(filling: tr("Sort by %@"), field.label))
  }

  /// Clicks the title of `field` (tests).
  func click(_ field: PersonField) {
    guard let index = columns.fields.firstIndex(of: field) else { return }
    cgtk_emit(gobject(buttons[index].button), "clicked")
  }

  /// Turns the column of `field` on or off in the column menu (tests).
  func setShown(_ field: PersonField, _ shown: Bool) {
    guard let check = checks.first(where: { $0.field == field })?.check else { return }
    gtk_check_button_set_active(cgtk_check_button(gobject(check)), shown ? 1 : 0)
  }

  /// Where, in `window`'s coordinates, the end edge of column `index`
  /// crosses the titles' middle (tests point there).
  func edgePoint(of index: Int, in window: Widget) -> (x: Double, y: Double)? {
    guard columns.widths.indices.contains(index) else { return nil }
    var edge = Double(columns.leading + columns.widths[...index].reduce(0, +))
    if isRightToLeft { edge = Double(gtk_widget_get_width(titles)) - edge }
    var x = 0.0
    var y = 0.0
    let middle = Double(gtk_widget_get_height(titles)) / 2
    guard gtk_widget_translate_coordinates(titles, window, edge, middle, &x, &y) != 0
    else { return nil }
    return (x, y)
  }

  /// Whether the column menu has `field` checked (tests).
  func isShown(_ field: PersonField) -> Bool {
    guard let check = checks.first(where: { $0.field == field })?.check else { return false }
    return gtk_check_button_get_active(cgtk_check_button(gobject(check))) != 0
  }

  private func rebuild() {
    defer { followColumnsInChecks() }
    if builtFields == columns.fields {
      // Only widths changed (a drag): the buttons stay.
      for (entry, width) in zip(buttons, columns.widths) {
        gtk_widget_set_size_request(entry.button, width, -1)
      }
      return
    }
    builtFields = columns.fields
    while let child = gtk_widget_get_first_child(titles) {
      gtk_box_remove(cgtk_box(titles), child)
    }
    let gutter = Gtk.box(GTK_ORIENTATION_HORIZONTAL)
    gtk_widget_set_size_request(gutter, columns.leading, -1)
    gtk_box_append(cgtk_box(titles), gutter)
    buttons = zip(columns.fields, columns.widths).map { field, width in
      let label = gtk_label_new(field.label)!
      gtk_label_set_ellipsize(gtkObject(label), PANGO_ELLIPSIZE_END)
      gtk_label_set_xalign(gtkObject(label), 0)
      let arrow = gtk_image_new()!
      Gtk.setVisible(arrow, false)
      let content = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
      Gtk.append(content, label, arrow)
      let button = gtk_button_new()!
      gtk_button_set_child(cgtk_button(gobject(button)), content)
      gtk_widget_add_css_class(button, "flat")
      gtk_widget_add_css_class(button, "table-title")
      gtk_widget_set_size_request(button, width, -1)
      showRefusal(of: field, on: button)
      Signals.connect(gobject(button), .clicked) { [weak self] in
        self?.order.sortByColumn(field)
      }
      gtk_box_append(cgtk_box(titles), button)
      return (button: button, arrow: arrow)
    }
    showSort()
  }

  /// Checks the menu's fields that show, and only those.
  private func followColumnsInChecks() {
    // Their "toggled" must not change the columns back.
    isFollowingColumns = true
    defer { isFollowingColumns = false }
    for (field, check) in checks {
      let shown = columns.fields.contains(field)
      if (gtk_check_button_get_active(cgtk_check_button(gobject(check))) != 0) != shown {
        gtk_check_button_set_active(cgtk_check_button(gobject(check)), shown ? 1 : 0)
      }
    }
  }

  /// Whether the titles go right to left (the widget's direction): the
  /// box mirrors them, edges are measured from the right and drags flip.
  private var isRightToLeft: Bool { gtk_widget_get_direction(titles) == GTK_TEXT_DIR_RTL }

  /// The column whose end edge is within reach of `x` (in the titles' coordinates).
  private func edge(near x: Double) -> Int? {
    let x = isRightToLeft ? Double(gtk_widget_get_width(titles)) - x : x
    var edge = Double(columns.leading)
    for (index, width) in columns.widths.enumerated() {
      edge += Double(width)
      if abs(x - edge) <= Self.edgeReach { return index }
    }
    return nil
  }

  /// A drag that starts on a column's edge resizes that column; any other
  /// press goes on to the buttons. Near an edge the pointer shows it.
  private func followResizeDrags() {
    let drag = gtk_gesture_drag_new()!
    gtk_event_controller_set_propagation_phase(gtkObject(drag), GTK_PHASE_CAPTURE)
    let gesture = gtkObject(drag)
    Signals.connect(gobject(drag), .dragBegin) { [weak self] x, _ in
      guard let self, let index = self.edge(near: x) else {
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
        return
      }
      self.resizing = (index, self.columns.widths[index])
      gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
    }
    Signals.connect(gobject(drag), .dragUpdate) { [weak self] dx, _ in
      guard let self, let resizing = self.resizing else { return }
      let dx = self.isRightToLeft ? -dx : dx
      self.columns.setWidth(resizing.width + Int32(dx.rounded()), of: resizing.index)
    }
    Signals.connect(gobject(drag), .dragEnd) { [weak self] _, _ in
      self?.resizing = nil
    }
    gtk_widget_add_controller(titles, drag)
    let motion = gtk_event_controller_motion_new()!
    Signals.connect(gobject(motion), .motion) { [weak self] x, _ in
      guard let self else { return }
      let near = self.resizing != nil || self.edge(near: x) != nil
      gtk_widget_set_cursor_from_name(self.titles, near ? "col-resize" : nil)
    }
    gtk_widget_add_controller(titles, motion)
  }

  /// The column menu: a check button per field, in ``menuFields``' order.
  private func makeMenu() -> Widget {
    let list = Gtk.box(GTK_ORIENTATION_VERTICAL)
    for field in Self.menuFields {
      let check = gtk_check_button_new_with_label(field.label)!
      gtk_check_button_set_active(
        cgtk_check_button(gobject(check)), columns.fields.contains(field) ? 1 : 0)
      Signals.connect(gobject(check), .toggled) { [weak self] in self?.menuChanged() }
      gtk_box_append(cgtk_box(list), check)
      checks.append((field, check))
    }
    let popover = gtk_popover_new()!
    gtk_popover_set_child(cgtk_popover(gobject(popover)), list)
    let button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(gtkObject(button), "view-more-symbolic")
    gtk_menu_button_set_popover(gtkObject(button), popover)
    gtk_widget_add_css_class(button, "flat")
    gtk_widget_set_tooltip_text(button, tr("Choose the columns"))
    RowAccessibility.setLabel(button, tr("Columns"))
    return button
  }

  /// The checks changed: the columns shown are the checked fields, those
  /// shown before in their order, new ones at the end; at least one stays.
  private func menuChanged() {
    guard !isFollowingColumns else { return }
    let checked = Set(
      checks.filter { gtk_check_button_get_active(cgtk_check_button(gobject($0.check))) != 0 }.map(
        \.field))
    guard !checked.isEmpty else { return rebuild() }
    let kept = columns.fields.filter { checked.contains($0) }
    let added = Self.menuFields.filter { checked.contains($0) && !kept.contains($0) }
    columns.setFields(kept + added)
  }
}
