/// Where the user has been, for Back and Forward: the places left behind
/// and the places gone back from, like a browser's. Visiting a new place
/// forgets the forward ones. At most ``limit`` places are kept behind.
///
/// Threading: a plain value.
struct NavigationHistory<Place: Equatable> {
  /// The most places kept behind; the oldest go first.
  static var limit: Int { 100 }

  private(set) var back: [Place] = []
  private(set) var forward: [Place] = []

  var canGoBack: Bool { !back.isEmpty }
  var canGoForward: Bool { !forward.isEmpty }

  /// Leaves `current` for a new place (a place equal to the last one left
  /// is not kept twice).
  mutating func leave(_ current: Place) {
    if back.last != current { back.append(current) }
    if back.count > Self.limit { back.removeFirst(back.count - Self.limit) }
    forward = []
  }

  /// The place before `current`, which becomes the first place forward.
  mutating func goBack(from current: Place) -> Place? {
    guard let place = back.popLast() else { return nil }
    forward.append(current)
    return place
  }

  /// The place after `current`, which becomes the last place behind.
  mutating func goForward(from current: Place) -> Place? {
    guard let place = forward.popLast() else { return nil }
    back.append(current)
    return place
  }
}

/// A place of the window: the people in a view (list, grid, table or org
/// tree; a group, a filter, a search; the person selected and the scroll
/// position), or a person's page.
///
/// Threading: a plain value; `Sendable`.
enum WindowPlace: Equatable, Sendable {
  case people(PeoplePlace)
  /// A person's page, by their identity.
  case person(String)
}

/// The people shown, as they were left.
///
/// Threading: a plain value; `Sendable`.
struct PeoplePlace: Equatable, Sendable {
  /// The list, the grid, the table or the org tree.
  var view: ViewMode
  /// A group's people or a manager's reports (nil: everyone).
  var scope: PeopleScope?
  /// The filter as its expression ("" for none).
  var filter: String
  var search: String
  /// The identity of the person selected, if any.
  var selected: String?
  /// How far the view was scrolled, in pixels.
  var scroll: Double
}

/// Whose people a view shows, when not everyone's.
///
/// Threading: a plain value; `Sendable`.
enum PeopleScope: Equatable, Sendable {
  /// A group's people, by the group's identity and name.
  case group(id: String, name: String)
  /// A manager's direct reports, by the manager's identity and name.
  case reports(identity: String, name: String)
}
