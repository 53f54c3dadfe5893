import CGtk
import Directory
import GtkKit

/// The application's window, replaced on every switch of directory (a
/// window is built for one directory): the remembered size and view, the
/// directory menu, the headless steps, and the Connect dialog when a
/// remembered directory needs its secret typed.
extension RosterApplication {
  var isHeadless: Bool { options.quitAfterLoad || options.screenshot != nil }

  /// Replaces the window with one on `opened` (a switch of directory), a
  /// server's kept in an offline copy unless `offlineCopy` is false.
  func show(_ opened: OpenedDirectory, offlineCopy: Bool = true) {
    let window =
      switch opened {
      case .source(let source):
        MainWindow(application: application, content: .source(.success(source)), pipeline: pipeline)
      case .loaded(let contents):
        MainWindow(application: application, content: .loaded(contents), pipeline: pipeline)
      case .server(let directory):
        serverWindow(directory, offlineCopy: offlineCopy)
      }
    install(window)
  }

  /// The window on the directory server `argument` names (read a window at
  /// a time, never loaded whole), completed from its root DSE
  /// (``ServerOptions/discoveredDirectory(url:environment:)``: the base DN
  /// when the URL gives none, Active Directory's names without
  /// `--ldap-schema`). A server that cannot answer now is opened as the URL
  /// says, so its window says why and shows its offline copy; without a
  /// base DN there is nothing to search, and the error is the window's. A
  /// source that cannot be opened shows its error like a bad file does.
  func serverWindow(for argument: String) async -> MainWindow {
    let server = options.server
    let given: any RangedDirectory
    do throws(DirectoryError) {
      given = try server.directory(url: argument)
      do throws(DirectoryError) {
        return serverWindow(try await server.discoveredDirectory(url: argument))
      } catch {
        if let given = given as? any DiscoveringDirectory, !given.namesItsPeople { throw error }
        return serverWindow(given)
      }
    } catch {
      return MainWindow(
        application: application, content: .source(.failure(error)), pipeline: pipeline)
    }
  }

  /// The window on a directory server: an LDAP server's people kept in an
  /// offline copy (when the options and `offlineCopy` allow and there is a
  /// cache folder), else read a window at a time.
  func serverWindow(_ directory: any RangedDirectory, offlineCopy: Bool = true) -> MainWindow {
    if options.offlineCopies, offlineCopy, let copyable = directory as? any CopyableDirectory,
      let folder = OfflineCopyFolder.folder(for: directory)
    {
      return MainWindow(
        application: application, content: .copy(copyable.offlineCopy(in: folder)),
        pipeline: pipeline)
    }
    return MainWindow(
      application: application,
      content: .server(
        directory, firstScreen: options.offlineCopies ? FirstScreenFile(for: directory) : nil),
      pipeline: pipeline)
  }

  /// A remembered directory needs its secret typed: the Connect dialog asks,
  /// over the window (the embedded directory's, if none is open yet).
  func askForSecret(_ directory: RememberedDirectory, _ message: String) {
    if window == nil {
      install(
        MainWindow(
          application: application, content: .source(Self.resolveSource(nil)), pipeline: pipeline))
    }
    window?.presentConnectDialog(directory: directory, message: message)
  }

  /// Makes `window` the application's window: the remembered size and view,
  /// the directory menu, the headless steps; the previous window closes.
  func install(_ window: MainWindow) {
    let previous = self.window
    if previous != nil { saveSettings() }
    if isHeld {
      // Held while the remembered directory's secret was looked up.
      isHeld = false
      g_application_release(cgtk_gapplication(application))
    }
    self.window = window
    window.restore(preferences, grid: options.grid, table: options.table)
    if options.tree { window.isTreeMode = true }
    window.installDirectoryMenu(connections)
    window.onEvent = { [weak self] event in
      switch event {
      case .viewModeChanged: self?.saveSettings()
      case .opened(let opening):
        self?.showPendingPerson()
        // Reported from main-queue work; the headless steps wait on the
        // loop, so they run as their own task rather than nested inside it.
        Task { @MainActor in await self?.opened(opening) }
      }
    }
    Signals.connect(gobject(window.window), .closeRequest) { [weak self] in
      self?.saveSettings()
      return false
    }
    window.present()
    previous?.close()
    window.isHudShown = options.showHud
    if let search = options.search, !search.isEmpty { window.setSearchText(search) }
    if let search = searchToShow {
      searchToShow = nil
      window.setSearchText(search)
    }
    window.refresh()
    refreshTimer?.cancel()
    if let interval = options.refreshInterval {
      // Periodic refreshes join a load in progress instead of stacking up.
      refreshTimer = Task { @MainActor [weak window] in
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(interval))
          guard let window else { return }
          window.refresh()
        }
      }
    }
  }
}
