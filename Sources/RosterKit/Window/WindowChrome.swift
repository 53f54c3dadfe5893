import CAdw
import CGtk
import GtkKit
import PreparedImages

/// The widgets around a window's page, built once with the window and laid
/// out here, so the window's structure reads in one place:
///
///     AdwApplicationWindow
///     ├── header bar (title, subtitle, back, view toggles, main menu)
///     └── flap: groups sidebar │ toasts
///                                └── navigation: people │ a person's page
///                                    people = PageStack (loading, empty, error)
///                                      └── search bar, filter bar,
///                                          "Not encrypted" banner, banner,
///                                          the page under the frame-time HUD,
///                                          export bar
///
/// Holds no state but the toasts' (``Toasts``); the window and its feature controllers
/// (``ExportController``, ``OfflineCopyController``, ``PlaceKeeper``)
/// drive it.
///
/// Threading: main-actor only.
@MainActor
final class WindowChrome {
  let header = HeaderBar()
  /// The non-modal error banner above the people.
  let banner = ErrorBanner()
  /// "Not encrypted", while the page reads a server in clear text.
  let plaintextBanner = PlaintextBanner()
  /// The search bar; typing anywhere in the window starts a search.
  let searchBar: SearchBar
  /// The filter bar under the search bar (Ctrl+Shift+F).
  let filterBar = FilterBar()
  /// The bar under the people while an export runs.
  let exportBar = ExportBar()
  /// The loading, empty and error states around the people.
  let pages: PageStack
  /// Short news over the pages ("12 people changed").
  let toasts: Toasts
  /// The people (``pages``) or a person's page, one showing.
  let navigation: Widget
  /// The groups sidebar (F9), in ``flap`` beside the pages.
  let sidebar = GroupsSidebar()
  /// The AdwFlap holding the sidebar and the pages.
  let flap: Widget
  /// The frame-time HUD (F12), over the page.
  let hud: FrameHud
  /// The header bar's main menu (shortcuts, about).
  let mainMenu: MainMenu

  /// The chrome of `window` around `page` (the page's slot) and
  /// `personPage`; `headerRenders` counts the header bar's renders.
  init(
    window: Widget, page: Widget, personPage: Widget, pipeline: ImagePipeline?,
    headerRenders: TextureRenderCount
  ) {
    hud = FrameHud(pipeline: pipeline)
    let listOverlay = gtk_overlay_new()!
    gtk_overlay_set_child(gtkObject(listOverlay), page)
    gtk_overlay_add_overlay(gtkObject(listOverlay), hud.widget)
    gtk_widget_set_margin_top(hud.widget, 8)
    gtk_widget_set_margin_end(hud.widget, 8)
    gtk_widget_set_vexpand(listOverlay, 1)
    searchBar = SearchBar(keyCaptureWidget: window)
    let listPage = Gtk.box(GTK_ORIENTATION_VERTICAL)
    Gtk.append(
      listPage, searchBar.widget, filterBar.widget, plaintextBanner.widget, banner.widget,
      listOverlay, exportBar.widget)
    pages = PageStack(listPage: listPage)
    navigation = MainWindow.makeNavigation(people: pages.widget, person: personPage)
    toasts = Toasts(over: navigation)
    flap = MainWindow.makeFlap(content: toasts.widget, sidebar: sidebar)
    AdwChrome.setContent(
      of: window, header: header.widget, body: flap, headerRenders: headerRenders)
    mainMenu = MainMenu(window: window)
    header.packEnd(mainMenu.button)
    header.packEnd(header.tableButton)
    header.packEnd(header.gridButton)
  }
}
