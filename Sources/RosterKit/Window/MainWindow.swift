import CAdw
import CGtk
import Directory
import Foundation
import GtkKit
import PreparedImages
import SharedSupport

/// Roster's window: header bar, the list of people, and the loading, empty
/// and error states around it. It coordinates its parts — ``ListPage`` and
/// ``GridPage`` (the two views), ``SearchBar``, ``PageStack`` (the states),
/// ``ModelPresenter`` (how a directory reaches the list) and
/// ``WindowActions`` (actions and shortcuts) — and reports to its owner.
///
/// Threading: main-actor only.
@MainActor
public final class MainWindow {
  /// What the window shows.
  public enum State: Equatable, Sendable {
    case loading
    case empty
    case failed(String)
    case list
  }

  /// The GtkWindow (owned by GTK once presented; destroy with ``close()``).
  public let window: Widget
  let header = HeaderBar()
  let banner = ErrorBanner()
  /// Short news over the pages ("12 people changed"): an AdwToastOverlay.
  let toasts: Widget
  /// The people, as GTK sees them.
  public let model = ListModel<UserRef>([])
  /// List mode.
  let list: ListPage
  /// Grid mode's view of the same model.
  let grid: GridPage
  /// A directory server's list and how it is filled (nil for a local or
  /// downloaded users.json).
  let server: ServerPresenter?
  let searchBar: SearchBar
  let search = SearchController()
  let pages: PageStack
  let presenter: ModelPresenter
  private(set) var actions: WindowActions!
  /// The header bar's main menu (shortcuts, about).
  private(set) var mainMenu: MainMenu!
  let controller: DirectoryController
  /// The list's avatars (48 px); the bench watches them.
  package let avatars: AvatarService?
  private let gridAvatars: AvatarService?
  let detailAvatars: AvatarService?
  var details: UserDetails?
  /// The header bar's directory menu and the Connect dialog, when the
  /// window's owner remembers directories (``installDirectoryMenu(_:)``).
  var directoryMenu: DirectoryMenu?
  var connectDialog: ConnectDialog?
  /// The list and the grid, one showing.
  let views: Widget
  /// The frame-time HUD (F12).
  package let hud: FrameHud
  /// The last search result shown, if the list is filtered.
  public internal(set) var searchMatches: Int?
  /// The query whose result is shown, nil when the list is not filtered.
  public internal(set) var shownQuery: String?
  /// The last directory shown, kept when a refresh fails.
  public private(set) var contents: DirectoryContents?
  /// When rows first appeared on screen (a preview's, for a large directory).
  public internal(set) var firstRowsShown: ContinuousClock.Instant?
  /// Called when a directory server answered the first window of an open,
  /// a search or a refresh (the count shown), or failed, and how long it took.
  public var onServerOpen: (@MainActor (Result<Int, DirectoryError>, Duration) -> Void)?
  /// When the server's open, search or refresh started.
  var serverLoadStarted: ContinuousClock.Instant?
  /// When the banner began saying that the server changed, until pages arrive.
  var failoverShown: ContinuousClock.Instant?
  /// Called after every load attempt, with the result and how long it took.
  public var onLoad: (@MainActor (Result<DirectoryContents, DirectoryError>, Duration) -> Void)?
  /// Called when the view switches between list and grid (settings remember it).
  public var onViewModeChange: (@MainActor (_ grid: Bool) -> Void)?

  /// Builds the window for `source`; call ``refresh()`` to load it.
  public convenience init(
    application: UnsafeMutablePointer<GtkApplication>?,
    source: Result<DirectorySource, DirectoryError>,
    pipeline: ImagePipeline? = nil
  ) {
    self.init(application: application, source: source, server: nil, pipeline: pipeline)
  }

  /// Builds the window for a users.json already read (the Connect dialog's
  /// check read it); ``refresh()`` shows `contents` without reading the
  /// source again, and later refreshes read it as usual.
  public convenience init(
    application: UnsafeMutablePointer<GtkApplication>?,
    loaded contents: DirectoryContents,
    pipeline: ImagePipeline? = nil
  ) {
    self.init(
      application: application, source: .success(contents.source), server: nil,
      pipeline: pipeline, loaded: contents)
  }

