import CGtk
import Directory
import GtkKit
import SharedSupport

/// Going from place to place in the window: a person's page (Enter or a
/// double-click on a person, a name on a person's page), a group's people
/// (the sidebar, a group on a person's page), a filter; and Back and
/// Forward between them (Alt+Left and Alt+Right, the mouse's back and
/// forward buttons, the header bar's back button), each place coming back
/// as it was left: its group, filter and search, the person selected and
/// the scroll position (``NavigationHistory``, ``WindowPlace``). Leaving a
/// person page whose entries hold unsaved changes asks first
/// (``leavingPersonPage(then:)``).
extension MainWindow {
  static func makeNavigation(people: Widget, person: Widget) -> Widget {
    let stack = gtk_stack_new()!
    gtk_stack_set_transition_type(gtkObject(stack), GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT)
    gtk_stack_add_named(gtkObject(stack), people, "people")
    gtk_stack_add_named(gtkObject(stack), person, "person")
    gtk_stack_set_visible_child_name(gtkObject(stack), "people")
    return stack
  }

  func connectNavigation() {
    personPage.onPerson = { [weak self] identity in self?.openPerson(identity: identity) }
    personPage.onGroup = { [weak self] id, name in self?.showGroup(id: id, name: name) }
    personPage.onShowReports = { [weak self] identity, name in
      self?.showReports(of: identity, name: name)
    }
    personPage.onShowInTree = { [weak self] identity in self?.showInTree(identity) }
    // The mouse's back and forward buttons (8 and 9), anywhere in the window.
    let click = gtk_gesture_click_new()!
    gtk_gesture_single_set_button(gtkObject(click), 0)
    gtk_event_controller_set_propagation_phase(gtkObject(click), GTK_PHASE_CAPTURE)
    Signals.connect(gobject(click), .pressed) { [weak self, click] _, _, _ in
      switch gtk_gesture_single_get_current_button(gtkObject(click)) {
      case 8: self?.goBack()
      case 9: self?.goForward()
      default: break
      }
    }
    gtk_widget_add_controller(window, click)
    showNavigationState()
  }

  /// The person page, when it shows.
  var shownPersonPage: PersonPage? {
    String(cString: gtk_stack_get_visible_child_name(gtkObject(navigation))) == "person"
      ? personPage : nil
  }

  /// Where the window is now.
  var currentPlace: WindowPlace {
    if let identity = shownPersonPage?.identity { return .person(identity) }
    return .people(
      PeoplePlace(
        view: viewMode, scope: places.shownChoice.scope, filter: places.shownChoice.filter,
        search: searchBar.text,
        selected: selectedPosition.flatMap { page.people.person(at: $0)?.identity },
        scroll: ShownPlace.scroll(of: page.views.shownView)))
  }

  /// Whether Back has somewhere to go.
  public var canGoBack: Bool { places.canGoBack }
  /// Whether Forward has somewhere to go.
  public var canGoForward: Bool { places.canGoForward }

  /// Runs `change`, which goes to a new place: the place left is kept for
  /// Back once, however many steps the change takes.
  func navigate(_ change: () -> Void) {
    if places.navigate(leaving: currentPlace, change) { showNavigationState() }
  }

  /// Notes that the user chose the people of `scope` or filter `filter`
  /// themselves (the sidebar, the filter bar): the place before is kept for Back.
  func peopleChoiceWillChange(scope: PeopleScope??, filter: String?) {
    if places.choiceWillChange(leaving: currentPlace, scope: scope, filter: filter) {
      showNavigationState()
    }
  }

  /// Opens the page of the person at `position` of the view.
  public func openPerson(at position: Int) {
    let (page, generation) = (page, places.generation)
    Task { @MainActor [weak self] in
      guard let facts = await page.people.facts(at: position), let self,
        self.places.generation == generation
      else { return }
      self.leavingPersonPage { [weak self] in self?.navigate { self?.showPerson(facts) } }
    }
  }

  /// Opens the page of the person `identity` (a name on a person's page).
  func openPerson(identity: String) {
    let (page, generation) = (page, places.generation)
    Task { @MainActor [weak self] in
      guard let facts = await page.people.facts(ofIdentity: identity), let self,
        self.places.generation == generation
      else { return }
      self.leavingPersonPage { [weak self] in self?.navigate { self?.showPerson(facts) } }
    }
  }

  /// Shows the people of the group `id` (a group on a person's page):
  /// chosen in the sidebar when it lists it, else read by the page.
  func showGroup(id: String, name: String) {
    leavingPersonPage { [weak self] in
      guard let self else { return }
      navigate {
        showPeople()
        show(.group(id: id, name: name))
      }
    }
  }

