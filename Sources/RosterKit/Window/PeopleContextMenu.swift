import CGtk
import GtkKit
import SharedSupport

/// The menu of a list, grid or table of people: a right-click (or the Menu
/// key, Shift+F10) on a person offers Send Email, Copy and Export… for the
/// selected people, and Call, Copy Email and Copy Username when one person
/// is selected; on a server that takes changes, Add to Group… and, when
/// the page shows one group, Remove from Group (``groupEntries``). A
/// right-click on a person who is not selected selects them first, as
/// file managers do. The entries are the window's actions.
///
/// Threading: main-actor only.
@MainActor
package final class PeopleContextMenu {
  private let view: Widget
  private let selection: RangeSelection
  private let position: @MainActor (Widget) -> Int?
  private let rowWidget: @MainActor (Int) -> Widget?
  /// The popover, one for the view's life, its menu made afresh each time.
  private let popover: Widget
  /// The menu while it shows.
  package var shown: Widget? { gtk_widget_get_visible(popover) != 0 ? popover : nil }
  /// The group entries the window offers now (asked each time the menu
  /// opens); none when nil.
  var groupEntries: (@MainActor () -> [(String, WindowAction)])?

  /// A menu over `view`; `position` tells the row a picked widget belongs
  /// to, `rowWidget` the widget of a bound row.
  init(
    view: Widget, selection: RangeSelection, position: @escaping @MainActor (Widget) -> Int?,
    rowWidget: @escaping @MainActor (Int) -> Widget?
  ) {
    self.view = view
    self.selection = selection
    self.position = position
    self.rowWidget = rowWidget
    popover = gtk_popover_menu_new_from_model(nil)!
    gtk_popover_set_has_arrow(cgtk_popover(popover), 0)
    gtk_widget_set_halign(popover, GTK_ALIGN_START)
    gtk_widget_set_parent(popover, view)
    // A view does not let go of a child it did not add: the menu goes
    // first, closed, so that no grab of an open menu outlives the window.
    Signals.connect(gobject(view), .destroy) { [popover] in
      gtk_popover_popdown(cgtk_popover(popover))
      gtk_widget_unparent(popover)
    }
    let click = gtkObject(gtk_gesture_click_new()!)
    gtk_gesture_single_set_button(click, guint(GDK_BUTTON_SECONDARY))
    Signals.connect(gobject(click), .pressed) { [weak self] _, x, y in
      self?.rightClick(atX: x, y: y)
    }
    // The view holds the controller.
    gtk_widget_add_controller(view, click)
  }

  /// A right-click at (`x`, `y`) in the view: selects the person there if
  /// they are not selected, then opens the menu there.
  func rightClick(atX x: Double, y: Double) {
    guard let picked = gtk_widget_pick(view, x, y, GTK_PICK_DEFAULT), let row = position(picked)
    else { return }
    if !selection.contains(row) {
      // GTK's own click, so that a Shift+click next extends from this person.
      gtk_widget_activate_action_variant(
        view, "list.select-item",
        g_variant_new_tuple(
          [g_variant_new_uint32(guint32(row)), g_variant_new_boolean(0), g_variant_new_boolean(0)],
          3))
    }
    popUp(atX: x, y: y)
  }

  /// Opens the menu at the person the selection centres on (the keyboard's
  /// way), or at the view's corner when their row is not on screen.
  func popUpAtSelection() {
    guard selection.count > 0 else { return }
    var x = 24.0
    var y = 24.0
    if let focus = selection.focus ?? selection.ranges.first, let row = rowWidget(focus),
      gtk_widget_get_mapped(row) != 0
    {
      _ = gtk_widget_translate_coordinates(
        row, view, 24, Double(gtk_widget_get_height(row)) / 2, &x, &y)
    }
    popUp(atX: x, y: y)
  }

  private func popUp(atX x: Double, y: Double) {
    let single = selection.count == 1
    ObjectSlot.withAdopted(g_menu_new()!) { menu in
      let copy =
        single ? tr("Copy") : String(filling: tr("Copy %@"), NumberText.people(selection.count))
      var reach: [(String, WindowAction)] = [(tr("Send Email"), .email)]
      var copies: [(String, WindowAction)] = [(copy, .copy)]
      if single {
        reach.append((tr("Call"), .call))
        copies += [(tr("Copy Email"), .copyEmail), (tr("Copy Username"), .copyUsername)]
      }
      Self.section(menu, reach)
      Self.section(menu, copies)
      Self.section(menu, [(tr("Export…"), .export)])
      if let groups = groupEntries?(), !groups.isEmpty { Self.section(menu, groups) }
      gtk_popover_menu_set_menu_model(gtkObject(popover), UnsafeMutablePointer(menu))
    }
    var point = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
    gtk_popover_set_pointing_to(cgtk_popover(popover), &point)
    gtk_popover_popup(cgtk_popover(popover))
  }

  /// Appends a section of `entries` (label, window action) to `menu`.
  private static func section(
    _ menu: OpaquePointer, _ entries: [(String, WindowAction)]
  ) {
    ObjectSlot.withAdopted(g_menu_new()!) { section in
      for (label, action) in entries { g_menu_append(section, label, action.detailedName) }
      g_menu_append_section(menu, nil, UnsafeMutablePointer(section))
    }
  }
}

extension ListFactory {
  /// The widget of the bound row at `position`, if any.
  func widget(ofRowAt position: Int) -> Widget? {
    var found: Widget?
    forEachBoundRow { row, bound in
      if found == nil, bound == position { found = row.widget }
    }
    return found
  }
}