  /// Builds the window for a directory server, read a window at a time;
  /// call ``refresh()`` to open it.
  public convenience init(
    application: UnsafeMutablePointer<GtkApplication>?,
    server: any WindowedDirectory,
    pipeline: ImagePipeline? = nil
  ) {
    self.init(
      application: application, source: .failure(.unsupportedSource(server.location)),
      server: server, pipeline: pipeline)
  }

  /// `source` is read only when `directory` is nil.
  private init(
    application: UnsafeMutablePointer<GtkApplication>?,
    source: Result<DirectorySource, DirectoryError>,
    server directory: (any WindowedDirectory)?,
    pipeline: ImagePipeline?,
    loaded: DirectoryContents? = nil
  ) {
    controller = DirectoryController(source: source, loaded: loaded)
    avatars = pipeline.map { AvatarService(pipeline: $0, pointSize: Int(UserRow.avatarSize)) }
    gridAvatars = pipeline.map { AvatarService(pipeline: $0, pointSize: Int(UserCell.avatarSize)) }
    detailAvatars = pipeline.map {
      AvatarService(pipeline: $0, pointSize: Int(UserDetails.avatarSize))
    }
    window = AdwChrome.window(application: application)
    gtk_window_set_title(cgtk_window(window), tr("Roster"))
    gtk_window_set_default_size(cgtk_window(window), 480, 800)
    gtk_widget_add_css_class(window, "roster")

    list = ListPage(model: model, avatars: avatars)
    grid = GridPage(model: model, avatars: gridAvatars)
    presenter = ModelPresenter(model: model, list: list, grid: grid, window: window)
    views = gtk_stack_new()!
    gtk_stack_set_transition_type(gtkObject(views), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    gtk_stack_add_named(gtkObject(views), list.scroller, "list")
    gtk_stack_add_named(gtkObject(views), grid.widget, "grid")
    if let directory {
      let photos = ServerPhotos(directory: directory)
      for service in [avatars, detailAvatars].compactMap({ $0 }) { service.serverPhotos = photos }
      server = ServerPresenter(directory: directory, page: ServerListPage(avatars: avatars))
    } else {
      server = nil
    }
    if let server {
      gtk_stack_add_named(gtkObject(views), server.page.widget, "server")
      gtk_stack_set_visible_child_name(gtkObject(views), "server")
    }
    hud = FrameHud(pipeline: pipeline)
    WindowFrameAllocation.follow(window)
    if let pipeline {
      // Decoding waits for the gap between this window's frames.
      FramePhases.observe(
        gobject(window), began: { pipeline.frameBegan(refreshInterval: $0) },
        ended: { pipeline.frameEnded() })
    }
    let listOverlay = gtk_overlay_new()!
    gtk_overlay_set_child(gtkObject(listOverlay), views)
    gtk_overlay_add_overlay(gtkObject(listOverlay), hud.widget)
    gtk_widget_set_margin_top(hud.widget, 8)
    gtk_widget_set_margin_end(hud.widget, 8)
    gtk_widget_set_vexpand(listOverlay, 1)
    // Typing anywhere in the window starts a search.
    searchBar = SearchBar(keyCaptureWidget: window)
    let listPage = Gtk.box(GTK_ORIENTATION_VERTICAL)
    Gtk.append(listPage, searchBar.widget, banner.widget, listOverlay)
    pages = PageStack(listPage: listPage)
    toasts = adw_toast_overlay_new()!
    adw_toast_overlay_set_child(gtkObject(toasts), pages.widget)
    AdwChrome.setContent(of: window, header: header.widget, body: toasts)

    actions = WindowActions(window: window, table: WindowActions.table(for: self))
    mainMenu = MainMenu(window: window)
    header.packEnd(mainMenu.button)
    header.packEnd(header.gridButton)
    connectParts()
  }

  private func connectParts() {
    controller.onStart = { [weak self] in self?.loadStarted() }
    controller.onFinish = { [weak self] result, duration in self?.loadFinished(result, duration) }
    controller.onPreview = { [weak self] preview in self?.showPreview(preview) }
    controller.baseline = { [weak self] in
      guard let self, self.searchMatches == nil else { return ([], 0) }
      return (self.model.elements, self.presenter.version)
    }
    list.onVisibleChange = { [weak self] visible in
      if self?.firstRowsShown == nil, !visible.isEmpty { self?.firstRowsShown = .now }
    }
    searchBar.onChange = { [weak self] text in
      guard let self else { return }
      if let server = self.server { server.search(text) } else { self.search.search(text) }
    }
    search.onResult = { [weak self] result in self?.showSearch(result) }
    for view in [list.listView, grid.gridView] {
      Signals.connect(gobject(view), .activateItem) { [weak self] position in
        self?.showDetails(at: Int(position))
      }
    }
    connectServer()
    // The overlay frees its toasts with the window; Roster's own reference
    // to the failed refresh's toast must not outlive them.
    Signals.connect(gobject(window), .destroy) { [weak self] in self?.failureToast = nil }
  }

  /// Shows the window.
  public func present() { gtk_window_present(cgtk_window(window)) }

  /// Destroys the window.
  public func close() { gtk_window_destroy(cgtk_window(window)) }

  /// Reloads the source (Refresh, Ctrl+R, F5, Retry); clicks during a load
  /// coalesce into it. Returns whether a new load started.
  @discardableResult
  public func refresh() -> Bool {
    if let server { return refreshServer(server) }
    return controller.load()
  }

  /// What the window shows now.
  public var state: State { pages.state }

  /// What the last refresh changed (tests and the refresh benchmark).
  public var lastRefresh: RefreshSummary? { presenter.lastRefresh }

  /// Whether the frame-time HUD is on screen (F12 toggles it).
  public var isHudShown: Bool {
    get { hud.isShown }
    set { hud.setShown(newValue) }
  }

  /// Whether a load is running.
  public var isLoading: Bool { server?.isLoading ?? controller.isLoading }

  /// The non-modal error banner's text, if shown.
  public var bannerMessage: String? { banner.message }

  /// The header bar's subtitle.
  public var subtitle: String { header.subtitleText }

  /// The last toast shown ("12 people changed"), for tests.
  public internal(set) var lastToast: String?
  /// Failed refreshes since the last one that succeeded: the first is a
  /// toast, a second in a row the banner (``refreshFailed(_:)``).
  var refreshFailuresInARow = 0
  /// The failed refresh's toast while it may still show (a success takes it away).
  var failureToast: ObjectRef?

  // MARK: Loading

  private func loadStarted() {
    header.setBusy(true)
    if contents == nil { pages.show(.loading) }
  }

  private func loadFinished(
    _ result: Result<DirectoryContents, DirectoryError>, _ duration: Duration
  ) {
    header.setBusy(false)
    switch result {
    case .success(let contents):
      display(contents)
    case .failure(let error):
      let message = String(
        format: tr("Can't retrieve the directory: %@"), error.localizedDescription)
      if contents != nil {
        // Keep what the user had; say what went wrong without a dialog.
        refreshFailed(message)
      } else {
        pages.show(.failed(message), reason: error.localizedDescription)
      }
    }
    onLoad?(result, duration)
  }

  /// Points every avatar size at the directory's folder and the screen's scale.
  private func configureAvatars(for source: DirectorySource, resolved: ResolvedAvatars? = nil) {
    let scale = Int(gtk_widget_get_scale_factor(list.listView))
    for service in [avatars, gridAvatars, detailAvatars].compactMap({ $0 }) {
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
    header.subtitleText = tr("Loading…")
    pages.show(.list)
  }

  /// Shows `contents` (a successful load, or a directory loaded elsewhere,
  /// with its avatar paths resolved off the main thread as a load does).
  package func display(_ contents: DirectoryContents, resolved: ResolvedAvatars? = nil) {
    refreshSucceeded()
    configureAvatars(for: contents.source, resolved: resolved)
    search.setDirectory(contents.viewModels, rows: contents.rows)
    if search.query.isEmpty {
      presenter.apply(
        contents.rows, diff: controller.lastDiff?.diff,
        diffVersion: controller.lastDiff?.version ?? -1, afterPreview: self.contents == nil)
      if self.contents != nil, let changed = presenter.lastRefresh?.changedPeople, changed > 0 {
        showToast(
          String(
            format: trn("%@ person changed", "%@ people changed", changed),
            NumberText.grouped(changed)))
      }
    }
    self.contents = contents
    list.viewport.update()
    header.subtitleText = NumberText.people(contents.viewModels.count)
    pages.show(contents.viewModels.isEmpty ? .empty : .list)
  }
}
