import SharedSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The ranks of every person of one table by a field, ascending, in one
/// collation: what a sort by that field reads again, so a second sort by
/// the same field, or one within a filter's matches, makes no collation
/// keys. A table never changes, so its ranks never go stale; a change of
/// `LC_COLLATE` would, so the ranks are kept for one locale (by name) and
/// another locale empties the cache.
///
/// Holds the ranks of at most ``capacity`` fields (four bytes a person
/// each), dropping the one stored first.
///
/// Threading: any thread; a mutex guards the entries, held only to read or
/// replace them. Two sorts that rank the same field at once both make its
/// ranks (the same ones) and the later store replaces the earlier.
final class SortRankCache: Sendable {
  /// The most fields whose ranks are kept.
  static let capacity = 4

  /// The cached ranks and the locale they were made in.
  ///
  /// Threading: only inside `state`.
  private struct State {
    var locale = ""
    var entries: [(field: PersonField, ranks: [UInt32])] = []
  }

  private let state = Locked(State())

  /// The name of the process's current collation (`LC_COLLATE`).
  static var currentLocale: String { String(cString: setlocale(LC_COLLATE, nil)) }

  /// The ranks of everyone by `field` made in `locale`, if kept.
  func ranks(of field: PersonField, locale: String) -> [UInt32]? {
    state.withLock { state in
      state.locale == locale ? state.entries.first { $0.field == field }?.ranks : nil
    }
  }

  /// Keeps `ranks`, everyone's by `field` made in `locale`.
  func store(_ ranks: [UInt32], of field: PersonField, locale: String) {
    state.withLock { state in
      if state.locale != locale {
        state.locale = locale
        state.entries.removeAll()
      }
      state.entries.removeAll { $0.field == field }
      if state.entries.count == Self.capacity { state.entries.removeFirst() }
      state.entries.append((field, ranks))
    }
  }
}
