/// What a window remembers of going from place to place: Back and
/// Forward's history, whether a place is being put back (what that
/// changes is not a new place), a count of the moves (a person's page
/// whose facts arrive after a later move does not show), and the group and
/// filter the people show as last chosen (the place a new choice leaves).
/// The window says where it is (``WindowPlace``) and goes there; this keeps
/// the record.
///
/// Threading: main-actor only.
@MainActor
final class PlaceKeeper {
  private var history = NavigationHistory<WindowPlace>()
  /// True while Back or Forward puts a place back.
  private(set) var isRestoring = false
  /// Counts the moves from place to place.
  private(set) var generation = 0
  /// The group and filter the people show, as last chosen.
  var shownChoice = (scope: PeopleScope?.none, filter: "")

  /// Nowhere been yet.
  init() {}

  /// Whether Back has somewhere to go.
  var canGoBack: Bool { history.canGoBack }
  /// Whether Forward has somewhere to go.
  var canGoForward: Bool { history.canGoForward }

  /// A move: a page that arrives for an earlier one no longer shows.
  /// Returns the move's number.
  @discardableResult
  func move() -> Int {
    generation += 1
    return generation
  }

  /// Runs `change`, which goes to a new place from `current`: the place
  /// left is kept for Back once, however many steps the change takes.
  /// Returns whether the history changed.
  @discardableResult
  func navigate(leaving current: @autoclosure () -> WindowPlace, _ change: () -> Void) -> Bool {
    move()
    guard !isRestoring else {
      change()
      return false
    }
    history.leave(current())
    isRestoring = true
    change()
    isRestoring = false
    return true
  }

  /// The user chose the people of `scope` or filter `filter` themselves
  /// (the sidebar, the filter bar): the place before, `current`, is kept
  /// for Back. Returns whether the history changed.
  @discardableResult
  func choiceWillChange(
    leaving current: @autoclosure () -> WindowPlace, scope: PeopleScope??, filter: String?
  ) -> Bool {
    move()
    let left = !isRestoring
    if left { history.leave(current()) }
    if let scope { shownChoice.scope = scope }
    if let filter { shownChoice.filter = filter }
    return left
  }

  /// The place before `current`, to go back to, if any.
  func back(from current: WindowPlace) -> WindowPlace? { history.goBack(from: current) }

  /// The place gone back from, to go forward to, if any.
  func forward(from current: WindowPlace) -> WindowPlace? { history.goForward(from: current) }

  /// Puts a place back with `restore`, which is handed the move's number:
  /// what it changes is not a new place.
  func restoring(_ restore: (_ generation: Int) -> Void) {
    let generation = move()
    isRestoring = true
    defer { isRestoring = false }
    restore(generation)
  }
}
