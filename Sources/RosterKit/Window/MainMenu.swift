import CAdw
import CGtk
import GtkKit
import SharedSupport

/// The header bar's main menu (the last button, as in GNOME's apps):
/// "Filter" (`win.filter`, checked while the filter bar shows), "Org Tree"
/// (`win.tree`, checked while the org tree shows), "Show Disabled Accounts"
/// (`win.show-disabled`, checked unless disabled accounts are left out),
/// "Export…", "Check Data…", "Changes…" (`win.changes`: what an offline
/// copy saw change),
/// "Keyboard
/// Shortcuts" (`win.show-shortcuts`), "Search From the Overview"
/// (`menu.search-from-overview`, checked while GNOME Shell's search may look
/// in the directory shown last; off until turned on, a preference:
/// ``bind(_:)``) and "About Roster", which opens an AdwAboutWindow with the
/// version, licence, website and credits. Its own actions are the "menu"
/// group on the window.
///
/// Threading: main-actor only.
@MainActor
final class MainMenu {
  let button: Widget
  /// The "menu" action group on the window.
  private let group: ObjectSlot

  /// A menu on `window`, whose about window is transient for it.
  init(window: Widget) {
    group = ObjectSlot(adopting: g_simple_action_group_new())
    button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(gtkObject(button), "open-menu-symbolic")
    gtk_widget_set_tooltip_text(button, tr("Main Menu"))
    RowAccessibility.setLabel(button, tr("Main Menu"))
    gtk_menu_button_set_primary(gtkObject(button), 1)
    ObjectSlot.withAdopted(g_menu_new()!) { menu in
      g_menu_append(menu, tr("_Filter"), WindowAction.filter.detailedName)
      g_menu_append(menu, tr("_Org Tree"), WindowAction.tree.detailedName)
      g_menu_append(menu, tr("Show _Disabled Accounts"), WindowAction.showDisabled.detailedName)
      g_menu_append(menu, tr("_Export…"), WindowAction.export.detailedName)
      g_menu_append(menu, tr("_Check Data…"), WindowAction.checkData.detailedName)
      g_menu_append(menu, tr("C_hanges…"), WindowAction.changes.detailedName)
      g_menu_append(menu, tr("_My Details"), WindowAction.myDetails.detailedName)
      g_menu_append(menu, tr("_Send Email to the Selected"), WindowAction.email.detailedName)
      g_menu_append(menu, tr("_Keyboard Shortcuts"), WindowAction.showShortcuts.detailedName)
      g_menu_append(menu, tr("Search From the _Overview"), "menu.search-from-overview")
      g_menu_append(menu, tr("_About Roster"), "menu.about")
      gtk_menu_button_set_menu_model(gtkObject(button), UnsafeMutablePointer(menu))
    }

    ObjectSlot.withAdopted(g_simple_action_new("about", nil)!) { about in
      Signals.connect(gobject(about), .actionActivate) { [weak self] _ in
        self?.presentAbout(for: window)
      }
      g_action_map_add_action(group.opaque, about)
    }
    gtk_widget_insert_action_group(window, "menu", group.opaque)
  }

  /// Adds `menu.search-from-overview`: a check item whose state is
  /// ``Preferences/searchFromOverview``, stored when it changes. Until
  /// then (a window without an application) the item is insensitive.
  func bind(_ preferences: Preferences) {
    let action = g_simple_action_new_stateful(
      "search-from-overview", nil, g_variant_new_boolean(preferences.searchFromOverview ? 1 : 0))!
    // The handler lives as long as the action it is connected to.
    Signals.connect(gobject(action), .changeState) { [weak preferences] state in
      guard let state else { return }
      g_simple_action_set_state(action, state)
      preferences?.searchFromOverview = g_variant_get_boolean(state) != 0
    }
    ObjectSlot.withAdopted(action) { action in
      g_action_map_add_action(group.opaque, action)
    }
  }

  /// Opens the about window over `parent`.
  func presentAbout(for parent: Widget) {
    let about = adw_about_window_new()!
    gtk_window_set_transient_for(cgtk_window(about), cgtk_window(parent))
    let object = gtkObject(about)
    adw_about_window_set_application_name(object, tr("Roster"))
    adw_about_window_set_application_icon(object, "org.roster.Roster")
    adw_about_window_set_version(object, RosterVersion.current)
    adw_about_window_set_developer_name(object, tr("The Roster developers"))
    adw_about_window_set_comments(
      object, tr("Browse the people of a directory: a file, LDAP or SCIM, a million at a time."))
    adw_about_window_set_website(object, "https://roster.org/")
    adw_about_window_set_license_type(object, GTK_LICENSE_MIT_X11)
    adw_about_window_set_copyright(object, "© 2026 The Roster developers")
    // Translators: put your name here; it is shown as the translation's credit.
    adw_about_window_set_translator_credits(object, tr("translator-credits"))
    gtk_window_present(cgtk_window(about))
  }
}
