import CGtk
import Directory
import GtkKit
import SharedSupport

/// The filter bar under the search bar (Ctrl+Shift+F): conditions built from
/// menus — a field, a comparison, a value — shown as removable chips and
/// combined with AND, and the same filter as an expression typed in an
/// entry (Enter applies it). The chips and the text stay in step: the text
/// is the chips' conditions joined with `and`, and a typed expression
/// becomes one chip per condition its top-level ANDs join.
///
/// An expression that does not parse is marked in place (the entry's
/// `error` style, the message and its position under it and as its
/// tooltip); the filter applied before stays applied. The bar hidden, the
/// page shows everyone; shown again, its conditions apply again.
///
/// Threading: main-actor only.
@MainActor
final class FilterBar {
  /// Longest value or expression the entries take: a filter runs over every
  /// person, and a pasted megabyte helps no one.
  static let maxValueLength: Int32 = 256
  static let maxExpressionLength: Int32 = 2_000

  /// The GtkRevealer.
  let widget: Widget
  let fieldMenu: Widget
  let comparisonMenu: Widget
  let valueEntry: Widget
  let addButton: Widget
  /// The typed expression.
  let expressionEntry: Widget
  /// Where the chips go (a GtkFlowBox).
  let chipBox: Widget
  /// The error under the expression, hidden when it parses.
  let errorLabel: Widget
  /// The conditions the chips show, in order; ANDed they are the filter.
  private(set) var conditions: [PersonFilter] = []
  /// The chips' buttons, in the order of ``conditions``.
  var chips: [Widget] = []
  /// The last typed expression that did not parse, and why.
  private(set) var syntaxError: FilterSyntaxError?
  /// Called with the filter to show (nil: everyone) when it changes.
  var onChange: (@MainActor (PersonFilter?) -> Void)?

