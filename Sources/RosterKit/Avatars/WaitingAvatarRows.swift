import GtkKit

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
final class WaitingAvatarRows<Row: ListRow> {
  private var rows: [ObjectIdentifier: Row] = [:]
  private let isWaiting: @MainActor (Row) -> Bool

  /// `isWaiting` tells whether a row's avatar is still on its way.
  init(isWaiting: @escaping @MainActor (Row) -> Bool) {
    self.isWaiting = isWaiting
  }

  /// Remembers `row`, whose bind started a load.
  func add(_ row: Row) {
    rows[ObjectIdentifier(row)] = row
  }

  /// Tells each row still waiting whether it is on screen now (its position read from
  /// `factory`), and forgets the others.
  func visibleRangeChanged(
    to visible: Range<Int>, in factory: ListFactory<Row>,
    setVisible: (Row, Bool) -> Void
  ) {
    var done: [ObjectIdentifier] = []
    for (key, row) in rows {
      guard isWaiting(row) else {
        done.append(key)
        continue
      }
      if let position = factory.boundPosition(of: row) {
        setVisible(row, visible.contains(position))
      }
    }
    for key in done { rows[key] = nil }
  }
}
