/// One window action ("win.<name>"), its keyboard shortcuts (a GtkShortcutTrigger
/// string such as "<Control>r|F5") and what it does.
///
/// Threading: main-actor only.
@MainActor
struct WindowAction {
  let name: String
  let accelerators: String
  let title: String
  let handler: @MainActor () -> Void
}
