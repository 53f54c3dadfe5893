import CAdw
import CGtk
import Directory
import GtkKit

/// The groups sidebar's side of the window: an AdwFlap beside the pages
/// (folded over them in a narrow window), shown and hidden with F9 or the
/// header bar's sidebar button (`win.sidebar`), offered once the page tells
/// of groups; choosing a line shows that group's people on the page
/// (``DirectoryPage/showGroup(_:)``) and, folded, closes the sidebar.
extension MainWindow {
  /// Whether the groups sidebar shows; its toggle action follows.
  public var isSidebarOpen: Bool {
    get { adw_flap_get_reveal_flap(gtkObject(flap)) != 0 }
    set {
      adw_flap_set_reveal_flap(gtkObject(flap), newValue ? 1 : 0)
      actions.setState(.sidebar, newValue)
    }
  }

  /// Whether the sidebar lies over the pages (a narrow window) rather than beside them.
  public var isSidebarFolded: Bool { adw_flap_get_folded(gtkObject(flap)) != 0 }

  /// Whether the sidebar is offered: the directory has groups.
  public var offersGroups: Bool { actions.isEnabled(.sidebar) }

  /// The group whose people show (its number in the directory's groups), nil for everyone.
  public var shownGroup: Int? { sidebar.shownGroup }

  /// Builds the flap around `content`, the sidebar at its start.
  static func makeFlap(content: Widget, sidebar: GroupsSidebar) -> Widget {
    let flap = adw_flap_new()!
    adw_flap_set_content(gtkObject(flap), content)
    adw_flap_set_flap(gtkObject(flap), sidebar.widget)
    adw_flap_set_separator(gtkObject(flap), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
    adw_flap_set_reveal_flap(gtkObject(flap), 0)
    // Neither a swipe nor a wider window opens it before there are groups.
    adw_flap_set_swipe_to_open(gtkObject(flap), 0)
    adw_flap_set_locked(gtkObject(flap), 1)
    return flap
  }

  func connectSidebar() {
    actions.setEnabled(.sidebar, false)
    sidebar.onSelect = { [weak self] choice in
      guard let self else { return }
      let scope = choice.map { PeopleScope.group(id: $0.id, name: $0.name) }
      self.peopleChoiceWillChange(scope: .some(scope), filter: nil)
      if let choice, choice.number == nil {
        self.page.narrow(.namedGroup(id: choice.id, name: choice.name))
      } else {
        self.page.narrow(.group(choice?.number))
      }
      if self.isSidebarFolded { self.isSidebarOpen = false }
    }
    // The flap closes itself (a click beside it when folded, a swipe) and
    // opens itself when the window widens (once there are groups).
    Signals.connect(gobject(flap), .notify("reveal-flap")) { [weak self] in
      guard let self else { return }
      self.actions.setState(.sidebar, self.isSidebarOpen)
    }
  }

  /// Lists `groups` in the sidebar, offering it when there are any.
  /// A wide window shows it beside the people when they first come.
  func showGroups(_ groups: DirectoryGroups, everyone: Int) {
    sidebar.show(groups, everyone: everyone)
    offerSidebar(!groups.isEmpty)
  }

  /// Lists a server's groups in the sidebar from `first`, their first
  /// window by name, and offers it.
  func showServerGroups(
    _ directory: any OrganisedDirectory, first: GroupRange, everyone: Int
  ) {
    sidebar.show(server: directory, first: first, everyone: everyone)
    offerSidebar(first.count > 0)
  }

  /// Offers the sidebar when there are groups (a wide window shows it
  /// beside the people when they first come), else closes and locks it.
  private func offerSidebar(_ hasGroups: Bool) {
    let wasOffered = offersGroups
    actions.setEnabled(.sidebar, hasGroups)
    adw_flap_set_swipe_to_open(gtkObject(flap), hasGroups ? 1 : 0)
    adw_flap_set_locked(gtkObject(flap), hasGroups ? 0 : 1)
    if !hasGroups, isSidebarOpen { isSidebarOpen = false }
    if hasGroups, !wasOffered, !isSidebarFolded { isSidebarOpen = true }
  }

  /// Shows the people of group `number` (nil: everyone) as choosing its
  /// line in the sidebar does; false when the sidebar has no such line.
  @discardableResult
  public func showGroup(_ number: Int?) -> Bool { sidebar.select(number) }
}
