import GtkKit

/// The chrome's widgets by name, as the window's extensions use them
/// (``WindowChrome`` owns and lays them out).
extension MainWindow {
  var header: HeaderBar { chrome.header }
  var banner: ErrorBanner { chrome.banner }
  var plaintextBanner: PlaintextBanner { chrome.plaintextBanner }
  var searchBar: SearchBar { chrome.searchBar }
  var filterBar: FilterBar { chrome.filterBar }
  var pages: PageStack { chrome.pages }
  var toasts: Toasts { chrome.toasts }
  var navigation: Widget { chrome.navigation }
  var sidebar: GroupsSidebar { chrome.sidebar }
  var flap: Widget { chrome.flap }
  /// The list's avatars (48 px); the bench watches them.
  package var avatars: AvatarService? { pageAvatars.rows }
  /// The frame-time HUD (F12).
  package var hud: FrameHud { chrome.hud }
}
