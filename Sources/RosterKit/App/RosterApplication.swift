import CAdw
import CGtk
import Directory
import FoundationEssentials
import GtkKit
import PreparedImages
import SharedSupport

/// The GtkApplication: makes the main window on activate, loads the
/// directory, and in headless runs takes the screenshot, prints a summary
/// and quits.
///
/// Threading: main-actor only. ``run(_:)`` must be called from a synchronous
/// main on the main thread (an async main would let MainActor leave it).
@MainActor
public final class RosterApplication {
  let options: RosterOptions
  let application: UnsafeMutablePointer<GtkApplication>
  var window: MainWindow?
  /// The remembered directories (settings.json) and their secrets (keyring).
  let connections = DirectoryConnections()
  /// The window's size, view and tables, the fling cap and the shell's
  /// search switch, in GSettings; headless runs keep the defaults in memory
  /// (a fixed size, for comparable screenshots) and never open GSettings.
  private(set) lazy var preferences =
    isHeadless ? Preferences(schema: nil) : Preferences.standard()
  /// Whether the application is held until the first window exists.
  var isHeld = false
  var pipeline: ImagePipeline?
  private let started = ContinuousClock.now
  private var exitCode: Int32 = 0
  var refreshTimer: Task<Void, Never>?
  /// Whether the headless summary was printed (once: a server's searches
  /// and refreshes report what they read too).
  private var reportedOpening = false
  /// Unique on the session bus, or a process of its own (``ApplicationMode``).
  let mode: ApplicationMode
  /// The shell's search provider, exported while the application is unique.
  var searchProvider: SearchProvider?
  /// The person the shell asked to see, shown once their directory is in
  /// the window.
  var personToShow: SearchResultID?
  /// The search the shell asked to see, typed once a window exists.
  var searchToShow: String?

  /// Creates the application for `options`.
  public init(options: RosterOptions) {
    self.options = options
    // The name assistive technologies and the shell show for the app.
    g_set_application_name("Roster")
    // An AdwApplication: libadwaita's stylesheet and the style manager (the
    // dark style follows the system's) are set up before the first window.
    mode = ApplicationMode.of(options)
    application = cgtk_application(adw_application_new("org.roster.Roster", mode.flags)!)
    Signals.connect(gobject(application), .activate) { [weak self] in self?.activate() }
    addShowPersonAction()
    Signals.connect(gobject(application), .startup) { Stylesheet.install() }
  }

  /// Runs the GTK main loop until the last window closes; returns the exit code.
  public func run() -> Int32 {
    MainQueueBridge.install()
    if case .unique(let service) = mode {
      // Exported before GApplication asks for the name, so no call reaches
      // the bus name before the object is there.
      exportSearchProvider()
      if service { g_application_set_inactivity_timeout(cgtk_gapplication(application), 30_000) }
    }
    var arguments = [strdup(CommandLine.arguments.first ?? "roster")]
    let status = g_application_run(cgtk_gapplication(application), 1, &arguments)
    for argument in arguments { free(argument) }
    refreshTimer?.cancel()
    if options.printStatistics, let pipeline {
      print("Avatar pipeline statistics:")
      print(pipeline.statistics())
    }
    if options.printStatistics, case .server(let directory)? = window?.page.people.held,
      let statistics = DirectoryKinds.statistics(of: directory)
    {
      print(statistics.heading)
      print(statistics.counters)
    }
    return status != 0 ? status : exitCode
  }

  /// Remembers the window size, state and view mode (not for headless
  /// runs, nor when the command line chose the view).
  func saveSettings() {
    guard let window, !options.quitAfterLoad, options.screenshot == nil, options.grid == nil,
      !options.table
    else {
      return
    }
    window.remember(in: preferences)
  }

  /// The directory source named by the options, or the embedded one.
  public static func resolveSource(_ argument: String?) -> Result<DirectorySource, DirectoryError> {
    if let argument {
      return Result { () throws(DirectoryError) in try DirectoryKinds.source(argument: argument) }
    }
    guard let url = ResourceLocator.defaultDirectory else {
      return .failure(
        .fileNotFound(path: "data/users.json (no embedded directory found; pass --source)"))
    }
    return .success(.file(url))
  }