  /// Shows the direct reports of the person `identity` in the list (a
  /// server's, "Show in the List" on their page).
  package func showReports(of identity: String, name: String) {
    leavingPersonPage { [weak self] in
      guard let self else { return }
      navigate {
        showPeople()
        show(.reports(identity: identity, name: name))
      }
    }
  }

  /// Narrows the people to `scope` (nil: everyone), through the sidebar
  /// where it lists the group.
  private func show(_ scope: PeopleScope?) {
    places.shownChoice.scope = scope
    switch scope {
    case nil:
      if sidebar.hasSelectedGroup { sidebar.select(nil) }
      page.narrow(.group(nil))
    case .group(let id, let name):
      if let number = sidebar.number(ofGroup: id) {
        sidebar.select(number)
      } else {
        page.narrow(.namedGroup(id: id, name: name))
      }
    case .reports(let identity, let name):
      if sidebar.hasSelectedGroup { sidebar.select(nil) }
      page.narrow(.reports(of: identity, name: name))
    }
  }

  /// Shows the org tree opened down to the person `identity`.
  func showInTree(_ identity: String) {
    leavingPersonPage { [weak self] in
      guard let self else { return }
      navigate {
        showPeople()
        page.views.revealInTree(identity)
        showViewModeInToggles()
      }
    }
  }

  /// Goes back to the place before (Alt+Left, the mouse's back button).
  public func goBack() {
    guard places.canGoBack else { return }
    leavingPersonPage { [weak self] in
      guard let self, let place = places.back(from: currentPlace) else { return }
      go(to: place)
    }
  }

  /// Goes forward to the place gone back from (Alt+Right).
  public func goForward() {
    guard places.canGoForward else { return }
    leavingPersonPage { [weak self] in
      guard let self, let place = places.forward(from: currentPlace) else { return }
      go(to: place)
    }
  }

  private func go(to place: WindowPlace) {
    defer { showNavigationState() }
    places.restoring { generation in restore(place, generation: generation) }
  }

  /// Puts `place` back, move number `generation`.
  private func restore(_ place: WindowPlace, generation: Int) {
    switch place {
    case .person(let identity):
      let page = page
      Task { @MainActor [weak self] in
        guard let facts = await page.people.facts(ofIdentity: identity), let self,
          self.places.generation == generation
        else { return }
        self.showPerson(facts)
      }
    case .people(let people):
      showPeople()
      viewMode = people.view
      if people.scope != places.shownChoice.scope { show(people.scope) }
      if people.filter != places.shownChoice.filter {
        if !people.filter.isEmpty { isFilterBarOpen = true }
        filterBar.apply(expression: people.filter)
      }
      if people.search != searchBar.text { setSearchText(people.search) }
      page.views.restore(selected: people.selected, scroll: people.scroll)
    }
  }

  /// Shows the person page again with the person as the local directory
  /// now has them (after an offline copy's change or a refresh), when
  /// anything the page shows of them changed.
  func refreshShownPerson() {
    guard let shown = shownPersonPage?.facts, case .loaded = page.people.held else { return }
    let (page, generation, identity) = (page, places.generation, shown.person.identity)
    Task { @MainActor [weak self] in
      let facts = await page.people.facts(ofIdentity: identity)
      guard let self else { return }
      self.shownPersonChecks += 1
      guard let facts, self.places.generation == generation, self.personPage.identity == identity,
        !facts.showsSame(as: shown)
      else { return }
      self.showPerson(facts)
    }
  }

  /// Shows `facts` on the person page, in place of the people.
  func showPerson(_ facts: PersonFacts) {
    personPage.show(facts, editable: editableDirectory)
    gtk_stack_set_visible_child_name(gtkObject(navigation), "person")
    header.titleText = DisplayText.of(facts.person.displayName)
    header.subtitleText = facts.person.subtitle
    let identity = facts.person.identity
    let page = page
    Task { @MainActor [weak self] in
      guard let attributes = await page.people.attributes(of: identity), let self,
        self.personPage.identity == identity
      else { return }
      self.personPage.attributes.show(attributes)
    }
  }

  /// Shows the people again, as they were.
  private func showPeople() {
    guard shownPersonPage != nil else { return }
    gtk_stack_set_visible_child_name(gtkObject(navigation), "people")
    personPage.clear()
    header.titleText = tr("Roster")
    showPeopleSubtitle()
    gtk_widget_grab_focus(page.views.shownView)
  }

  /// The back button shows when there is somewhere to go back to.
  private func showNavigationState() {
    Gtk.setVisible(header.backButton, places.canGoBack)
  }
}
