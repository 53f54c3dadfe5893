import CGtk
import Directory
import GtkKit
import PreparedImages
import SharedSupport

/// The reader of a directory server, read a window at a time: a
/// ``RangedListModel`` whose count is the server's, so the scrollbar spans
/// the whole directory from the first page on. Rows bind as skeletons and
/// fill in place as their pages arrive; the viewport tells the model which
/// pages to fetch (the visible ones, then one screen ahead) and the avatar
/// prefetcher which photos to ask for. ``ServerPresenter`` opens, searches
/// and refreshes it; the reader tells the window the count and the server
/// in the subtitle, a page that fails while the rows already shown stay,
/// and a move to another server. Its views are the list and the table, and
/// the org tree where the server keeps managers; a grid would need its own
/// reading of pages (its cells are not rows).
///
/// Threading: main-actor only; every server call runs off the main thread.
@MainActor
package final class ServerReader: PeopleReader {
  /// The shortest time the switch to another server is told, so that a
  /// quick switch does not just flash the banner.
  static let failoverNoticeMinimum = Duration.seconds(2)

  /// The people, as GTK sees them; nil elements are still on their way.
  package let model: RangedListModel<UserViewModel>
  let views: PeopleViewSet
  weak var page: PeoplePage?
  /// The organisation as a tree, for a server that keeps it.
  package let orgTree: OrgTreePage<ServerTreeSource>?
  /// How the list is filled.
  let presenter: ServerPresenter
  /// When the open, search or refresh started.
  var loadStarted: ContinuousClock.Instant?
  /// Whether the last open, search or refresh that succeeded showed rows.
  private var showsRows = false
  /// The banner's message about a switch to another server, and since when,
  /// until pages arrive.
  private var failover: (message: String, shown: ContinuousClock.Instant)?
  /// Whether the server's first window of groups was told to the window
  /// (ServerReader+Groups.swift).
  var hasListedGroups = false
  /// Listing the groups off the main thread, while it runs.
  var listingGroups: Task<Void, Never>?
  /// The person Back selects again and the scroll they were seen at,
  /// until the rows there arrive (ServerReader+Views.swift).
  var placeToRestore: (identity: String, scroll: Double)?
  /// Where the server's first screen is kept, shown at once the next time
  /// (nil: none kept).
  package var firstScreenFile: FirstScreenFile?
  /// Whether the first screen was kept since the directory opened or was
  /// refreshed.
  private var keptFirstScreen = false
  /// Whether the server showed this anonymous reader names only
  /// (``DescribedServer/showsNamesOnly(_:)``), said after the subtitle; nil
  /// until a sample of the people has been read.
  package private(set) var showsNamesOnly: Bool?

  /// A page for `directory` (nothing is read before ``refresh()``).
  init(directory: any RangedDirectory, avatars: PageAvatars, pageSize: Int = 100) {
    let photos = ServerPhotos(directory: directory)
    let tableAvatars = avatars.pipeline.map {
      AvatarService(pipeline: $0, pointSize: Int(TableColumns.avatarSize))
    }
    for service in [avatars.rows, avatars.details, tableAvatars].compactMap({ $0 }) {
      service.serverPhotos = photos
    }
    var configuration = RangedListConfiguration()
    configuration.pageSize = pageSize
    let model = RangedListModel<UserViewModel>(
      count: 0, configuration: configuration, census: avatars.probe.items
    ) { range in
      ElementRange(offset: range.lowerBound, elements: [], count: 0)
    }
    self.model = model
    let content = { @MainActor (position: Int) -> RowContent? in
      guard position < model.count else { return nil }
      return model[position].map(RowContent.person) ?? .pending
    }
    // Only the view that shows tells the model which pages to read.
    weak var reader: ServerReader?
    let selection = RangeSelection(model: model.object)
    let order = PeopleOrder()
    let list = PeopleList(
      selection: selection, count: { model.count }, content: content,
      avatars: avatars.rows, census: avatars.probe.rows,
      avatar: { avatars, position in model[position].flatMap { avatars.request(for: $0) } },
      visibleWillChange: { if reader?.viewMode != .table { model.setVisible($0) } })
    let table = TablePage(
      selection: selection, order: order, count: { model.count }, content: content,
      makeRow: { columns, _ in TableRow(columns: columns, avatars: tableAvatars) },
      census: avatars.probe.rows,
      visibleWillChange: { if reader?.viewMode == .table { model.setVisible($0) } })
    model.rows = list.factory
    presenter = ServerPresenter(directory: directory, model: model, order: order)
    orgTree = (directory as? any OrganisedDirectory).map { organised in
      OrgTreePage(avatars: avatars.rows, census: avatars.probe.rows) {
        ServerTreeSource(directory: organised, view: $0)
      }
    }
    views = PeopleViewSet(
      selection: selection, order: order, list: list, table: table, grid: nil, tree: orgTree,
      transition: GTK_STACK_TRANSITION_TYPE_NONE)
    reader = self
    connectParts()
  }

  private func connectParts() {
    presenter.onOpen = { [weak self] result in self?.opened(result) }
    presenter.onPageError = { [weak self] error in
      self?.tell(
        .problem(String(filling: tr("Can't read the directory: %@"), error.sentence)))
    }
    presenter.onFailover = { [weak self] failover in self?.showFailover(failover) }
    // Another view's positions are other people: only everyone stays selected.
    presenter.onNewView = { [weak self] in
      guard let self, !self.selection.selectsAll else { return }
      self.selection.select(nil)
    }
    model.onArrival = { [weak self] in self?.pagesArrived() }
    list.onVisibleChange = { [weak self] visible in
      guard let self else { return }
      // A server read forward (Paged Results) learns its count as it goes.
      if !self.model.isCountFinal { self.updateSubtitle() }
    }
    presenter.topVisible = { [weak self] in self?.shownViewport.visible.first }
    presenter.scrollToTop = { [weak self] position in self?.scroll(toTop: position) }
    order.observe { [weak self] change in
      if case .sort(let previous) = change { self?.orderChanged(from: previous) }
    }
    orgTree?.source.onError = { [weak self] error in
      self?.tell(
        .problem(String(filling: tr("Can't read the directory: %@"), error.sentence)))
    }
  }

  /// The window went away: an open, search or refresh still running is
  /// cancelled, so a late first window does not scroll the list's widgets,
  /// and the page says nothing more (a page that fails later would show
  /// the failure in the freed window's banner).
  func close() {
    listingGroups?.cancel()
    orgTree?.source.close()
    presenter.close()
  }

  /// A server's page tells its subtitle when its first window opens.
  func resumeNotices() {}

  /// The whole directory.
  package var directory: any RangedDirectory { presenter.directory }

  package var held: HeldDirectory { .server(directory) }

  // MARK: Open, search, refresh

  package var count: Int { model.count }

  package var isLoading: Bool { presenter.isLoading }

  /// The first time, opens the directory; later, re-reads the rows,
  /// keeping the person at the top in place.
  @discardableResult
  package func refresh() -> Bool {
    loadStarted = .now
    keptFirstScreen = false
    if presenter.totalCount == nil {
      if !presenter.hasStarted { showCachedScreen() }
      tell(.loading(replacesPage: !showsRows))
      presenter.open()
    } else {
      tell(.loading(replacesPage: false))
      presenter.refresh()
      // The tree is read afresh: now if it shows, else when it next does.
      if viewMode == .tree { orgTree?.source.show() } else { orgTree?.source.close() }
    }
    return true
  }

  package func search(_ text: String) { presenter.search(text) }

  package func showsSearchResult(for text: String) -> Bool {
    presenter.query == text && !presenter.isLoading
  }

  /// The order changed from `previous`: the list is ordered on the server
  /// (nil: by username), keeping the search; an order the server refuses
  /// shows the page's error notice.
  private func orderChanged(from previous: PersonSort?) {
    if presenter.hasStarted {
      loadStarted = .now
      tell(.loading(replacesPage: false))
    }
    // Not opened yet (a remembered order): the first read is ordered.
    presenter.orderChanged(from: previous)
  }

  /// The fields the server refuses to order by, with its reason (asked once).
  package func sortRefusals() async -> [PersonField: String] { await presenter.sortRefusals() }

  /// Takes the fields the server refuses to sort by into the order, so
  /// the header greys their titles with its reason as their tooltip (the
  /// server is asked once).
  func showRefusals() {
    Task { @MainActor [weak self] in
      guard let refusals = await self?.sortRefusals() else { return }
      self?.order.refuse(refusals)
    }
  }

  /// The server searches: there is no index to wait for.
  package var isSearchIndexBuilt: Bool { true }

  /// Shows only the people `filter` selects, narrowed on the server with the
  /// search and the order kept; a filter the server refuses shows the page's
  /// error notice.
  package func showOnly(_ filter: PersonFilter?) {
    loadStarted = .now
    tell(.loading(replacesPage: false))
    presenter.filter(by: filter)
  }

  private func opened(_ result: Result<Int, DirectoryError>) {
    let duration = loadStarted.map { ContinuousClock.now - $0 } ?? .zero
    switch result {
    case .success(let count):
      let isEmpty = count == 0 && presenter.showsEveryone
      showsRows = !isEmpty
      tell(.loaded(isEmpty: isEmpty))
      updateSubtitle(count: count)
      if !isEmpty { watchFirstRows() }
      listGroupsOnce()
      if !isEmpty { checkNamesOnlyOnce() }
      reselect()
    case .failure(let error):
      placeToRestore = nil
      tell(.failed(error, keepsRows: showsRows))
    }
    tell(.opened(PageOpening(outcome: .server(result), duration: duration)))
  }

  /// Whether the rows are the first screen kept from the last time, until
  /// the server's first window replaces them.
  package var showsCachedScreen: Bool { presenter.showsCached }

  /// Shows the first screen kept from the last time, marked as cached,
  /// when the list is to show everyone in the server's order.
  private func showCachedScreen() {
    guard presenter.showsEveryone, order.sort == nil, presenter.scopeName == nil,
      let screen = firstScreenFile?.read(), screen.count > 0
    else { return }
    presenter.showCached(screen)
    showsRows = true
    tell(.loaded(isEmpty: false))
    updateSubtitle(count: screen.count)
    watchFirstRows()
  }

  /// Keeps the first screen of everyone in the server's order once its
  /// rows are all in, for the next time (off the main thread).
  private func keepFirstScreen() {
    guard !keptFirstScreen, !presenter.showsCached, let file = firstScreenFile,
      presenter.showsEveryone, order.sort == nil, presenter.scopeName == nil,
      let total = presenter.totalCount, model.isCountFinal, total == model.count
    else { return }
    var people: [UserViewModel] = []
    for position in 0..<min(total, FirstScreen.maxPeople) {
      guard let person = model[position] else { return }
      people.append(person)
    }
    keptFirstScreen = true
    let screen = FirstScreen(people: people, count: total)
    Task.detached(priority: .utility) { try? file.write(screen) }
  }

  /// The server in use went away: the banner says where the list continues
  /// until its pages arrive again.
  private func showFailover(_ failover: DirectoryFailover) {
    let message = String(
      filling: tr("Lost %1$@; continuing on %2$@"), failover.lost, failover.continuing)
    self.failover = (message, .now)
    tell(.problem(message))
    updateSubtitle()
  }

  /// Pages flow again: the switch's banner goes, once it could be read
  /// (unless another message or another switch took its place).
  private func pagesArrived() {
    reselect()
    keepFirstScreen()
    guard let told = failover else { return }
    failover = nil
    let message = told.message
    let remaining = Self.failoverNoticeMinimum - (.now - told.shown)
    Task { @MainActor [weak self] in
      if remaining > .zero { try? await Task.sleep(for: remaining) }
      guard let self, self.failover == nil else { return }
      self.tell(.problemSolved(message))
    }
  }

  /// Says how many people the list holds and where they come from.
  /// The org tree, when it shows, counts everyone whatever the list shows.
  func updateSubtitle(count: Int? = nil) {
    if viewMode == .tree, let total = presenter.totalCount {
      tell(
        .subtitle(
          Self.subtitle(
            count: total, total: total, isFinal: true, query: "", isNarrowed: false,
            location: directory.location, scope: nil)))
      return
    }
    let count = count ?? model.count
    let subtitle = Self.subtitle(
      count: count, total: presenter.totalCount ?? count, isFinal: model.isCountFinal,
      query: presenter.query, isNarrowed: !presenter.showsEveryone,
      location: directory.location, scope: presenter.scopeName.map(DisplayText.of))
    let told =
      showsNamesOnly == true
      ? String(filling: tr("%@ · names only: sign in to see more"), subtitle) : subtitle
    tell(
      .subtitle(presenter.showsCached ? String(filling: tr("%@ · cached"), told) : told))
  }

  /// Reads a sample of the people once, off the main thread, when an LDAP
  /// server is read anonymously: a server whose access controls show such
  /// a reader names only (389 Directory Server as installed) is said so
  /// after the subtitle, as `roster check` does.
  private func checkNamesOnlyOnce() {
    guard showsNamesOnly == nil, let described = directory as? any DescribedServer,
      described.readsAnonymously
    else { return }
    showsNamesOnly = false
    let sample = directory.searching("")
    Task { @MainActor [weak self] in
      let reading = Task.detached(priority: .utility) { try? await sample.rows(0..<20) }
      guard let window = await reading.value, let self,
        described.showsNamesOnly(window.entries)
      else { return }
      self.showsNamesOnly = true
      self.updateSubtitle()
    }
  }

  /// "1,000,000 people · 127.0.0.1", "12 of 1,000,000 people · 127.0.0.1"
  /// (a search or a filter), "500 people so far · 127.0.0.1" while a server
  /// read forward counts.
  /// Of a group's people or a manager's reports (`scope`), their name
  /// first and their own count: "Engineering — 30 people · 127.0.0.1".
  static func subtitle(
    count: Int, total: Int, isFinal: Bool = true, query: String, isNarrowed: Bool? = nil,
    location: String, scope: String? = nil
  ) -> String {
    if count == 0, !query.isEmpty { return String(filling: tr("No one matches “%@”"), query) }
    if let scope {
      let people = NumberText.people(count, soFar: !isFinal)
      return String(filling: tr("%1$@ — %2$@"), scope, people) + " · \(location)"
    }
    let people =
      !(isNarrowed ?? !query.isEmpty)
      ? NumberText.people(count, soFar: !isFinal)
      : NumberText.matches(count, of: total, soFar: !isFinal)
    return "\(people) · \(location)"
  }
}
