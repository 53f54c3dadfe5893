import CGtk
import Directory
import FoundationEssentials
import GtkKit
import PreparedImages
import SharedSupport

/// The reader of a directory loaded whole — a local or downloaded
/// users.json, a CSV or vCard file, an offline copy: loaded by
/// ``DirectoryController``, it reaches the list model through
/// ``ModelPresenter``, is searched off the main thread
/// (``SearchController``) and shows as a list of ``UserRow``s, a grid of
/// ``UserCell``s (``GridPage``), a table of ``TableRow``s (``TablePage``)
/// over the same model, in the directory's order or sorted by a column,
/// and as the org tree of its managers.
///
/// Threading: main-actor only.
@MainActor
package final class LoadedReader: PeopleReader {
  /// The people, as GTK sees them.
  package let model: ListModel<UserRef>
  let views: PeopleViewSet
  weak var page: PeoplePage?
  /// Grid mode's view of the same model.
  let grid: GridPage
  /// The organisation as a tree (its own model over the same people).
  package let orgTree: OrgTreePage<LocalTreeSource>
  let presenter: ModelPresenter
  let controller: DirectoryController
  let search = SearchController()
  /// An offline copy's history by person, for the person's page.
  let histories = PersonHistories()
  /// Every avatar size the page shows: the list's, the grid's, the details panel's.
  let avatarSizes: [AvatarService]
  /// The last directory shown, kept when a refresh fails.
  package private(set) var contents: DirectoryContents?
  /// The last search result shown, if the list is filtered.
  package internal(set) var searchMatches: Int?
  /// The query whose result is shown, nil when the list is not filtered.
  package internal(set) var shownQuery: String?
  /// The sort running off the main thread, if any (LoadedReader+Sort.swift).
  var sorting: Task<Void, Never>?
  /// Whether ``sorting`` carries the list over a patch of the offline
  /// copy: a later patch goes on from it rather than sorting everyone.
  var sortingCarries = false
  /// Which ``sorting`` is the latest: one that ends clears it only if so.
  var sortingRun = 0
  /// How many changes of an offline copy the list followed as patches,
  /// placing the people changed alone (tests).
  package internal(set) var followedPatches = 0
  /// The filter bar's filter, nil when none (LoadedReader+Filter.swift).
  package internal(set) var filter: PersonFilter?
  /// The filter running off the main thread, if any.
  var filtering: Task<Void, Never>?
  /// The group whose people show (its number in the directory's groups),
  /// nil for everyone (LoadedReader+Groups.swift).
  package internal(set) var group: Int?
  /// The manager whose direct reports show instead (by identity, with
  /// their name for the subtitle), nil for none (LoadedReader+Groups.swift).
  package internal(set) var reportsOf: (identity: String, name: String)?
  /// The selection and scroll Back asked for, put back once the people
  /// being shown are in place (LoadedReader+Person.swift).
  var placeToRestore: (identity: String?, scroll: Double)?
  /// What the subtitle says of the people the list, grid and table show.
  var listSubtitle = ""
  /// The search's last result for the directory shown, nil when not
  /// searching or while the search of a new directory runs.
  var searchResult: SearchController.Result?
  /// Called each time rows reach the model (a load's, a change's).
  var onRowsApplied: (@MainActor () -> Void)?
  /// What Refresh does instead of reading the source again (an offline
  /// copy connects to its server again); returns whether it started.
  var refreshAction: (@MainActor () -> Bool)?

  /// A reader of `source` (nothing is read before ``refresh()``), or of
  /// `loaded`, a users.json already read, which the first refresh shows.
  /// `window`'s frame clock paces a search's swap.
  init(
    source: Result<DirectorySource, DirectoryError>, loaded: DirectoryContents? = nil,
    window: Widget, avatars: PageAvatars
  ) {
    controller = DirectoryController(source: source, loaded: loaded)
    let model = ListModel<UserRef>([], census: avatars.probe.items)
    self.model = model
    let gridAvatars = avatars.pipeline.map {
      AvatarService(pipeline: $0, pointSize: Int(UserCell.avatarSize))
    }
    let tableAvatars = avatars.pipeline.map {
      AvatarService(pipeline: $0, pointSize: Int(TableColumns.avatarSize))
    }
    avatarSizes = [avatars.rows, gridAvatars, tableAvatars, avatars.details].compactMap { $0 }
    let selection = RangeSelection(model: model.object)
    let order = PeopleOrder()
    let list = PeopleList(
      selection: selection, count: { model.count }, content: { .person(model[$0].viewModel) },
      avatars: avatars.rows, census: avatars.probe.rows,
      avatar: { avatars, position in
        position < model.count ? avatars.request(for: model[position]) : nil
      })
    grid = GridPage(
      model: model, selection: selection, avatars: gridAvatars, census: avatars.probe.rows)
    let table = TablePage(
      model: model, selection: selection, order: order, avatars: tableAvatars,
      census: avatars.probe.rows)
    orgTree = OrgTreePage(
      avatars: avatars.rows, census: avatars.probe.rows, source: LocalTreeSource.init)
    presenter = ModelPresenter(model: model, list: list, grid: grid, table: table, window: window)
    views = PeopleViewSet(
      selection: selection, order: order, list: list, table: table, grid: grid, tree: orgTree,
      transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    connectParts()
  }

  private func connectParts() {
    controller.onStart = { [weak self] in
      guard let self else { return }
      self.tell(.loading(replacesPage: self.contents == nil))
    }
    controller.onFinish = { [weak self] result, duration in self?.loadFinished(result, duration) }
    controller.onPreview = { [weak self] preview in self?.showPreview(preview) }
    controller.baseline = { [weak self] in
      guard let self, !self.isNarrowed, self.order.sort == nil else { return ([], 0) }
      return (self.model.elements, self.presenter.version)
    }
    search.onResult = { [weak self] result in self?.showSearch(result) }
    order.observe { [weak self] change in
      if case .sort = change { self?.showInOrder() }
    }
  }

  func close() {
    // A load or a copy's change still running when the window closes
    // reaches nothing: the page's widgets are gone with it.
    controller.onStart = nil
    controller.onFinish = nil
    controller.onPreview = nil
  }

  func resumeNotices() { if contents != nil { showSubtitle() } }

  /// Where the directory comes from, or why that could not be worked out.
  package var source: Result<DirectorySource, DirectoryError> { controller.source }

  package var held: HeldDirectory { contents.map { .loaded($0) } ?? .nothing }

  /// What the last refresh changed (tests and the refresh benchmark).
  package var lastRefresh: RefreshSummary? { presenter.lastRefresh }

  // MARK: Loading

  package var count: Int { model.count }

  package var isLoading: Bool { controller.isLoading }

  /// Reloads the source; clicks during a load coalesce into it.
  @discardableResult
  package func refresh() -> Bool { refreshAction?() ?? controller.load() }

  private func loadFinished(
    _ result: Result<DirectoryContents, DirectoryError>, _ duration: Duration
  ) {
    switch result {
    case .success(let contents):
      display(contents)
    case .failure(let error):
      // Keep what the user had once a directory showed.
      tell(.failed(error, keepsRows: contents != nil))
    }
    tell(.opened(PageOpening(outcome: .loaded(result, source: source), duration: duration)))
  }

  /// Points every avatar size at the directory's folder and the screen's scale.
  private func configureAvatars(for source: DirectorySource, resolved: ResolvedAvatars? = nil) {
    let scale = Int(gtk_widget_get_scale_factor(list.listView))
    for service in avatarSizes {
      service.scale = scale
      service.baseURL = source.baseURL
      if let resolved = resolved ?? controller.resolvedAvatars { service.adopt(resolved) }
    }
  }

  /// The first rows of a large directory, shown while the rest is parsed.
  private func showPreview(_ preview: DirectoryContents) {
    guard contents == nil, model.count == 0 else { return }
    configureAvatars(for: preview.source)
    presenter.showPreview(preview.rows)
    watchFirstRows()
    tellSubtitle(tr("Loading…"))
    tell(.previewShown)
  }

  /// Shows `contents` (a successful load, or a directory loaded elsewhere,
  /// with its avatar paths resolved off the main thread as a load does).
  package func display(_ contents: DirectoryContents, resolved: ResolvedAvatars? = nil) {
    tell(.loaded(isEmpty: contents.viewModels.isEmpty))
    if !contents.viewModels.isEmpty { watchFirstRows() }
    configureAvatars(for: contents.source, resolved: resolved)
    search.setDirectory(
      contents.viewModels, rows: contents.rows, eagerly: contents.patch == nil)
    // A search re-runs on the new directory; its result shows with the filter.
    searchResult = nil
    // The group shown is the one with the same identity in the new directory.
    let groupID = group.flatMap { self.contents?.groups[$0].id }
    group = groupID.flatMap { id in contents.groups.indices.first { contents.groups[$0].id == id } }
    tell(.groups(contents.groups, everyone: contents.viewModels.count))
    // Filtered, the filter runs over the new directory once it is in place.
    let refilters = search.query.isEmpty && isNarrowedByChoice
    let version = presenter.version
    if search.query.isEmpty, !isNarrowedByChoice, sorting == nil || sortingCarries,
      let patch = contents.patch,
      let shown = self.contents, shown.viewModels === patch.previous
    {
      // A change of the offline copy: the list follows it, placing the
      // people changed alone.
      carried(over: patch) { [weak self] rows, diff in
        self?.apply(rows, diff: diff, diffVersion: version, afterPreview: false)
      }
    } else if search.query.isEmpty, !isNarrowedByChoice, self.contents == nil,
      let sorted = contents.sortedRows, sorted.order == order.sort
    {
      // Everyone in an order made before (an offline copy's, with its
      // rows made off the main thread): shown at once, nothing to sort.
      apply(sorted.rows, diff: nil, diffVersion: version, afterPreview: false)
    } else if search.query.isEmpty, !isNarrowedByChoice, order.sort != nil {
      // The new directory in the order, as its differences from the list
      // shown (computed with the sort, off the main thread).
      let shown = self.contents == nil ? nil : model.elements
      ordered(contents.rows, against: shown) { [weak self] rows, diff in
        self?.apply(rows, diff: diff, diffVersion: version, afterPreview: false)
      }
    } else if search.query.isEmpty, !isNarrowedByChoice {
      apply(
        contents.rows, diff: controller.lastDiff?.diff,
        diffVersion: controller.lastDiff?.version ?? -1, afterPreview: self.contents == nil)
      if self.contents != nil, let changed = presenter.lastRefresh?.changedPeople, changed > 0 {
        tell(
          .news(
            String(
              filling: trn("%@ person changed", "%@ people changed", changed),
              NumberText.grouped(changed))))
      }
    }
    // The patch's table before is the list's no more: let it go.
    var contents = contents
    contents.patch = nil
    contents.sortedRows = nil
    self.contents = contents
    if viewMode == .tree { orgTree.source.show(contents.viewModels) }
    list.viewport.update()
    if refilters {
      showMatches(scrollingToSelection: true)
    } else {
      tellSubtitle(NumberText.people(contents.viewModels.count))
    }
  }

  /// Tells the window `text`, the subtitle of the people shown, unless the
  /// org tree shows: it shows everyone (``showSubtitle()``).
  func tellSubtitle(_ text: String) {
    listSubtitle = text
    showSubtitle()
  }

  /// Tells the window the subtitle of the view that shows: the org tree
  /// counts everyone, whatever group or filter the list shows.
  func showSubtitle() {
    let text =
      if viewMode == .tree, let contents {
        NumberText.people(contents.viewModels.count)
      } else {
        listSubtitle
      }
    tell(.subtitle(text))
  }

  // MARK: Search

  package func search(_ text: String) { search.search(text) }

  package func showsSearchResult(for text: String) -> Bool {
    shownQuery == (text.isEmpty ? nil : text) && !model.isReloading && sorting == nil
      && filtering == nil
  }

  package var isSearchIndexBuilt: Bool { search.isIndexBuilt }

  /// Shows a finished search (with the filter), or everyone for nil.
  private func showSearch(_ result: SearchController.Result?) {
    // A cleared search shows everyone again, or the filter's matches (which
    // may have changed while the search ran).
    guard contents != nil, result != nil || searchMatches != nil || isNarrowedByChoice else {
      return
    }
    searchResult = result
    showMatches()
  }
}
