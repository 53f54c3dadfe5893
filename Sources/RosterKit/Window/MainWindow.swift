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
/// people (``PeoplePage``, whatever its reader reads: a loaded directory or
/// a server) and tells the window what happened (``PageNotice``); the
/// window treats every page alike.
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
  /// The widgets around the page (WindowChrome.swift lays them out).
  let chrome: WindowChrome
  /// Whether a server's page warrants the "Not encrypted" banner (tests
  /// put in their own decision, to show it for a loopback server).
  package static var plaintextCheck: (any RangedDirectory) -> Bool = {
    ($0 as? any EncryptableDirectory)?.readsInClearText ?? false
  }
  /// Where the page sits (replaced once, when a server's offline copy is
  /// complete: ``replacePage(with:)``).
  let pageSlot: PageSlot
  /// The avatars pages are made with.
  let pageAvatars: PageAvatars
  /// How many times the shown person was looked up again after a load
  /// (``refreshShownPerson()``; tests wait for it).
  package internal(set) var shownPersonChecks = 0
  /// The window's part in a server's offline copy, if it follows one.
  private(set) var offlineCopy: OfflineCopyController!
  /// Export: the file chooser, the export running and its bar.
  private(set) var exporter: ExportController!
  private(set) var actions: WindowActions!
  /// What the window's lists and rows count (shaped lines, live rows and
  /// items, stale avatars, header renders), kept on its GtkWindow for them.
  package let probe: RowProbe
  /// A person's page (Enter or a double-click on a person), in
  /// ``navigation`` beside the pages (MainWindow+Navigation.swift).
  let personPage: PersonPage
  /// Where Back and Forward go, and the group and filter last chosen.
  let places = PlaceKeeper()
  /// Reaching people: the clipboard, email, calls.
  private(set) var contacts: ContactController!
  /// The header bar's directory menu and the Connect dialog, when the
  /// window's owner remembers directories (``installDirectoryMenu(_:)``).
  var directoryMenu: DirectoryMenu?
  /// When rows first appeared on screen (a preview's, for a large directory).
  public internal(set) var firstRowsShown: ContinuousClock.Instant?
  /// Called with what the window tells its owner (``WindowEvent``).
  package var onEvent: (@MainActor (WindowEvent) -> Void)?

  /// The window on `content` (``WindowContent``: what a kind opened);
  /// call ``refresh()`` to load or open it. `probe` counts what its lists
  /// and rows do (the bench and the tests pass theirs), `rowAvatars` loads
  /// the list rows' avatars (the pipeline's, unless a benchmark measures
  /// another way).
  package init(
    application: UnsafeMutablePointer<GtkApplication>?, content: WindowContent,
    pipeline: ImagePipeline? = nil, probe: RowProbe = RowProbe(),
    rowAvatars: any AvatarBinder = PipelineAvatarBinder()
  ) {
    self.probe = probe
    let pageAvatars = PageAvatars(pipeline: pipeline, rowAvatars: rowAvatars, probe: probe)
    self.pageAvatars = pageAvatars
    personPage = PersonPage(
      avatars: pageAvatars.rows, details: pageAvatars.details, census: probe.rows)
    window = AdwChrome.window(application: application)
    probe.install(on: window)
    gtk_window_set_title(cgtk_window(window), tr("Roster"))
    gtk_window_set_default_size(cgtk_window(window), 480, 800)
    gtk_widget_add_css_class(window, "roster")

    pageSlot = PageSlot(content.page(in: window, avatars: pageAvatars))
    chrome = WindowChrome(
      window: window, page: pageSlot.widget, personPage: personPage.widget, pipeline: pipeline,
      headerRenders: probe.headerRenders)
    WindowFrameAllocation.follow(window)
    if let pipeline {
      // Decoding waits for the gap between this window's frames.
      FramePhases.observe(
        window, began: { pipeline.frameBegan(refreshInterval: $0) },
        ended: { pipeline.frameEnded() })
    }
    actions = WindowActions(window: window, table: WindowActions.table(for: self))
    actions.setState(.showDisabled, true)
    exporter = ExportController(window: self, bar: chrome.exportBar)
    connectParts()
    if case .copy(let copy) = content { offlineCopy.follow(copy) }
  }

  private func connectParts() {
    offlineCopy = OfflineCopyController(window: self)
    connectSidebar()
    contacts = ContactController(window: self)
    connectNavigation()
    connectEditing()
    adoptPage()
    searchBar.onChange = { [weak self] text in self?.page.search(text) }
    filterBar.onChange = { [weak self] _ in self?.applyShownFilter() }
    // The overlay frees its toasts with the window; Roster's own reference
    // to the failed refresh's toast must not outlive them. The page's
    // widgets are gone too: nothing still running may reach them.
    Signals.connect(gobject(window), .destroy) { [weak self] in
      self?.page.close()
      self?.offlineCopy.close()
      self?.toasts.close()
    }
  }

  /// Hears the page and fits the chrome to it.
  func adoptPage() {
    page.onNotice = { [weak self] notice in self?.handle(notice) }
    // A page without a grid greys the toggle out rather than leaving it inert.
    actions.setEnabled(.grid, page.views.viewModes.contains(.grid))
    actions.setEnabled(.table, page.views.viewModes.contains(.table))
    actions.setEnabled(.tree, page.views.viewModes.contains(.tree))
    Gtk.setVisible(personPage.treeButton, page.views.viewModes.contains(.tree))
    updatePlaintextBanner()
    contacts.membership.offer(on: page)
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

  /// The people and how they are loaded, searched and shown.
  package var page: any DirectoryPage { pageSlot.page }

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
}
