import Directory
import DirectoryLDAP
import FoundationEssentials
import GtkKit
import SharedSupport

/// A window's part in a directory server's offline copy (``OfflineCopy``):
/// it follows the copy's status, says how it fills or why there is none
/// after the people's subtitle (``progress``), tells the window when the
/// server goes away and comes back, and once a copy filled while the
/// server's page showed, has the copy's page take over in the same order
/// and at the same scroll, with the same search, filter and person
/// selected. Created with the window; a window on a users.json never
/// follows a copy.
///
/// Threading: main-actor only.
@MainActor
final class OfflineCopyController {
  /// The window whose page the copy feeds.
  private unowned let window: MainWindow
  /// The copy followed, if any.
  private(set) var copy: OfflineCopy?
  /// How the copy is filling, or why there is none, after the people's
  /// subtitle; nil when there is nothing to say.
  private(set) var progress: String?
  /// Whether the server asked for the copy to be refreshed in full (its
  /// history no longer reaches the copy's cookie), until it is current.
  private var isReloading = false
  /// The banner's message while the copy cannot reach its server.
  private var offlineMessage: String?
  /// The copy's page while its rows are on their way, before it takes
  /// over from the server's.
  private var incomingPage: (any DirectoryPage)?

  /// The part of `window`, following nothing yet.
  init(window: MainWindow) {
    self.window = window
  }

  /// Hears `copy`; on a server's page, starts it once the server says it
  /// offers what the copy follows, Content Sync or DirSync (a copy's page
  /// starts it with its first refresh).
  func follow(_ copy: OfflineCopy) {
    self.copy = copy
    copy.onStatus = { [weak self] status in self?.changed(to: status) }
    guard !sayWhenInUse(copy), readsServer else { return }
    Task { @MainActor [weak self] in
      guard (try? await copy.directory.offersChanges()) == true, let self, self.copy === copy
      else { return }
      copy.start()
      self.sayWhenInUse(copy)
    }
  }

  /// The first rows are on screen: a complete copy may catch up now.
  func rowsShown() { copy?.rowsShown() }

  /// The window goes: the incoming page and the copy's sync stop.
  func close() {
    incomingPage?.close()
    copy?.stop()
  }

  /// When another Roster window or process holds `copy`, says so after
  /// the subtitle (this window reads the server directly); true then.
  @discardableResult
  private func sayWhenInUse(_ copy: OfflineCopy) -> Bool {
    guard copy.isInUseElsewhere else { return false }
    progress = tr("the offline copy is in use by another Roster window or process")
    window.showPeopleSubtitleUnlessPerson()
    return true
  }

  private func changed(to status: LDAPReplicaStatus) {
    switch status {
    case .filling(let count):
      progress = String(
        filling: isReloading
          ? tr("refreshing the offline copy: %@") : tr("making an offline copy: %@"),
        NumberText.grouped(count))
    case .reloading:
      isReloading = true
      progress = tr("refreshing the offline copy")
    case .current:
      isReloading = false
      progress = nil
      copy?.learnWhoSignedIn()
      if let message = offlineMessage {
        offlineMessage = nil
        window.handle(.problemSolved(message))
      }
      if readsServer { takeOver() }
    case .refused(let error, let received):
      progress = Self.refusedMessage(error, received: received)
    case .disconnected:
      progress = nil
      if !readsServer, let copy {
        let message = Self.offlineMessage(lastSynced: copy.lastSynced)
        offlineMessage = message
        window.handle(.problem(message))
      }
    }
    window.showPeopleSubtitleUnlessPerson()
  }

  /// Why there is no offline copy, after the subtitle: "no offline copy:
  /// the server gives a reader at most 500 people in one search", or the
  /// server's refusal. The window goes on reading the server.
  static func refusedMessage(_ error: DirectoryError, received: Int) -> String {
    if case .sizeLimitExceeded? = error.ldap {
      return String(
        filling: tr("no offline copy: the server gives a reader at most %@ people in one search"),
        NumberText.grouped(received))
    }
    return String(filling: tr("no offline copy: %@"), error.sentence)
  }

  /// "Offline · last synced 10:42" (the date too when not today).
  static func offlineMessage(lastSynced: Date?) -> String {
    guard let lastSynced else { return tr("Offline") }
    return String(filling: tr("Offline · last synced %@"), ClockText.time(lastSynced))
  }

  /// Whether the window's page reads the server (not the copy).
  private var readsServer: Bool {
    if case .server = window.page.people.held { true } else { false }
  }

  /// The server's page gives way to the copy's once the copy's rows are
  /// in place: the same order, the same scroll, the same search and
  /// filter, the same person selected.
  private func takeOver() {
    guard let copy, readsServer, incomingPage == nil else { return }
    let server = window.page
    let reader = LoadedReader(
      source: .success(.file(copy.folder)), window: window.window, avatars: window.pageAvatars)
    let next = PeoplePage(reader: reader)
    let key = server.tableSettings.order?.keys.first
    next.order.sort(by: PersonSort([key ?? PersonSort.Key(.username)]))
    reader.onRowsApplied = { [weak self, weak next, weak reader, weak server] in
      guard let self, let next, let reader, let server, self.window.page === server else { return }
      reader.onRowsApplied = nil
      self.incomingPage = nil
      let window = self.window
      let views = server.views
      let scroll = ShownPlace.scroll(of: views.shownView)
      let selected = views.selectedPosition.flatMap(server.people.person(at:))?.username
      let mode = views.viewMode
      let velocity = window.maxFlingVelocity
      window.replacePage(with: next)
      if next.viewModes.contains(mode) { next.viewMode = mode }
      next.setMaxFlingVelocity(velocity)
      next.restore(selected: nil, scroll: scroll)
      if !window.searchBar.text.isEmpty { next.search(window.searchBar.text) }
      if let filter = window.pageFilter { next.narrow(.filter(filter)) }
      if let selected { reader.select(username: selected) }
    }
    incomingPage = next
    reader.follow(copy)
  }
}
