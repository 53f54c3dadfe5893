import SharedSupport

/// Everyone of one table in one order, made before it was asked for: an
/// offline copy's people by username, sorted when the copy was written and
/// kept beside it (``ReplicaStore``), so the list of a copy opened again
/// shows everyone in that order without sorting a million people first.
/// ``UserTable/sortedPositions(by:within:isCancelled:)`` reads it when
/// asked for everyone in that order, in the collation it was made in.
///
/// Threading: any thread; a lock guards the one entry.
final class KnownOrder: Sendable {
  /// An order and the collation it was made in, with everyone's positions.
  ///
  /// Threading: a plain value inside `entry`.
  private struct Entry {
    let order: PersonSort
    let locale: String
    let positions: [Int]
  }

  private let entry = Locked<Entry?>(nil)

  /// Everyone's positions in `order` made in `locale`, if known.
  func positions(in order: PersonSort, locale: String) -> [Int]? {
    entry.withLock { entry in
      guard let entry, entry.order == order, entry.locale == locale else { return nil }
      return entry.positions
    }
  }

  /// Keeps `positions`, everyone's in `order` made in `locale`.
  func store(_ positions: [Int], in order: PersonSort, locale: String) {
    entry.withLock { $0 = Entry(order: order, locale: locale, positions: positions) }
  }
}
