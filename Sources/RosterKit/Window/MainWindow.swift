import CAdw
import CGtk
import Directory
import FoundationEssentials
import GtkKit
import PreparedImages
import SharedSupport

/// Roster's window: the chrome around one ``DirectoryPage`` — the header
/// bar, the search bar, the banner and the toasts over the page, the
/// loading, empty and error states (``PageStack``), the actions and their
/// shortcuts (``WindowActions``) and the details panel. The page shows the
/// people, a local directory's (``LocalDirectoryPage``) or a server's
/// (``ServerDirectoryPage``), and tells the window what happened
/// (``PageNotice``); the window treats every page alike.
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
  /// "Not encrypted", while the page reads a server in clear text.
  let plaintextBanner = PlaintextBanner()
  /// Whether a server's page warrants the "Not encrypted" banner (tests
  /// put in their own decision, to show it for a loopback server).
  package static var plaintextCheck: (any RangedDirectory) -> Bool = PlaintextWarning.applies(
    to:)
  /// Short news over the pages ("12 people changed"): an AdwToastOverlay.
  let toasts: Widget
  /// The people and how they are loaded, searched and shown (replaced
  /// once, when a server's offline copy is complete: MainWindow+OfflineCopy.swift).
  package internal(set) var page: any DirectoryPage
  /// The avatars pages are made with.
  let pageAvatars: PageAvatars
  /// Holds the page under the frame-time HUD: a stack, so a page that
  /// takes over (an offline copy's) shows at once in the same place.
  let pageHolder: Widget
  /// A page another took over from, kept (hidden, closed) until the
  /// window goes, so nothing it still runs reaches a freed widget.
  var retiredPage: (any DirectoryPage)?
  /// The offline copy's page while its rows are on their way, before it
  /// takes over.
  var incomingPage: (any DirectoryPage)?
  /// The banner's message while the offline copy cannot reach its server.
  var offlineMessage: String?
  /// How many times the shown person was looked up again after a load
  /// (``refreshShownPerson()``; tests wait for it).
  package internal(set) var shownPersonChecks = 0
  /// The server's offline copy the window follows, if any
  /// (MainWindow+OfflineCopy.swift).
  var offlineCopy: OfflineCopy?
  /// How the offline copy is filling, after the people's subtitle; nil
  /// when it is not.
  var copyProgress: String?
  /// Whether the server asked for the copy to be refreshed in full (its
  /// history no longer reaches the copy's cookie), until it is current.
  var copyIsReloading = false
  let searchBar: SearchBar
  /// The filter bar under the search bar (Ctrl+Shift+F).
  let filterBar = FilterBar()
  /// Whether disabled accounts are left out of the people shown (the main
  /// menu's "Show Disabled Accounts" unchecked).
  var hidesDisabledAccounts = false
  /// The bar under the people while an export runs (MainWindow+Export.swift).
  let exportBar = ExportBar()
  /// The export running, if any, and the file chooser asking where to.
  var exporting: (task: Task<Void, Never>, destination: URL)?
  var exportChooser: ObjectRef?
  let pages: PageStack
  /// The groups sidebar (F9), in ``flap`` beside the pages.
  let sidebar = GroupsSidebar()
  /// The AdwFlap holding the sidebar and the pages (MainWindow+Groups.swift).
  let flap: Widget
  private(set) var actions: WindowActions!
  /// The header bar's main menu (shortcuts, about).
  private(set) var mainMenu: MainMenu!
  /// What the window's lists and rows count (shaped lines, live rows and
  /// items, stale avatars, header renders), kept on its GtkWindow for them.
  package let probe: RowProbe
  /// The list's avatars (48 px); the bench watches them.
  package let avatars: AvatarService?
  /// A person's page (Enter or a double-click on a person), in
  /// ``navigation`` beside the pages (MainWindow+Navigation.swift).
  let personPage: PersonPage
  /// The people (the pages) or a person's page, one showing.
  let navigation: Widget
  /// Where Back and Forward go.
  var history = NavigationHistory<WindowPlace>()
  /// True while Back or Forward puts a place back: what that changes is
  /// not a new place.
  var isRestoringPlace = false
  /// Counts the moves from place to place: a person's page whose facts
  /// arrive after a later move does not show.
  var placeGeneration = 0
  /// The group and filter the people show, as last chosen (the place a
  /// new choice leaves).
  var shownChoice = (scope: PeopleScope?.none, filter: "")
  /// The subtitle of the people, kept while a person's page shows.
  var peopleSubtitle = ""
  /// How many people the page says are selected (the subtitle says so from two).
  var selectedCount = 0
  /// What the last Ctrl+C put on the clipboard (the bench counts what was made).
  package internal(set) var lastCopied: LazyContent?
  /// The people whose addresses one email could not hold, for the toast's Copy.
  var addressesToCopy: ExportSource?
  /// The last link handed to the desktop to open (mailto:, tel:).
  package internal(set) var lastOpenedURI: String?
  /// The header bar's directory menu and the Connect dialog, when the
  /// window's owner remembers directories (``installDirectoryMenu(_:)``).
  var directoryMenu: DirectoryMenu?
  var connectDialog: ConnectDialog?
  /// The frame-time HUD (F12).
  package let hud: FrameHud
  /// When rows first appeared on screen (a preview's, for a large directory).
  public internal(set) var firstRowsShown: ContinuousClock.Instant?
  /// Called when the view switches between list and grid (settings remember it).
  public var onViewModeChange: (@MainActor (_ grid: Bool) -> Void)?

  /// The window around the page `makePage` builds for the GtkWindow;
  /// `probe` counts what its lists and rows do (the bench and the tests
  /// pass theirs), `rowAvatars` loads the list rows' avatars (the pipeline's,
  /// unless a benchmark measures another way). The ways to call it are in
  /// MainWindow+Init.swift.
  init(
    application: UnsafeMutablePointer<GtkApplication>?, pipeline: ImagePipeline?,
    probe: RowProbe, rowAvatars: any AvatarBinder,
    page makePage: (Widget, PageAvatars) -> any DirectoryPage
  ) {
    self.probe = probe
    let pageAvatars = PageAvatars(pipeline: pipeline, rowAvatars: rowAvatars, probe: probe)
    self.pageAvatars = pageAvatars
    avatars = pageAvatars.rows
    personPage = PersonPage(
      avatars: pageAvatars.rows, details: pageAvatars.details, census: probe.rows)
    window = AdwChrome.window(application: application)
    probe.install(on: window)
    gtk_window_set_title(cgtk_window(window), tr("Roster"))
    gtk_window_set_default_size(cgtk_window(window), 480, 800)
    gtk_widget_add_css_class(window, "roster")

    page = makePage(window, pageAvatars)
    hud = FrameHud(pipeline: pipeline)
    WindowFrameAllocation.follow(window)
    if let pipeline {
      // Decoding waits for the gap between this window's frames.
      FramePhases.observe(
        window, began: { pipeline.frameBegan(refreshInterval: $0) },
        ended: { pipeline.frameEnded() })
    }
    let listOverlay = gtk_overlay_new()!
    pageHolder = gtk_stack_new()!
    gtk_stack_add_child(gtkObject(pageHolder), page.widget)
    gtk_overlay_set_child(gtkObject(listOverlay), pageHolder)
    gtk_overlay_add_overlay(gtkObject(listOverlay), hud.widget)
    gtk_widget_set_margin_top(hud.widget, 8)
    gtk_widget_set_margin_end(hud.widget, 8)
    gtk_widget_set_vexpand(listOverlay, 1)
    // Typing anywhere in the window starts a search.
    searchBar = SearchBar(keyCaptureWidget: window)
    let listPage = Gtk.box(GTK_ORIENTATION_VERTICAL)
    Gtk.append(
      listPage, searchBar.widget, filterBar.widget, plaintextBanner.widget, banner.widget,
      listOverlay, exportBar.widget)
    pages = PageStack(listPage: listPage)
    toasts = adw_toast_overlay_new()!
    navigation = Self.makeNavigation(people: pages.widget, person: personPage.widget)
    adw_toast_overlay_set_child(gtkObject(toasts), navigation)
    flap = Self.makeFlap(content: toasts, sidebar: sidebar)
    AdwChrome.setContent(
      of: window, header: header.widget, body: flap,
      headerRenders: probe.headerRenders)

    actions = WindowActions(window: window, table: WindowActions.table(for: self))
    actions.setState(.showDisabled, true)
    mainMenu = MainMenu(window: window)
    header.packEnd(mainMenu.button)
    header.packEnd(header.tableButton)
    header.packEnd(header.gridButton)
    connectParts()
  }

  private func connectParts() {
    connectSidebar()
    exportBar.onCancel = { [weak self] in self?.cancelExport() }
    connectContact()
    connectNavigation()
    adoptPage()
    searchBar.onChange = { [weak self] text in self?.page.search(text) }
    filterBar.onChange = { [weak self] _ in self?.applyShownFilter() }
    // The overlay frees its toasts with the window; Roster's own reference
    // to the failed refresh's toast must not outlive them. The page's
    // widgets are gone too: nothing still running may reach them.
    Signals.connect(gobject(window), .destroy) { [weak self] in
      self?.page.close()
      self?.incomingPage?.close()
      self?.offlineCopy?.stop()
      self?.failureToast = nil
    }
  }

  /// Hears the page and fits the chrome to it.
  func adoptPage() {
    page.onNotice = { [weak self] notice in self?.handle(notice) }
    // A page without a grid greys the toggle out rather than leaving it inert.
    actions.setEnabled(.grid, page.viewModes.contains(.grid))
    actions.setEnabled(.table, page.viewModes.contains(.table))
    actions.setEnabled(.tree, page.viewModes.contains(.tree))
    Gtk.setVisible(personPage.treeButton, page.viewModes.contains(.tree))
    updatePlaintextBanner()
  }

  /// Shows the window.
  public func present() { gtk_window_present(cgtk_window(window)) }

  /// Destroys the window.
  public func close() { gtk_window_destroy(cgtk_window(window)) }

  /// Reloads the source (Refresh, Ctrl+R, F5, Retry); clicks during a load
  /// coalesce into it. Returns whether a new load started.
  @discardableResult
  public func refresh() -> Bool { page.refresh() }

  /// What the window shows now.
  public var state: State { pages.state }

  /// Whether the frame-time HUD is on screen (F12 toggles it).
  public var isHudShown: Bool {
    get { hud.isShown }
    set { hud.setShown(newValue) }
  }

  /// Whether a load is running.
  public var isLoading: Bool { page.isLoading }

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
}
