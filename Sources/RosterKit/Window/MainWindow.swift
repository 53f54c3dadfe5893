import CGtk
import Directory
import Foundation
import GtkKit
import PreparedImages

/// Roster's window: header bar, the list of people, and the loading, empty
/// and error states around it.
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
  /// The people, as GTK sees them.
  public let model = ListModel<UserViewModel>([])
  /// The row factory (its statistics show binds and recycled rows).
  let factory: ListFactory<UserRow>
  let listView: Widget
  let scroller: Widget
  private let stack: Widget
  private let loadingPage = StatusPage(icon: nil, title: "Loading the directory…", spinner: true)
  private let emptyPage = StatusPage(
    icon: "system-users-symbolic", title: "No people", description: "The directory is empty.")
  private let errorPage: StatusPage
  let controller: DirectoryController
  let avatars: AvatarService?
  private(set) var viewport: ViewportTracker!
  private(set) var dragScroller: DragScroller?
  private(set) var gridDragScroller: DragScroller?
  /// The list's selection model.
  let listSelection: OpaquePointer
  /// Grid mode's view of the same model.
  let grid: GridPage
  private let views: Widget
  private let gridAvatars: AvatarService?
  private let detailAvatars: AvatarService?
  private var details: UserDetails?
  private var gridAction: OpaquePointer?
  private let searchBar: Widget
  let searchEntry: Widget
  let search = SearchController()
  /// Bumped whenever the model's elements change.
  private var modelVersion = 0
  /// What the last refresh changed (tests and the refresh benchmark).
  public private(set) var lastRefresh: RefreshSummary?
  /// The last search result shown, if the list is filtered.
  public private(set) var searchMatches: Int?
  /// The query whose result is shown, nil when the list is not filtered.
  public private(set) var shownQuery: String?
  /// The frame-time HUD (F12).
  let hud: FrameHud
  /// The last directory shown, kept when a refresh fails.
  public private(set) var contents: DirectoryContents?
  /// What the window shows now.
  public private(set) var state: State = .loading
  /// Called after every load attempt, with the result and how long it took.
  public var onLoad: (@MainActor (Result<DirectoryContents, DirectoryError>, Duration) -> Void)?

  /// Builds the window for `source`; call ``refresh()`` to load it.
  public init(
    application: UnsafeMutablePointer<GtkApplication>?,
    source: Result<DirectorySource, DirectoryError>,
    pipeline: ImagePipeline? = nil
  ) {
    controller = DirectoryController(source: source)
    let avatars = pipeline.map { AvatarService(pipeline: $0, pointSize: Int(UserRow.avatarSize)) }
    self.avatars = avatars
    gridAvatars = pipeline.map { AvatarService(pipeline: $0, pointSize: Int(UserCell.avatarSize)) }
    detailAvatars = pipeline.map {
      AvatarService(pipeline: $0, pointSize: Int(UserDetails.avatarSize))
    }
    if let application {
      window = gtk_application_window_new(application)!
    } else {
      window = gtk_window_new()!
    }
    gtk_window_set_title(cgtk_window(window), "Roster")
    gtk_window_set_default_size(cgtk_window(window), 480, 800)
    gtk_widget_add_css_class(window, "roster")
    gtk_window_set_titlebar(cgtk_window(window), header.widget)

    let model = model
    // A search result of a million people must not be freed on the main thread.
    model.releasingReplacedElementsInBackground()
    var tracker: ViewportTracker?
    factory = ListFactory(
      makeRow: {
        let row = UserRow(avatars: avatars)
        row.isOnScreen = { tracker?.visible.contains($0) ?? false }
        return row
      }, model: { position in model[position] })
    let selection = gtk_single_selection_new(OpaquePointer(g_object_ref(model.object.pointer)))!
    gtk_single_selection_set_autoselect(selection, 0)
    gtk_single_selection_set_can_unselect(selection, 1)
    listView = gtk_list_view_new(
      opaque(selection), OpaquePointer(g_object_ref(factory.object.pointer)))!
    listSelection = opaque(selection)
    g_object_ref(raw(selection))
    gtk_widget_add_css_class(listView, "user-list")
    RowAccessibility.setLabel(raw(listView), "People")
    scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(opaque(scroller), listView)
    gtk_widget_set_vexpand(scroller, 1)
    let prefetcher = avatars.map { avatars in
      ImagePrefetcher(pipeline: avatars.pipeline) { position in
        position < model.count ? avatars.request(for: model[position].avatar) : nil
      }
    }
    tracker = ViewportTracker(
      listView: listView, itemCount: { model.count }, prefetcher: prefetcher)
    viewport = tracker
    dragScroller = DragScroller(listView: listView, scroller: scroller)

    grid = GridPage(model: model, avatars: gridAvatars)
    gridDragScroller = DragScroller(listView: grid.gridView, scroller: grid.widget)
    views = gtk_stack_new()!
    gtk_stack_set_transition_type(opaque(views), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    gtk_stack_add_named(opaque(views), scroller, "list")
    gtk_stack_add_named(opaque(views), grid.widget, "grid")

    hud = FrameHud(pipeline: pipeline)
    let listOverlay = gtk_overlay_new()!
    gtk_overlay_set_child(opaque(listOverlay), views)
    gtk_overlay_add_overlay(opaque(listOverlay), hud.widget)
    gtk_widget_set_margin_top(hud.widget, 8)
    gtk_widget_set_margin_end(hud.widget, 8)
    gtk_widget_set_vexpand(listOverlay, 1)
    searchEntry = gtk_search_entry_new()!
    gtk_widget_set_hexpand(searchEntry, 1)
    gtk_editable_set_width_chars(opaque(searchEntry), 28)
    // GTK 4.8 has no setter for the placeholder; the property is there.
    Gtk.setProperty(searchEntry, "placeholder-text", "Search by username or role")
    searchBar = gtk_search_bar_new()!
    gtk_search_bar_set_child(opaque(searchBar), searchEntry)
    gtk_search_bar_connect_entry(opaque(searchBar), opaque(searchEntry))
    gtk_search_bar_set_show_close_button(opaque(searchBar), 1)
    // Typing anywhere in the window starts a search.
    gtk_search_bar_set_key_capture_widget(opaque(searchBar), window)
    let listPage = Gtk.box(GTK_ORIENTATION_VERTICAL)
    Gtk.append(listPage, searchBar, banner.widget, listOverlay)

    errorPage = StatusPage(
      icon: "dialog-error-symbolic", title: "Can't retrieve the directory",
      button: Gtk.button(label: "Retry", action: "win.refresh"))
    stack = gtk_stack_new()!
    gtk_stack_add_named(opaque(stack), loadingPage.widget, "loading")
    gtk_stack_add_named(opaque(stack), emptyPage.widget, "empty")
    gtk_stack_add_named(opaque(stack), errorPage.widget, "error")
    gtk_stack_add_named(opaque(stack), listPage, "list")
    gtk_window_set_child(cgtk_window(window), stack)

    installActions()
    controller.onStart = { [weak self] in self?.loadStarted() }
    controller.onFinish = { [weak self] result, duration in self?.loadFinished(result, duration) }
    controller.onPreview = { [weak self] preview in self?.showPreview(preview) }
    controller.baseline = { [weak self] in
      guard let self, self.searchMatches == nil else { return ([], 0) }
      return (self.model.elements, self.modelVersion)
    }
    viewport.onChange = { [weak self] visible in
      if self?.firstRowsShown == nil, !visible.isEmpty { self?.firstRowsShown = .now }
      self?.factory.forEachBoundRow { row, position in row.setVisible(visible.contains(position)) }
    }
    Signals.connect(raw(searchEntry), "search-changed") { [weak self] in
      guard let self else { return }
      self.search.search(String(cString: gtk_editable_get_text(opaque(self.searchEntry))))
    }
    Signals.connect(raw(searchBar), "notify::search-mode-enabled") { [weak self] _ in
      // Closing the bar (Esc, its close button) clears the search.
      guard let self, gtk_search_bar_get_search_mode(opaque(self.searchBar)) == 0 else { return }
      gtk_editable_set_text(opaque(self.searchEntry), "")
    }
    search.onResult = { [weak self] result in self?.showSearch(result) }
    Signals.connect(raw(listView), "activate") { [weak self] position in
      self?.showDetails(at: Int(UInt32(truncatingIfNeeded: UInt(bitPattern: position))))
    }
    Signals.connect(raw(grid.gridView), "activate") { [weak self] position in
      self?.showDetails(at: Int(UInt32(truncatingIfNeeded: UInt(bitPattern: position))))
    }
    show(.loading)
  }

  isolated deinit { g_object_unref(raw(listSelection)) }

  /// Shows the window.
  public func present() { gtk_window_present(cgtk_window(window)) }

  /// Destroys the window.
  public func close() { gtk_window_destroy(cgtk_window(window)) }

  /// Reloads the source (Refresh, Ctrl+R, F5, Retry); clicks during a load
  /// coalesce into it. Returns whether a new load started.
  @discardableResult
  public func refresh() -> Bool { controller.load() }

  /// Whether the frame-time HUD is on screen (F12 toggles it).
  public var isHudShown: Bool {
    get { hud.isShown }
    set { hud.setShown(newValue) }
  }

  /// Whether a load is running.
  public var isLoading: Bool { controller.isLoading }

  /// The non-modal error banner's text, if shown.
  public var bannerMessage: String? { banner.message }

  /// The header bar's subtitle.
  public var subtitle: String { header.subtitleText }

  /// When rows first appeared on screen (a preview's, for a large directory).
  public private(set) var firstRowsShown: ContinuousClock.Instant?

  /// Whether laid-out rows are on screen (binding comes before layout).
  public var hasVisibleRows: Bool {
    if isGridMode {
      return grid.factory.statistics.binds > 0 && gtk_widget_get_mapped(grid.gridView) != 0
    }
    return !viewport.visible.isEmpty
  }

  /// Visible rows whose avatar is still on its way.
  public var visibleRowsWaitingForAvatars: Int {
    var waiting = 0
    if isGridMode {
      // The grid has no viewport tracker: count every bound cell.
      grid.factory.forEachBoundRow { cell, _ in if cell.avatar.isLoading { waiting += 1 } }
      return waiting
    }
    let visible = viewport.visible
    factory.forEachBoundRow { row, position in
      if visible.contains(position), row.isLoadingAvatar { waiting += 1 }
    }
    return waiting
  }

  /// The list's rows were built and bound at least once.
  public var hasBoundRows: Bool { factory.statistics.binds > 0 }

  private func installActions() {
    let group = g_simple_action_group_new()!
    let shortcuts = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_set_scope(opaque(shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL)
    for action in windowActions {
      let gaction = g_simple_action_new(action.name, nil)!
      let handler = action.handler
      Signals.connect(raw(gaction), "activate") { _ in handler() }
      g_action_map_add_action(opaque(group), opaque(gaction))
      g_object_unref(raw(gaction))
      let shortcut = gtk_shortcut_new(
        gtk_shortcut_trigger_parse_string(action.accelerators),
        gtk_named_action_new("win.\(action.name)"))
      gtk_shortcut_controller_add_shortcut(opaque(shortcuts), shortcut)
    }
    // Grid mode is a stateful toggle, so the header's toggle button follows it.
    let grid = g_simple_action_new_stateful("grid", nil, g_variant_new_boolean(0))!
    Signals.connect(raw(grid), "change-state") { [weak self] state in
      guard let state else { return }
      self?.isGridMode = g_variant_get_boolean(OpaquePointer(state)) != 0
    }
    g_action_map_add_action(opaque(group), opaque(grid))
    gridAction = opaque(grid)
    g_object_unref(raw(grid))
    gtk_shortcut_controller_add_shortcut(
      opaque(shortcuts),
      gtk_shortcut_new(
        gtk_shortcut_trigger_parse_string("<Control>g"), gtk_named_action_new("win.grid")))

    gtk_widget_insert_action_group(window, "win", opaque(group))
    g_object_unref(raw(group))
    gtk_widget_add_controller(window, shortcuts)
  }

  /// The window's actions and their shortcuts (also listed by the shortcuts window).
  private var windowActions: [WindowAction] {
    [
      WindowAction(name: "refresh", accelerators: "<Control>r|F5", title: "Refresh") {
        [weak self] in
        self?.refresh()
      },
      WindowAction(
        name: "toggle-hud", accelerators: "F12", title: "Show or hide the frame-time HUD"
      ) {
        [weak self] in self?.hud.toggle()
      },
      WindowAction(name: "search", accelerators: "<Control>f", title: "Search") { [weak self] in
        self?.startSearch()
      },
      WindowAction(
        name: "show-shortcuts", accelerators: "<Control>question", title: "Keyboard shortcuts"
      ) {
        [weak self] in self?.showShortcuts()
      },
    ]
  }

  private func loadStarted() {
    header.setBusy(true)
    if contents == nil { show(.loading) }
  }

  private func loadFinished(
    _ result: Result<DirectoryContents, DirectoryError>, _ duration: Duration
  ) {
    header.setBusy(false)
    switch result {
    case .success(let contents):
      display(contents)
    case .failure(let error):
      let message = "Can't retrieve the directory: \(error.localizedDescription)"
      if contents != nil {
        // Keep what the user had; say what went wrong without a dialog.
        banner.show(message)
      } else {
        show(.failed(message))
      }
    }
    onLoad?(result, duration)
  }

  /// Points every avatar size at the directory's folder and the screen's scale.
  private func configureAvatars(for source: DirectorySource, resolved: ResolvedAvatars? = nil) {
    let scale = Int(gtk_widget_get_scale_factor(listView))
    for service in [avatars, gridAvatars, detailAvatars].compactMap({ $0 }) {
      service.scale = scale
      service.baseURL = source.baseURL
      if let resolved = resolved ?? controller.resolvedAvatars { service.adopt(resolved) }
    }
  }

  // MARK: Grid mode and details

  /// Whether the grid shows instead of the list (the header's toggle, Ctrl+G).
  public var isGridMode: Bool {
    get { String(cString: gtk_stack_get_visible_child_name(opaque(views))) == "grid" }
    set {
      guard newValue != isGridMode else { return }
      // Keep the selected person (or the one at the top) in view across the switch.
      let invalid = guint(GTK_INVALID_LIST_POSITION)
      let selected = gtk_single_selection_get_selected(
        newValue ? listSelection : grid.selection ?? listSelection)
      let anchor = selected != invalid ? selected : guint(max(0, viewport.visible.lowerBound))
      if newValue {
        grid.setActive(true, selected: selected)
      } else {
        gtk_single_selection_set_selected(listSelection, selected)
      }
      gtk_stack_set_visible_child_name(opaque(views), newValue ? "grid" : "list")
      if !newValue { grid.setActive(false) }
      let target = newValue ? grid.gridView : listView
      if Int(anchor) < model.count {
        gtk_widget_activate_action_variant(
          target, "list.scroll-to-item", g_variant_new_uint32(anchor))
      }
      gtk_widget_grab_focus(target)
      if let gridAction {
        g_simple_action_set_state(gridAction, g_variant_new_boolean(newValue ? 1 : 0))
      }
      onViewModeChange?(newValue)
    }
  }

  /// Called when the view switches between list and grid (settings remember it).
  public var onViewModeChange: (@MainActor (_ grid: Bool) -> Void)?

  /// The position selected in the view on screen, if any.
  public var selectedPosition: Int? {
    let selected = gtk_single_selection_get_selected(
      isGridMode ? grid.selection ?? listSelection : listSelection)
    return selected == guint(GTK_INVALID_LIST_POSITION) ? nil : Int(selected)
  }

  /// Selects `position` in both views (nil clears the selection).
  public func select(_ position: Int?) {
    let value = position.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION)
    gtk_single_selection_set_selected(listSelection, value)
    if let selection = grid.selection { gtk_single_selection_set_selected(selection, value) }
  }

  /// The details panel (Enter or double-click on a person), if open.
  var openDetails: UserDetails? { details?.isOpen == true ? details : nil }

  /// Opens the details panel for the person at `position`: a larger avatar
  /// through the same pipeline, the username and the role.
  public func showDetails(at position: Int) {
    guard position >= 0, position < model.count else { return }
    let details = self.details ?? UserDetails(parent: window, avatars: detailAvatars)
    self.details = details
    details.show(model[position])
  }

  // MARK: Search

  /// Opens the search bar with the keyboard focus in it (Ctrl+F).
  public func startSearch() {
    gtk_search_bar_set_search_mode(opaque(searchBar), 1)
    gtk_widget_grab_focus(searchEntry)
  }

  /// Searches for `text` as if typed (tests, automation); "" clears. Text
  /// that extends the current query is appended, as typing does: replacing
  /// it would first empty the entry, which GtkSearchEntry reports at once.
  public func setSearchText(_ text: String) {
    if !text.isEmpty { gtk_search_bar_set_search_mode(opaque(searchBar), 1) }
    let editable = opaque(searchEntry)
    let current = String(cString: gtk_editable_get_text(editable))
    guard !current.isEmpty, text.hasPrefix(current) else {
      gtk_editable_set_text(editable, text)
      return
    }
    var position = Int32(current.unicodeScalars.count)
    let typed = String(text.unicodeScalars.dropFirst(current.unicodeScalars.count))
    gtk_editable_insert_text(editable, typed, -1, &position)
  }

  /// Whether the search bar is open.
  public var isSearching: Bool { gtk_search_bar_get_search_mode(opaque(searchBar)) != 0 }

  /// Shows a finished search, or everyone for nil.
  private func showSearch(_ result: SearchController.Result?) {
    guard let contents else { return }
    if let result {
      reloadModel(with: result.viewModels)
      searchMatches = result.viewModels.count
      shownQuery = result.query
      header.subtitleText =
        result.viewModels.isEmpty
        ? "No one matches “\(result.query)”"
        : "\(Count.grouped(result.viewModels.count)) of \(Count.people(contents.viewModels.count))"
    } else if searchMatches != nil {
      reloadModel(with: contents.viewModels)
      searchMatches = nil
      shownQuery = nil
      header.subtitleText = Count.people(contents.viewModels.count)
    }
  }

  /// Swaps the whole list (a search and its end) from the top, without GTK
  /// rebuilding a row: the rows on screen are re-bound in place at once, the
  /// other bound ones a few per frame, and only the change of length is
  /// announced, between frames (``ListModel/reload(with:pacedBy:budget:)``),
  /// so even a million people arrive without holding up a frame.
  private func reloadModel(with viewModels: [UserViewModel]) {
    for view in [scroller, grid.widget] {
      gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(opaque(view)), 0)
    }
    let kept = model.reload(with: viewModels, pacedBy: raw(window))
    modelVersion += 1
    // The rows on screen now, the rest of the bound ones over the next frames
    // (the update also tells the avatar prefetcher where the list now is).
    viewport.update()
    let onScreen = viewport.visible
    factory.rebind(
      where: { kept.contains($0) }, deferring: { !onScreen.contains($0) }, pacedBy: raw(window))
    grid.factory.rebind { kept.contains($0) }
  }

  /// Every shortcut, for the shortcuts window.
  static let shortcutList: [(title: String, accelerator: String)] = [
    ("Refresh", "<Control>r F5"),
    ("Switch between list and grid", "<Control>g"),
    ("Search", "<Control>f"),
    ("Clear the search", "Escape"),
    ("Move the selection", "Up Down Page_Up Page_Down Home End"),
    ("Show the selected person", "Return"),
    ("Show or hide the frame-time HUD", "F12"),
    ("Keyboard shortcuts", "<Control>question"),
  ]

  private func showShortcuts() {
    ShortcutsWindow.present(parent: window, shortcuts: Self.shortcutList)
  }

  /// The first rows of a large directory, shown while the rest is parsed.
  private func showPreview(_ preview: DirectoryContents) {
    guard contents == nil, model.count == 0 else { return }
    configureAvatars(for: preview.source)
    model.replaceAll(with: preview.viewModels)
    modelVersion += 1
    viewport.update()
    header.subtitleText = "Loading…"
    show(.list)
  }

  /// Puts `viewModels` in the model: as the differences the load computed
  /// off the main thread when it has them for the list on screen (a refresh,
  /// or the whole directory after its preview), else as a full replacement.
  /// Unchanged rows stay bound; changed ones are re-bound in place.
  private func setModel(_ viewModels: [UserViewModel]) {
    let started = ContinuousClock.now
    defer { modelVersion += 1 }
    var computed = controller.lastDiff.flatMap { $0.version == modelVersion ? $0.diff : nil }
    let shown = model.count
    if computed == nil, contents == nil, shown > 0, shown <= viewModels.count,
      zip(model.elements, viewModels).allSatisfy({ $0 == $1 })
    {
      // The preview's rows start the directory: the rest is one insertion.
      computed = ListDiff(splices: [
        .init(position: shown, removed: 0, inserted: shown..<viewModels.count)
      ])
    }
    guard let diff = computed, !model.elements.isEmpty else {
      model.replaceAll(with: viewModels)
      lastRefresh = RefreshSummary(diff: nil, mainThreadTime: ContinuousClock.now - started)
      return
    }
    model.apply(diff, to: viewModels)
    if !diff.reconfigured.isEmpty {
      let changed = Set(diff.reconfigured)
      factory.rebind { changed.contains($0) }
      grid.factory.rebind { changed.contains($0) }
    }
    lastRefresh = RefreshSummary(diff: diff, mainThreadTime: ContinuousClock.now - started)
  }

  /// Shows `contents` (a successful load, or a directory loaded elsewhere,
  /// with its avatar paths resolved off the main thread as a load does).
  func display(_ contents: DirectoryContents, resolved: ResolvedAvatars? = nil) {
    banner.hide()
    configureAvatars(for: contents.source, resolved: resolved)
    search.setDirectory(contents.viewModels)
    if search.query.isEmpty { setModel(contents.viewModels) }
    self.contents = contents
    viewport.update()
    header.subtitleText = Count.people(contents.viewModels.count)
    show(contents.viewModels.isEmpty ? .empty : .list)
  }

  private func show(_ state: State) {
    self.state = state
    let page: String
    switch state {
    case .loading: page = "loading"
    case .empty: page = "empty"
    case .failed(let message):
      errorPage.text = message
      page = "error"
    case .list: page = "list"
    }
    gtk_stack_set_visible_child_name(opaque(stack), page)
  }
}