  private func activate() {
    if let window {
      window.present()
      return
    }
    pipeline = ImagePipeline(configuration: options.pipelineConfiguration)
    connections.onOpen = { [weak self] opened, directory in
      self?.show(opened, offlineCopy: directory?.keepsOfflineCopy ?? true)
    }
    connections.onNeedsSecret = { [weak self] directory, message in
      self?.askForSecret(directory, message)
    }
    if options.source == nil, !isHeadless, let last = connections.last {
      // The directory shown last; its secret may come from the keyring
      // first, so the application is held until a window exists.
      g_application_hold(cgtk_gapplication(application))
      isHeld = true
      connections.open(last.id)
      return
    }
    if let argument = options.source, ServerOptions.isServerURL(argument) {
      // A directory server, asked first what the URL leaves open; the
      // application is held until its window exists.
      g_application_hold(cgtk_gapplication(application))
      isHeld = true
      Task { @MainActor in install(await serverWindow(for: argument)) }
      return
    }
    install(
      MainWindow(
        application: application, content: .source(Self.resolveSource(options.source)),
        pipeline: pipeline))
  }

  /// The headless summary of what the window opened (a server's first
  /// open only: its searches and refreshes report too).
  func opened(_ opening: PageOpening) async {
    guard options.quitAfterLoad || options.screenshot != nil, !reportedOpening, let window else {
      return
    }
    reportedOpening = true
    await settle(window)
    let duration = opening.duration
    var summary: [String] = []
    switch opening.outcome {
    case .loaded(let result, let source):
      switch source {
      case .success(let source): summary.append("source: \(source)")
      case .failure(let error): summary.append("source: \(error.sentence)")
      }
      summary += loadSummary(result, duration)
    case .server(let result):
      summary.append("source: \(options.source ?? "")")
      switch result {
      case .success(let count):
        summary.append("people on the server: \(count) (read a window at a time)")
        summary.append("first window: \(Self.milliseconds(duration)) ms")
      case .failure(let error):
        summary.append("load failed: \(error.sentence)")
      }
    }
    if opening.failed { exitCode = 1 }
    finishHeadless(window, summary: summary)
  }

  /// What a whole directory's load read, or why it failed.
  private func loadSummary(
    _ result: Result<DirectoryContents, DirectoryError>, _ duration: Duration
  )
    -> [String]
  {
    var summary: [String] = []
    switch result {
    case .success(let contents):
      summary.append(
        "users loaded: \(contents.viewModels.count) (skipped \(contents.skippedEntries), cut \(contents.cutEntries))"
      )
      summary.append(
        "load time: \(Self.milliseconds(duration)) ms (parse \(Self.milliseconds(contents.parseDuration)) ms, view models \(Self.milliseconds(contents.viewModelDuration)) ms)"
      )
    case .failure(let error):
      summary.append("load failed: \(error.sentence)")
    }
    return summary
  }

  /// Lets GTK lay out and paint the rows, and the visible avatars arrive,
  /// before the summary and the picture.
  private func settle(_ window: MainWindow) async {
    await MainContext.wait(
      until: { window.hasVisibleRows || window.state != .list }, timeout: .seconds(5))
    if let search = options.search, !search.isEmpty {
      await MainContext.wait(
        until: { window.page.showsSearchResult(for: search) },
        timeout: .seconds(10))
    }
    await MainContext.wait(for: .milliseconds(150))
    await MainContext.wait(
      until: { window.visibleRowsWaitingForAvatars == 0 }, timeout: .seconds(3))
    await MainContext.wait(for: .milliseconds(50))
  }

  /// Prints `summary` and the time to first rows, saves the screenshot, quits.
  private func finishHeadless(_ window: MainWindow, summary: [String]) {
    let firstRows = (window.firstRowsShown ?? .now) - started
    for line in summary { print(line) }
    print("first rows on screen: \(Self.milliseconds(firstRows)) ms after start")
    if let path = options.screenshot {
      do {
        try Screenshot.save(window.window, to: path)
        print("screenshot: \(path)")
      } catch {
        print("screenshot failed: \(error)")
        exitCode = 1
      }
    }
    g_application_quit(cgtk_gapplication(application))
  }

  static func milliseconds(_ duration: Duration) -> String {
    String(filling: "%.1f", duration.inMilliseconds)
  }
}
