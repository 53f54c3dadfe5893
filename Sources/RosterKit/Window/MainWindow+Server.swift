import CGtk
import Directory
import GtkKit
import SharedSupport

/// A directory server's side of the window: the list filled a window at a
/// time (``ServerPresenter``), the count and the server in the subtitle,
/// searches and refreshes done by the server, a banner when a page fails
/// while the rows already shown stay, a banner while the list moves to
/// another server, and the entry's attributes in the details panel.
extension MainWindow {
  /// The shortest time the switch to another server is told, so that a
  /// quick switch does not just flash the banner.
  static let failoverNoticeMinimum = Duration.seconds(2)

  /// Connects the server's list to the window (nothing for a local directory).
  func connectServer() {
    guard let server else { return }
    // A server's list has no grid: the toggle is greyed out rather than inert.
    actions.setEnabled(.grid, false)
    server.onOpen = { [weak self] result in self?.serverOpened(result) }
    // The list's widgets are gone with the window: a late first window must
    // not scroll them.
    Signals.connect(gobject(window), .destroy) { [weak server] in server?.close() }
    server.onPageError = { [weak self] error in
      self?.banner.show(
        String(format: tr("Can't read the directory: %@"), error.localizedDescription))
    }
    server.onFailover = { [weak self] failover in self?.showFailover(failover) }
    server.page.model.onArrival = { [weak self] in self?.pagesArrived() }
    // Weak: the presenter owns the page, which owns this handler.
    server.page.onVisibleChange = { [weak self, weak server] visible in
      guard let self, let server else { return }
      // A server read forward (Paged Results) learns its count as it goes.
      if !server.page.model.isCountFinal { self.updateServerSubtitle() }
      guard self.firstRowsShown == nil, !visible.isEmpty else { return }
      let filled = visible.contains { server.page.model[$0] != nil }
      if filled { self.firstRowsShown = .now }
    }
    Signals.connect(gobject(server.page.listView), .activateItem) { [weak self] position in
      self?.showServerDetails(at: Int(position))
    }
  }

  /// Refresh for a server: the first time it opens the directory, later it
  /// re-reads the rows, keeping the person at the top in place.
  func refreshServer(_ server: ServerPresenter) -> Bool {
    header.setBusy(true)
    serverLoadStarted = .now
    if server.totalCount == nil {
      if pages.state != .list { pages.show(.loading) }
      server.open()
    } else {
      server.refresh()
    }
    return true
  }

  private func serverOpened(_ result: Result<Int, DirectoryError>) {
    guard let server else { return }
    header.setBusy(false)
    let duration = serverLoadStarted.map { ContinuousClock.now - $0 } ?? .zero
    switch result {
    case .success(let count):
      refreshSucceeded()
      updateServerSubtitle(count: count)
      pages.show(count == 0 && server.query.isEmpty ? .empty : .list)
    case .failure(let error):
      let message = String(
        format: tr("Can't retrieve the directory: %@"), error.localizedDescription)
      if pages.state == .list {
        // Keep the rows on screen; say what went wrong without a dialog.
        refreshFailed(message)
      } else {
        pages.show(.failed(message), reason: error.localizedDescription)
      }
    }
    onServerOpen?(result, duration)
  }

  /// The server in use went away: the banner says where the list continues
  /// until its pages arrive again.
  private func showFailover(_ failover: DirectoryFailover) {
    banner.show(
      String(format: tr("Lost %1$@; continuing on %2$@"), failover.lost, failover.continuing))
    failoverShown = .now
    updateServerSubtitle()
  }

  /// Pages flow again: the switch's banner goes, once it could be read
  /// (unless another message or another switch took its place).
  private func pagesArrived() {
    guard let shown = failoverShown else { return }
    failoverShown = nil
    let message = banner.message
    let remaining = Self.failoverNoticeMinimum - (.now - shown)
    Task { @MainActor [weak self] in
      if remaining > .zero { try? await Task.sleep(for: remaining) }
      guard let self, self.failoverShown == nil, self.banner.message == message else { return }
      self.banner.hide()
    }
  }

  /// Says how many people the list holds and where they come from.
  private func updateServerSubtitle(count: Int? = nil) {
    guard let server else { return }
    let count = count ?? server.page.model.count
    header.subtitleText = Self.serverSubtitle(
      count: count, total: server.totalCount ?? count, isFinal: server.page.model.isCountFinal,
      query: server.query, location: server.directory.location)
  }

  /// "1,000,000 people · 127.0.0.1", "12 of 1,000,000 people · 127.0.0.1",
  /// "500 people so far · 127.0.0.1" while a server read forward counts.
  static func serverSubtitle(
    count: Int, total: Int, isFinal: Bool = true, query: String, location: String
  ) -> String {
    if count == 0, !query.isEmpty { return String(format: tr("No one matches “%@”"), query) }
    let people =
      query.isEmpty
      ? NumberText.people(count, soFar: !isFinal)
      : NumberText.matches(count, of: total, soFar: !isFinal)
    return "\(people) · \(location)"
  }

  /// The details panel for a server row: what the row shows at once, then
  /// every attribute of the entry, read off the main thread.
  func showServerDetails(at position: Int) {
    guard let server, let model = server.page.model[position] else { return }
    let details = self.details ?? UserDetails(parent: window, avatars: detailAvatars)
    self.details = details
    details.show(model)
    let directory = server.directory
    let identity = model.identity
    Task { @MainActor [weak details] in
      let attributes = await Self.attributes(of: identity, in: directory)
      guard let details, details.identity == identity else { return }
      details.attributes.show(attributes)
    }
  }

  /// Runs off the main thread; a failure shows no attributes.
  nonisolated private static func attributes(
    of identity: String, in directory: any WindowedDirectory
  ) async -> [DirectoryAttribute] {
    (try? await directory.attributes(of: identity)) ?? []
  }
}
