import Directory
import FoundationEssentials
import GtkKit

/// How a directory read from a server reaches the list: the first window
/// gives the count (the list is sized at once), then the list model fetches
/// the pages of the rows on screen. A search asks the server for a narrowed
/// view with the same order; Refresh finds where the person at the top is
/// now (a `greaterThanOrEqual` target on their sort key) and re-fills the
/// rows in place.
///
/// Threading: main-actor only; every server call runs off the main thread
/// (the directory's own connection threads).
@MainActor
final class ServerPresenter {
  /// The whole directory.
  let directory: any RangedDirectory
  /// The people as GTK sees them; nil elements are still on their way.
  let model: RangedListModel<UserViewModel>
  /// The first position on screen in the view that shows (the page sets it).
  var topVisible: @MainActor () -> Int? = { nil }
  /// Scrolls the view that shows so that a position is its top row (the page sets it).
  var scrollToTop: @MainActor (Int) -> Void = { _ in }
  /// What the list shows: the directory, or a search of it.
  private(set) var shown: any RangedDirectory
  /// What searches, filters and orders narrow: the whole directory, or a
  /// group's people or a manager's reports on it (``narrow(to:named:)``).
  private(set) var base: any RangedDirectory
  /// The name of the group or manager ``base`` is of, nil for everyone.
  private(set) var scopeName: String?
  /// The search whose result is shown ("" for everyone).
  private(set) var query = ""
  /// The column order the server applies (nil: by username): the page's.
  let order: PeopleOrder
  /// The filter the server applies (nil: everyone the search finds).
  private(set) var filter: PersonFilter?
  /// The count of the whole directory, once known.
  private(set) var totalCount: Int?
  private var opening: Task<Void, Never>?
  /// The fields the server refuses to order by, asked once.
  private var refusals: Task<[PersonField: String], Never>?
  /// Bumped by every open, search and refresh: an older one's answer is dropped.
  private var generation = 0
  /// Whether the rows are a cached first screen (``showCached(_:)``) the
  /// open's first window replaces in place.
  private(set) var showsCached = false
  /// Called when a directory, a search or a refresh has its first window:
  /// the count shown, or why it failed.
  var onOpen: (@MainActor (Result<Int, DirectoryError>) -> Void)?
  /// Called when a page fails while scrolling (the rows already shown stay).
  var onPageError: (@MainActor (DirectoryError) -> Void)?
  /// Called when the directory lost its server and continues on another.
  var onFailover: (@MainActor (DirectoryFailover) -> Void)?
  /// Called before the model starts over with another view of the server
  /// (a search, a filter, an order, a group): its positions are other people.
  var onNewView: (@MainActor () -> Void)?

  init(
    directory: any RangedDirectory, model: RangedListModel<UserViewModel>, order: PeopleOrder
  ) {
    self.directory = directory
    self.model = model
    self.order = order
    shown = directory
    base = directory
    model.onError = { [weak self] error in
      self?.onPageError?(error as? DirectoryError ?? .network(String(describing: error)))
    }
    // Reported from the connection's queue before the request that noticed
    // goes on, so the main actor hears of it before that request's page.
    directory.observeFailovers { [weak self] failover in
      Task { @MainActor in self?.onFailover?(failover) }
    }
  }

  /// Whether the directory was asked for anything yet.
  var hasStarted: Bool { generation > 0 }

  /// Whether an open, search or refresh is waiting for its first window.
  var isLoading: Bool { opening != nil }

  /// The window went away: an open, search or refresh still running is
  /// cancelled and its answer dropped, so nothing reaches the destroyed list.
  func close() {
    generation += 1
    opening?.cancel()
    opening = nil
  }

  /// Shows `screen`, the people from the top as Roster last showed them,
  /// until ``open()``'s first window replaces them in place (rows past the
  /// screen are read from the server meanwhile).
  func showCached(_ screen: FirstScreen) {
    let people = screen.people
    let server = Self.fetch(from: shown)
    showsCached = true
    model.reset(count: screen.count) { range in
      guard range.upperBound <= people.count else { return try await server(range) }
      return ElementRange(
        offset: range.lowerBound, elements: Array(people[range]), count: screen.count)
    }
  }

  /// Reads the first window and shows the directory from the top.
  func open() {
    start(shown, anchor: nil)
  }

  /// Shows the people whose username or display name contains `text`
  /// ("" shows everyone), from the top.
  func search(_ text: String) {
    guard text != query else { return }
    query = text
    shown = Self.view(of: base, query: query, filter: filter, sort: order.sort)
    start(shown, anchor: nil)
  }

  /// The order changed from `previous`. Before ``open()`` (a remembered
  /// order) the first read is ordered. After, the list (searched as it is)
  /// is shown ordered on the server (nil: by username), from the top, when
  /// the order is another. The selected person is not followed: finding
  /// their new position would cost the server a count of everyone before
  /// them under the new order for a row that is then rarely on screen, so
  /// the list starts over at the top as a search does.
  func orderChanged(from previous: PersonSort?) {
    guard !hasStarted || order.sort != previous else { return }
    shown = Self.view(of: base, query: query, filter: filter, sort: order.sort)
    if hasStarted { start(shown, anchor: nil) }
  }

