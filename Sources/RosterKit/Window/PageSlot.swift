import CGtk
import GtkKit

/// Where a window's ``DirectoryPage`` sits, under the frame-time HUD: a
/// stack, so a page that takes over (an offline copy's) shows at once in
/// the same place. The page it took over from stays in the stack, hidden
/// and closed, until the window goes, so nothing it still runs reaches a
/// freed widget.
///
/// Threading: main-actor only.
@MainActor
final class PageSlot {
  /// The GtkStack holding the pages.
  let widget: Widget
  /// The page shown.
  private(set) var page: any DirectoryPage
  /// The page the shown one took over from, if any.
  private var retired: (any DirectoryPage)?

  /// A slot showing `page`.
  init(_ page: any DirectoryPage) {
    self.page = page
    widget = gtk_stack_new()!
    gtk_stack_add_child(gtkObject(widget), page.widget)
  }

  /// Shows `next` in the page's place; the page it replaces is closed and
  /// stays hidden until the window goes.
  func replace(with next: any DirectoryPage) {
    let old = page
    old.onNotice = nil
    old.close()
    gtk_stack_add_child(gtkObject(widget), next.widget)
    gtk_stack_set_visible_child(gtkObject(widget), next.widget)
    page = next
    retired = old
  }
}
