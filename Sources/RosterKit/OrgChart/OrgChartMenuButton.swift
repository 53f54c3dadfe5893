import CGtk
import GtkKit
import SharedSupport

/// The person page's "Org Chart" button: a menu of the window's actions
/// that export and print the chart of the person shown.
///
/// Threading: main-actor only.
@MainActor
final class OrgChartMenuButton {
  let widget: Widget

  init() {
    widget = gtk_menu_button_new()!
    gtk_menu_button_set_label(gtkObject(widget), tr("Org Chart"))
    gtk_widget_add_css_class(widget, "pill")
    gtk_widget_set_halign(widget, GTK_ALIGN_START)
    ObjectSlot.withAdopted(g_menu_new()!) { menu in
      g_menu_append(menu, tr("_Export Org Chart…"), WindowAction.exportOrgChart.detailedName)
      g_menu_append(menu, tr("_Print Org Chart…"), WindowAction.printOrgChart.detailedName)
      gtk_menu_button_set_menu_model(gtkObject(widget), UnsafeMutablePointer(menu))
    }
  }
}
