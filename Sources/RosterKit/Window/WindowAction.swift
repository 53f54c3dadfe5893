/// One line of the window's shortcut table: a window action ("win.<name>")
/// with its keyboard shortcuts (a GtkShortcutTrigger string such as
/// "<Control>r|F5") and what it does, or a key GTK's own widgets handle,
/// listed only so the shortcuts window tells about it.
///
/// Threading: main-actor only.
@MainActor
struct WindowAction {
  /// What the line does.
  enum Kind {
    /// A plain action.
    case action(@MainActor () -> Void)
    /// A stateful on/off action (a toggle button can follow its state).
    case toggle(@MainActor (Bool) -> Void)
    /// Handled by a GTK widget itself (list keys, the search bar's Escape):
    /// listed in the shortcuts window, nothing installed.
    case builtIn
  }

  let name: String
  /// The shortcuts; "" installs none and leaves the line out of the
  /// shortcuts window (an action only a button triggers).
  let accelerators: String
  let title: String
  let kind: Kind

  /// The accelerators as GtkShortcutsShortcut writes them (space-separated).
  var shortcutsWindowAccelerator: String {
    accelerators.split(separator: "|").joined(separator: " ")
  }
}
