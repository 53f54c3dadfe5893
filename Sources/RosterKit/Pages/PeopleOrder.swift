import Directory

/// The order a page shows its people in, held once for the page, its
/// table's header and the preferences: the order (nil: the directory's
/// own, a server's by username), the fields it cannot be by and why (a
/// server's refusals: Active Directory orders by one key only, OpenLDAP's
/// schemas give some attributes no ordering rule), and what a click on a
/// column's title makes of it (by that column, then reversed).
///
/// Observers (``observe(_:)``) hear of every change at once, in the order
/// they came: the header shows the arrow and greys the refused titles; the
/// page applies the order (a local page sorts off the main thread, a
/// server's asks the server's sort control).
///
/// Threading: main-actor only.
@MainActor
package final class PeopleOrder {
  /// What changed, as observers hear of it.
  package enum Change {
    /// The order was set, from `previous` (it may be the same again).
    case sort(previous: PersonSort?)
    /// The fields refused changed.
    case refusals
  }

  /// The order the people show in; nil for the directory's own.
  package private(set) var sort: PersonSort?
  /// The fields a column click does not order by, with the reason people are told.
  package private(set) var refusals: [PersonField: String] = [:]
  private var observers: [@MainActor (Change) -> Void] = []

  package init() {}

  /// The column the people are ordered by first (the header's arrow).
  package var key: PersonSort.Key? { sort?.keys.first }

  /// A click on `field`'s title: orders by it ascending, or reverses an
  /// ascending order by it; a refused field leaves the order as it is.
  package func sortByColumn(_ field: PersonField) {
    guard refusals[field] == nil else { return }
    let descending = key.map { $0.field == field && !$0.descending } ?? false
    sort(by: PersonSort([.init(field, descending: descending)]))
  }

  /// Orders the people by `order` (nil: the directory's own). Observers
  /// hear of it even when it is the order already; an order with a
  /// refused field is still asked for, and its refusal told by the page.
  package func sort(by order: PersonSort?) {
    let previous = sort
    sort = order
    tell(.sort(previous: previous))
  }

  /// Takes `refusals` as the fields that cannot be ordered by.
  package func refuse(_ refusals: [PersonField: String]) {
    self.refusals = refusals
    tell(.refusals)
  }

  /// Calls `observer` after every change.
  func observe(_ observer: @escaping @MainActor (Change) -> Void) { observers.append(observer) }

  private func tell(_ change: Change) {
    for observer in observers { observer(change) }
  }
}
