/// The rows whose avatar was still on its way when they were bound: the
/// only rows whose load a scroll raises (on screen) or lowers (off it).
///
/// GTK keeps ~200 rows bound; visiting all of them on every visible-range
/// change (a GTK call for each position and a chain of retains through each
/// row) cost more of a scrolling frame than binding did. A row adds itself
/// when its bind starts a load; a row whose avatar arrived, failed or was
/// unbound is forgotten on the next visit.
///
/// Threading: main-actor only.
@MainActor
final class WaitingAvatarRows<Row: AnyObject> {
  private var rows: [ObjectIdentifier: Row] = [:]
  private let isWaiting: @MainActor (Row) -> Bool

  /// `isWaiting` tells whether a row's avatar is still on its way.
  init(isWaiting: @escaping @MainActor (Row) -> Bool) {
    self.isWaiting = isWaiting
  }

  /// Rows remembered now (some may have stopped waiting since).
  var count: Int { rows.count }

  /// Remembers `row`, whose bind started a load.
  func add(_ row: Row) {
    rows[ObjectIdentifier(row)] = row
  }

  /// Visits the rows still waiting and forgets the others.
  func visit(_ body: (Row) -> Void) {
    var done: [ObjectIdentifier] = []
    for (key, row) in rows {
      if isWaiting(row) { body(row) } else { done.append(key) }
    }
    for key in done { rows[key] = nil }
  }
}
