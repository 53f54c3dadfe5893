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
  private var dragScroller: DragScroller?
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
    application: UnsafeMutablePointer<GtkApplication>?, source: Result<DirectorySource, DirectoryError>,
    pipeline: ImagePipeline? = nil
  ) {
    controller = DirectoryController(source: source)
    let avatars = pipeline.map { AvatarService(pipeline: $0, pointSize: Int(UserRow.avatarSize)) }
    self.avatars = avatars
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
    tracker = ViewportTracker(listView: listView, itemCount: { model.count }, prefetcher: prefetcher)
    viewport = tracker
    dragScroller = DragScroller(listView: listView, scroller: scroller)

    hud = FrameHud(pipeline: pipeline)
    let listOverlay = gtk_overlay_new()!
    gtk_overlay_set_child(opaque(listOverlay), scroller)
    gtk_overlay_add_overlay(opaque(listOverlay), hud.widget)
    gtk_widget_set_margin_top(hud.widget, 8)
    gtk_widget_set_margin_end(hud.widget, 8)
    gtk_widget_set_vexpand(listOverlay, 1)
    let listPage = Gtk.box(GTK_ORIENTATION_VERTICAL)
    Gtk.append(listPage, banner.widget, listOverlay)

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
    viewport.onChange = { [weak self] visible in
      if self?.firstRowsShown == nil, !visible.isEmpty { self?.firstRowsShown = .now }
      self?.factory.forEachBoundRow { row, position in row.setVisible(visible.contains(position)) }
    }
    show(.loading)
  }

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
  public var hasVisibleRows: Bool { !viewport.visible.isEmpty }

  /// Visible rows whose avatar is still on its way.
  public var visibleRowsWaitingForAvatars: Int {
    var waiting = 0
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
        gtk_shortcut_trigger_parse_string(action.accelerators), gtk_named_action_new("win.\(action.name)"))
      gtk_shortcut_controller_add_shortcut(opaque(shortcuts), shortcut)
    }
    gtk_widget_insert_action_group(window, "win", opaque(group))
    g_object_unref(raw(group))
    gtk_widget_add_controller(window, shortcuts)
  }

  /// The window's actions and their shortcuts (also listed by the shortcuts window).
  private var windowActions: [WindowAction] {
    [
      WindowAction(name: "refresh", accelerators: "<Control>r|F5", title: "Refresh") { [weak self] in
        self?.refresh()
      },
      WindowAction(name: "toggle-hud", accelerators: "F12", title: "Show or hide the frame-time HUD") {
        [weak self] in self?.hud.toggle()
      },
    ]
  }

  private func loadStarted() {
    header.setBusy(true)
    if contents == nil { show(.loading) }
  }

  private func loadFinished(_ result: Result<DirectoryContents, DirectoryError>, _ duration: Duration) {
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

  /// The first rows of a large directory, shown while the rest is parsed.
  private func showPreview(_ preview: DirectoryContents) {
    guard contents == nil, model.count == 0 else { return }
    avatars?.scale = Int(gtk_widget_get_scale_factor(listView))
    avatars?.baseURL = preview.source.baseURL
    model.replaceAll(with: preview.viewModels)
    viewport.update()
    header.subtitleText = "Loading…"
    show(.list)
  }

  /// Puts `viewModels` in the model. When the model holds a preview whose
  /// users start the new list, the rest is appended as one change, so the
  /// rows on screen stay bound.
  private func setModel(_ viewModels: [UserViewModel]) {
    let shown = model.count
    if shown > 0, shown <= viewModels.count, contents == nil,
      zip(model.elements, viewModels).allSatisfy({ $0 == $1 })
    {
      model.splice(at: shown, removing: 0, inserting: viewModels[shown...])
    } else {
      model.replaceAll(with: viewModels)
    }
  }

  /// Shows `contents` (a successful load, or a directory loaded elsewhere).
  public func display(_ contents: DirectoryContents) {
    banner.hide()
    avatars?.scale = Int(gtk_widget_get_scale_factor(listView))
    avatars?.baseURL = contents.source.baseURL
    setModel(contents.viewModels)
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
