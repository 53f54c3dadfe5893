import CGtk
import Directory
import FoundationEssentials
import GtkKit
import PreparedImages
import SharedSupport

/// The page of a local or downloaded users.json: the whole directory is
/// loaded (``DirectoryController``), reaches the list model through
/// ``ModelPresenter``, is searched off the main thread
/// (``SearchController``) and shows as a list of ``UserRow``s, a grid of
/// ``UserCell``s (``GridPage``) or a table of ``TableRow``s (``TablePage``)
/// over the same model, in the directory's order or sorted by a column.
///
/// Threading: main-actor only.
@MainActor
package final class LocalDirectoryPage: DirectoryPage, ShownPeople, PeopleViews, NarrowingEach {
  /// The people, as GTK sees them.
  package let model: ListModel<UserRef>
  /// The people selected, shared by the list, the grid and the table.
  package let selection: RangeSelection
  /// Drags the selected people out of the list, the grid and the table.
  package private(set) var dragSources: [PeopleDragSource] = []
  /// The menus of the list, the grid and the table, in that order.
  package private(set) var contextMenus: [PeopleContextMenu] = []
  /// List mode.
  let list: PeopleList
  /// Grid mode's view of the same model.
  let grid: GridPage
  /// Table mode's view of the same model.
  let table: TablePage
  /// The organisation as a tree (its own model over the same people).
  package let orgTree: OrgTreePage<LocalTreeSource>
  /// The list, the grid and the table, one showing.
  package let widget: Widget
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
  /// The order the model shows (LocalDirectoryPage+Sort.swift).
  package let order = PeopleOrder()
  /// The sort running off the main thread, if any.
  var sorting: Task<Void, Never>?
  /// Whether ``sorting`` carries the list over a patch of the offline
  /// copy: a later patch goes on from it rather than sorting everyone.
  var sortingCarries = false
  /// Which ``sorting`` is the latest: one that ends clears it only if so.
  var sortingRun = 0
  /// How many changes of an offline copy the list followed as patches,
  /// placing the people changed alone (tests).
  package internal(set) var followedPatches = 0
  /// The filter bar's filter, nil when none (LocalDirectoryPage+Filter.swift).
  package internal(set) var filter: PersonFilter?
  /// The filter running off the main thread, if any.
  var filtering: Task<Void, Never>?
  /// The group whose people show (its number in the directory's groups),
  /// nil for everyone (LocalDirectoryPage+Groups.swift).
  package internal(set) var group: Int?
  /// The manager whose direct reports show instead (by identity, with
  /// their name for the subtitle), nil for none (LocalDirectoryPage+Groups.swift).
  package internal(set) var reportsOf: (identity: String, name: String)?
  /// The selection and scroll Back asked for, put back once the people
  /// being shown are in place (LocalDirectoryPage+Person.swift).
  var placeToRestore: (identity: String?, scroll: Double)?
  /// What the subtitle says of the people the list, grid and table show.
  var listSubtitle = ""
  /// The search's last result for the directory shown, nil when not
  /// searching or while the search of a new directory runs.
  var searchResult: SearchController.Result?
  /// Tells the window when people first show, in whichever view.
  private let firstRows: FirstRowsWatch
  package var onNotice: (@MainActor (PageNotice) -> Void)? {
    // A page that takes another's place (an offline copy's, loaded while
    // the server's page showed) tells its new window what it shows.
    didSet { if onNotice != nil, contents != nil { showSubtitle() } }
  }
  /// Called each time rows reach the model (a load's, a change's).
  var onRowsApplied: (@MainActor () -> Void)?
  /// What Refresh does instead of reading the source again (an offline
  /// copy connects to its server again); returns whether it started.
  var refreshAction: (@MainActor () -> Bool)?

  /// A page for `source` (nothing is read before ``refresh()``), or for
  /// `loaded`, a users.json already read, which the first refresh shows.
  /// `window`'s frame clock paces a search's swap.
  init(
    source: Result<DirectorySource, DirectoryError>, loaded: DirectoryContents? = nil,
    window: Widget, avatars: PageAvatars
  ) {
    controller = DirectoryController(source: source, loaded: loaded)
    model = ListModel([], census: avatars.probe.items)
    let gridAvatars = avatars.pipeline.map {
      AvatarService(pipeline: $0, pointSize: Int(UserCell.avatarSize))
    }
    let tableAvatars = avatars.pipeline.map {
      AvatarService(pipeline: $0, pointSize: Int(TableColumns.avatarSize))
    }
    avatarSizes = [avatars.rows, gridAvatars, tableAvatars, avatars.details].compactMap { $0 }
    let model = model
    let selection = RangeSelection(model: model.object)
    self.selection = selection
    list = PeopleList(
      selection: selection, count: { model.count }, content: { .person(model[$0].viewModel) },
      avatars: avatars.rows, census: avatars.probe.rows,
      avatar: { avatars, position in
        position < model.count ? avatars.request(for: model[position]) : nil
      })
    grid = GridPage(
      model: model, selection: selection, avatars: gridAvatars, census: avatars.probe.rows)
    table = TablePage(
      model: model, selection: selection, order: order, avatars: tableAvatars,
      census: avatars.probe.rows)
    orgTree = OrgTreePage(
      avatars: avatars.rows, census: avatars.probe.rows, source: LocalTreeSource.init)
    presenter = ModelPresenter(model: model, list: list, grid: grid, table: table, window: window)
    widget = gtk_stack_new()!
    gtk_stack_set_transition_type(gtkObject(widget), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    gtk_stack_add_named(gtkObject(widget), list.scroller, "list")
    gtk_stack_add_named(gtkObject(widget), grid.widget, "grid")
    gtk_stack_add_named(gtkObject(widget), table.widget, "table")
    gtk_stack_add_named(gtkObject(widget), orgTree.widget, "tree")
    firstRows = FirstRowsWatch(widget: widget)
    connectParts()
  }

  private func connectParts() {
    selection.onChange = { [weak self] in self?.tellSelection() }
    (dragSources, contextMenus) = PeopleViewActions.attach(
      to: [
        PeopleViewActions(list.listView, rows: list.factory),
        PeopleViewActions(grid.gridView, rows: grid.factory),
        PeopleViewActions(table.listView, rows: table.factory),
      ], selection: selection
    ) { [weak self] in self?.exportSource }
    controller.onStart = { [weak self] in
      guard let self else { return }
      self.onNotice?(.loading(replacesPage: self.contents == nil))
    }
    controller.onFinish = { [weak self] result, duration in self?.loadFinished(result, duration) }
    controller.onPreview = { [weak self] preview in self?.showPreview(preview) }
    controller.baseline = { [weak self] in
      guard let self, !self.isNarrowed, self.order.sort == nil else { return ([], 0) }
      return (self.model.elements, self.presenter.version)
    }
    firstRows.isShown = { [weak self] in self?.hasVisibleRows ?? false }
    firstRows.onShown = { [weak self] in self?.onNotice?(.firstRowsShown) }
    search.onResult = { [weak self] result in self?.showSearch(result) }
    order.observe { [weak self] change in
      if case .sort = change { self?.showInOrder() }
    }
    for view in [list.listView, grid.gridView, table.listView] {
      Signals.connect(gobject(view), .activateItem) { [weak self] position in
        self?.onNotice?(.activated(Int(position)))
      }
    }
    orgTree.onActivate = { [weak self] identity in self?.onNotice?(.activatedPerson(identity)) }
  }

  package func close() {
    onNotice = nil
    // A load or a copy's change still running when the window closes
    // reaches nothing: the page's widgets are gone with it.
    controller.onStart = nil
    controller.onFinish = nil
    controller.onPreview = nil
    list.textShaping.close()
    grid.textShaping.close()
    table.textShaping.close()
  }

  /// Where the directory comes from, or why that could not be worked out.
  package var source: Result<DirectorySource, DirectoryError> { controller.source }

  package var people: any ShownPeople { self }

  package var views: any PeopleViews { self }

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
      onNotice?(.failed(error, keepsRows: contents != nil))
    }
    onNotice?(.opened(PageOpening(outcome: .loaded(result, source: source), duration: duration)))
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
    firstRows.start()
    tellSubtitle(tr("Loading…"))
    onNotice?(.previewShown)
  }

  /// Shows `contents` (a successful load, or a directory loaded elsewhere,
  /// with its avatar paths resolved off the main thread as a load does).
  package func display(_ contents: DirectoryContents, resolved: ResolvedAvatars? = nil) {
    onNotice?(.loaded(isEmpty: contents.viewModels.isEmpty))
    if !contents.viewModels.isEmpty { firstRows.start() }
    configureAvatars(for: contents.source, resolved: resolved)
    search.setDirectory(
      contents.viewModels, rows: contents.rows, eagerly: contents.patch == nil)
    // A search re-runs on the new directory; its result shows with the filter.
    searchResult = nil
    // The group shown is the one with the same identity in the new directory.
    let groupID = group.flatMap { self.contents?.groups[$0].id }
    group = groupID.flatMap { id in contents.groups.indices.first { contents.groups[$0].id == id } }
    onNotice?(.groups(contents.groups, everyone: contents.viewModels.count))
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
        onNotice?(
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
    onNotice?(.subtitle(text))
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