  /// Shows only the people `filter` selects (nil: everyone), narrowed on
  /// the server and kept with the search and the order, from the top.
  func filter(by filter: PersonFilter?) {
    guard filter != self.filter else { return }
    self.filter = filter
    shown = Self.view(of: base, query: query, filter: filter, sort: order.sort)
    start(shown, anchor: nil)
  }

  /// Whether the list shows everyone (no search, no filter).
  var showsEveryone: Bool { query.isEmpty && filter == nil }

  /// Shows the people of `scope` (a group's people, a manager's reports:
  /// views of the directory read a window at a time), named `name`, or
  /// everyone for nil, searched, filtered and ordered as before, from the
  /// top. The pages of the view left are no longer asked for.
  func narrow(to scope: (any RangedDirectory)?, named name: String?) {
    base = scope ?? directory
    scopeName = scope == nil ? nil : name
    shown = Self.view(of: base, query: query, filter: filter, sort: order.sort)
    start(shown, anchor: nil)
  }

  /// The fields the server refuses to order by, with its reason, asked of
  /// the server once (off the main thread); a failed question refuses none,
  /// and a refused order then shows its reason when the list is read.
  func sortRefusals() async -> [PersonField: String] {
    if let refusals { return await refusals.value }
    let directory = directory
    let asking = Task.detached { (try? await directory.sortRefusals()) ?? [:] }
    refusals = asking
    return await asking.value
  }

  /// The view the list reads: `directory` narrowed by `filter` and ordered
  /// by `sort`, then narrowed by `query` (a search of an ordered view keeps
  /// its order). Builds no request; the server is asked when a window is read.
  nonisolated static func view(
    of directory: any RangedDirectory, query: String, filter: PersonFilter? = nil,
    sort: PersonSort?
  ) -> any RangedDirectory {
    let ordered =
      filter == nil && sort == nil ? directory : directory.querying(filter: filter, sort: sort)
    return query.isEmpty ? ordered : ordered.searching(query)
  }

  /// Reads the rows again, keeping the person at the top in place.
  func refresh() {
    let top = topVisible().flatMap { model[$0]?.username }
    start(shown, anchor: top, refill: true)
  }

  /// Fetches the first window (or the anchor's position) off the main
  /// thread, then resets or re-fills the model.
  private func start(_ target: any RangedDirectory, anchor: String?, refill: Bool = false) {
    generation += 1
    let generation = generation
    opening?.cancel()
    opening = Task { @MainActor [weak self] in
      let result = await Self.firstRange(of: target, anchor: anchor)
      guard let self, generation == self.generation, !Task.isCancelled else { return }
      self.opening = nil
      switch result {
      case .success(let window):
        if self.showsEveryone { self.totalCount = window.count }
        let cached = self.showsCached
        self.showsCached = false
        if refill, window.count == self.model.count {
          self.model.refill()
        } else if cached, window.count == self.model.count {
          // The cached screen's rows stay until the server's replace them.
          self.model.refill(fetch: Self.fetch(from: target))
        } else {
          if !refill { self.onNewView?() }
          self.model.reset(count: window.count, fetch: Self.fetch(from: target))
        }
        if anchor != nil { self.scrollToTop(window.offset) }
        self.onOpen?(.success(window.count))
      case .failure(let error):
        self.onOpen?(.failure(error))
      }
    }
  }

  /// Runs off the main thread.
  nonisolated private static func firstRange(
    of directory: any RangedDirectory, anchor: String?
  ) async -> Result<RowRange, DirectoryError> {
    do throws(DirectoryError) {
      if let anchor { return .success(try await directory.position(ofFirstAtOrAfter: anchor)) }
      return .success(try await directory.rows(0..<1))
    } catch {
      return .failure(error)
    }
  }

  /// The model's page reader for `directory`: entries become view models
  /// off the main thread, where the page is read. While the count is not
  /// final (a server read forward with Paged Results) the count is what was
  /// read so far, and the list never asks past it: so the page that reaches
  /// the end also asks for the entry after it, which reads the server's next
  /// page, and the list grows as it is scrolled to its end.
  nonisolated static func fetch(
    from directory: any RangedDirectory
  ) -> RangedListModel<UserViewModel>.Fetch {
    { range in
      var window = try await directory.rows(range)
      if !window.isCountFinal, range.upperBound >= window.count {
        let next = try await directory.rows(window.count..<(window.count + 1))
        window.count = next.count
        window.isCountFinal = next.isCountFinal
      }
      return ElementRange(
        offset: window.offset, elements: window.entries.map(UserViewModel.init(entry:)),
        count: window.count, isCountFinal: window.isCountFinal)
    }
  }
}
