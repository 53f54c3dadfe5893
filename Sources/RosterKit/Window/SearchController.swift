import Directory
import FoundationEssentials
import SharedSupport

/// Filters the directory as the user types, off the main thread.
///
/// The index is built in the background once per loaded directory (for a
/// directory that is a live change of the one before, an offline copy's,
/// only once a search needs it: changes can come every few hundred
/// milliseconds, and indexing a million people each time would keep a
/// core busy for a search nobody typed); each
/// query runs on the global executor and cancels the one before it, and a
/// query that extends the last one scans only its matches. Only the final
/// result of the latest query reaches the main thread, as the rows
/// to show — the main thread never scans.
///
/// Threading: main-actor only; the scanning runs detached.
@MainActor
final class SearchController {
  /// A finished search: the query, the matching positions in the full
  /// directory and their rows, those matched exactly first.
  struct Result {
    let query: String
    let positions: [Int]
    let rows: [UserRef]
    /// The positions matched only with a typo, shown after the others.
    let near: Set<Int>
  }

  private var directory: [UserRef] = []
  private var index: Task<SearchIndex, Never>?
  /// The directory to index once a search needs it (see ``setDirectory``).
  private var unindexed: UserTable?
  /// The directory ``index`` or ``unindexed`` is of.
  private var indexed: UserTable?
  private var running: Task<Void, Never>?
  private var last: (query: String, positions: [Int])?
  private var generation = 0
  /// The query being shown or computed ("" when not searching).
  private(set) var query = ""
  /// Whether the index of the current directory has been built (a
  /// benchmark waits for this instead of guessing how long it takes).
  private(set) var isIndexBuilt = false
  /// Called on the main actor with each finished search; nil for "no filter".
  var onResult: (@MainActor (Result?) -> Void)?

  /// Starts indexing a newly loaded directory, now or, unless `eagerly`,
  /// when a search first needs it; a search in progress is re-run on it.
  func setDirectory(_ users: UserTable, rows: [UserRef], eagerly: Bool = true) {
    directory = rows
    // The same people again (a copy that reconnected): the index stands.
    if users === indexed {
      if !query.isEmpty { search(query) }
      return
    }
    indexed = users
    index?.cancel()
    index = nil
    isIndexBuilt = false
    unindexed = users
    if eagerly { _ = builtIndex() }
    last = nil
    if !query.isEmpty { search(query) }
  }

  /// The index of the directory, its building started if it was not.
  private func builtIndex() -> Task<SearchIndex, Never>? {
    if let index { return index }
    guard let users = unindexed else { return nil }
    unindexed = nil
    let building = Task.detached(priority: .userInitiated) {
      SearchIndex(users, region: .ofThisProcess)
    }
    index = building
    Task { @MainActor [weak self] in
      _ = await building.value
      if let self, self.index == building { self.isIndexBuilt = true }
    }
    return building
  }

  /// Filters by `text` (empty shows everyone).
  func search(_ text: String) {
    let text = text.trimmed
    query = text
    generation += 1
    running?.cancel()
    guard !text.isEmpty else {
      last = nil
      onResult?(nil)
      return
    }
    let generation = generation
    let within = last.flatMap { SearchIndex.canRefine($0.query, to: text) ? $0.positions : nil }
    let directory = directory
    guard let index = builtIndex() else { return }
    running = Task { @MainActor [weak self] in
      let search = Task.detached(priority: .userInitiated) { () -> Result? in
        let built = await index.value
        guard !Task.isCancelled,
          let found = built.rankedMatches(text, within: within, isCancelled: { Task.isCancelled })
        else { return nil }
        let positions = found.ranked
        return Result(
          query: text, positions: positions, rows: positions.map { directory[$0] },
          near: Set(found.near))
      }
      let result = await withTaskCancellationHandler {
        await search.value
      } onCancel: {
        search.cancel()
      }
      guard let self, let result, generation == self.generation else { return }
      self.last = (text, result.positions)
      self.onResult?(result)
    }
  }
}