  init() {
    let fields = gtk_string_list_new(nil)!
    for field in FilterWording.fields {
      gtk_string_list_append(fields, FilterWording.name(of: field))
    }
    fieldMenu = gtk_drop_down_new(fields, nil)!
    RowAccessibility.setLabel(fieldMenu, tr("Field"))
    let comparisons = gtk_string_list_new(nil)!
    for comparison in FilterWording.Comparison.allCases {
      gtk_string_list_append(comparisons, comparison.title)
    }
    comparisonMenu = gtk_drop_down_new(comparisons, nil)!
    RowAccessibility.setLabel(comparisonMenu, tr("Comparison"))
    valueEntry = gtk_entry_new()!
    gtk_entry_set_max_length(cgtk_entry(valueEntry), Self.maxValueLength)
    gtk_entry_set_placeholder_text(cgtk_entry(valueEntry), tr("Value"))
    gtk_widget_set_hexpand(valueEntry, 1)
    addButton = gtk_button_new_from_icon_name("list-add-symbolic")!
    gtk_widget_set_tooltip_text(addButton, tr("Add the condition"))
    RowAccessibility.setLabel(addButton, tr("Add the condition"))
    let builder = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    Gtk.append(builder, fieldMenu, comparisonMenu, valueEntry, addButton)

    chipBox = gtk_flow_box_new()!
    gtk_flow_box_set_selection_mode(gtkObject(chipBox), GTK_SELECTION_NONE)
    gtk_flow_box_set_homogeneous(gtkObject(chipBox), 0)
    gtk_flow_box_set_max_children_per_line(gtkObject(chipBox), 20)
    Gtk.setVisible(chipBox, false)

    expressionEntry = gtk_entry_new()!
    gtk_entry_set_max_length(cgtk_entry(expressionEntry), Self.maxExpressionLength)
    gtk_entry_set_placeholder_text(
      cgtk_entry(expressionEntry),
      tr("Filter, e.g. department eq \"Sales\" and title co \"Engineer\""))
    gtk_widget_add_css_class(expressionEntry, "monospace")
    RowAccessibility.setLabel(expressionEntry, tr("Filter expression"))
    errorLabel = Gtk.label("", classes: ["error", "caption"])
    gtk_label_set_xalign(gtkObject(errorLabel), 0)
    gtk_label_set_wrap(gtkObject(errorLabel), 1)
    Gtk.setVisible(errorLabel, false)

    let column = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["filter-bar"])
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(column, 12) }
    gtk_widget_set_margin_top(column, 6)
    gtk_widget_set_margin_bottom(column, 6)
    Gtk.append(column, builder, chipBox, expressionEntry, errorLabel)
    widget = gtk_revealer_new()!
    gtk_revealer_set_transition_type(gtkObject(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    gtk_revealer_set_child(gtkObject(widget), column)
    connectParts()
  }

  private func connectParts() {
    Signals.connect(gobject(addButton), .clicked) { [weak self] in self?.addFromMenus() }
    Signals.connect(gobject(valueEntry), .activate) { [weak self] in self?.addFromMenus() }
    Signals.connect(gobject(expressionEntry), .activate) { [weak self] in
      guard let self else { return }
      self.apply(expression: Self.text(of: self.expressionEntry))
    }
    // The entry takes the focus once it shows (not before: GTK refuses it).
    Signals.connect(gobject(widget), .notify("child-revealed")) { [weak self] in
      guard let self, gtk_revealer_get_child_revealed(gtkObject(self.widget)) != 0 else { return }
      gtk_widget_grab_focus(self.expressionEntry)
    }
    Signals.connect(gobject(comparisonMenu), .notify("selected")) { [weak self] in
      guard let self else { return }
      gtk_widget_set_sensitive(self.valueEntry, self.selectedComparison.needsValue ? 1 : 0)
    }
  }

  // MARK: Showing

  /// Whether the bar is shown.
  var isOpen: Bool { gtk_revealer_get_reveal_child(gtkObject(widget)) != 0 }

  /// Shows or hides the bar; shown, the expression entry takes the focus
  /// (once it is revealed).
  /// Hidden, the page shows everyone; shown again, the conditions apply.
  func setOpen(_ open: Bool) {
    guard open != isOpen else { return }
    gtk_revealer_set_reveal_child(gtkObject(widget), open ? 1 : 0)
    if !conditions.isEmpty { onChange?(filter) }
  }

  /// The filter the page shows: the conditions ANDed while the bar is open.
  var filter: PersonFilter? { isOpen ? FilterWording.combined(conditions) : nil }

  // MARK: Conditions

  private var selectedComparison: FilterWording.Comparison {
    let all = FilterWording.Comparison.allCases
    let index = Int(gtk_drop_down_get_selected(gtkObject(comparisonMenu)))
    return index < all.count ? all[index] : .eq
  }

  /// Adds the condition the menus and the value entry make, if complete.
  func addFromMenus() {
    let fields = FilterWording.fields
    let index = Int(gtk_drop_down_get_selected(gtkObject(fieldMenu)))
    guard index < fields.count,
      let condition = selectedComparison.condition(fields[index], Self.text(of: valueEntry))
    else { return }
    gtk_editable_set_text(gtkObject(valueEntry), "")
    setConditions(conditions + [condition])
  }

  /// Chooses `field`, `comparison` and `value` in the menus, as a user would.
  func choose(_ field: PersonField, _ comparison: FilterWording.Comparison, _ value: String) {
    if let index = FilterWording.fields.firstIndex(of: field) {
      gtk_drop_down_set_selected(gtkObject(fieldMenu), guint(index))
    }
    if let index = FilterWording.Comparison.allCases.firstIndex(of: comparison) {
      gtk_drop_down_set_selected(gtkObject(comparisonMenu), guint(index))
    }
    gtk_editable_set_text(gtkObject(valueEntry), value)
  }

  /// Applies `text` typed as an expression ("" removes every condition);
  /// returns whether it parsed. If not, the entry is marked and the filter
  /// shown stays.
  @discardableResult
  func apply(expression text: String) -> Bool {
    gtk_editable_set_text(gtkObject(expressionEntry), text)
    guard !text.allSatisfy(\.isWhitespace) else {
      setConditions([])
      return true
    }
    do {
      setConditions(FilterWording.conditions(of: try PersonFilter(parsing: text)))
      return true
    } catch {
      mark(error)
      return false
    }
  }

  /// The expression entry's text.
  var expressionText: String { Self.text(of: expressionEntry) }

  private func setConditions(_ new: [PersonFilter]) {
    mark(nil)
    let changed = new != conditions
    conditions = new
    gtk_editable_set_text(gtkObject(expressionEntry), FilterWording.expression(of: new))
    showChips()
    if changed, isOpen { onChange?(filter) }
  }

  /// Removes the condition at `index` (its chip was clicked).
  func removeCondition(at index: Int) {
    guard conditions.indices.contains(index) else { return }
    var remaining = conditions
    remaining.remove(at: index)
    setConditions(remaining)
  }

  private func mark(_ error: FilterSyntaxError?) {
    syntaxError = error
    guard let error else {
      gtk_widget_remove_css_class(expressionEntry, "error")
      gtk_widget_set_tooltip_text(expressionEntry, nil)
      Gtk.setVisible(errorLabel, false)
      return
    }
    let message = String(
      filling: tr("Character %1$@: %2$@"), NumberText.grouped(error.position + 1), error.message)
    gtk_widget_add_css_class(expressionEntry, "error")
    gtk_widget_set_tooltip_text(expressionEntry, message)
    Gtk.setText(errorLabel, message)
    Gtk.setVisible(errorLabel, true)
  }

  static func text(of entry: Widget) -> String {
    String(cString: gtk_editable_get_text(gtkObject(entry)))
  }
}
