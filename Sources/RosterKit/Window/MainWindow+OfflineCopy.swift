import CGtk
import Directory
import DirectoryLDAP
import FoundationEssentials
import GtkKit
import PreparedImages
import SharedSupport

/// A directory server's people browsed from the offline copy Content Sync
/// or, on Active Directory, DirSync keeps (``OfflineCopy``). With a complete copy on disk the window opens
/// on it at once and the copy resumes from its cookie; without one the
/// window reads the server a window at a time, as for any server, while
/// the copy fills (its progress after the subtitle), then the copy's page
/// takes over in the same order and at the same scroll, and sorting and
/// filtering are local from then on. Each change the server sends reaches
/// the rows as differences; while the server is away the banner says since
/// when the copy is current, with Retry.
extension MainWindow {
  /// Builds the window for an LDAP server whose people `copy` keeps; call
  /// ``refresh()`` to open it.
  package convenience init(
    application: UnsafeMutablePointer<GtkApplication>?, copy: OfflineCopy,
    pipeline: ImagePipeline?
  ) {
    self.init(
      application: application, copy: copy, pipeline: pipeline,
      probe: RowProbe())
  }

  /// ``init(application:copy:pipeline:)`` with the rows counting into
  /// `probe`.
  package convenience init(
    application: UnsafeMutablePointer<GtkApplication>?, copy: OfflineCopy,
    pipeline: ImagePipeline?, probe: RowProbe,
    rowAvatars: any AvatarBinder = PipelineAvatarBinder()
  ) {
    self.init(
      application: application, pipeline: pipeline, probe: probe,
      rowAvatars: rowAvatars
    ) { window, avatars in
      // Held by another Roster window or process: the server, read directly.
      guard copy.isComplete, copy.claim() else {
        return ServerDirectoryPage(directory: copy.directory, avatars: avatars)
      }
      let page = LocalDirectoryPage(
        source: .success(.file(copy.folder)), window: window, avatars: avatars)
      page.follow(copy)
      return page
    }
    follow(copy)
  }

  /// Hears `copy`; on a server's page, starts it once the server says it
  /// offers what the copy follows, Content Sync or DirSync (a copy's page
  /// starts it with its first refresh).
  private func follow(_ copy: OfflineCopy) {
    offlineCopy = copy
    copy.onStatus = { [weak self] status in self?.copyChanged(to: status) }
    guard !sayWhenInUse(copy), page is ServerDirectoryPage else { return }
    Task { @MainActor [weak self] in
      guard (try? await copy.directory.offersChanges()) == true, let self,
        self.offlineCopy === copy
      else { return }
      copy.start()
      self.sayWhenInUse(copy)
    }
  }

  /// When another Roster window or process holds `copy`, says so after
  /// the subtitle (this window reads the server directly); true then.
  @discardableResult
  private func sayWhenInUse(_ copy: OfflineCopy) -> Bool {
    guard copy.isInUseElsewhere else { return false }
    copyProgress = tr("the offline copy is in use by another Roster window or process")
    if shownPersonPage == nil { showPeopleSubtitle() }
    return true
  }

  private func copyChanged(to status: LDAPReplicaStatus) {
    switch status {
    case .filling(let count):
      copyProgress = String(
        filling: copyIsReloading
          ? tr("refreshing the offline copy: %@") : tr("making an offline copy: %@"),
        NumberText.grouped(count))
    case .reloading:
      copyIsReloading = true
      copyProgress = tr("refreshing the offline copy")
    case .current:
      copyIsReloading = false
      copyProgress = nil
      if let message = offlineMessage {
        offlineMessage = nil
        handle(.problemSolved(message))
      }
      if page is ServerDirectoryPage { takeOverWithCopy() }
    case .refused(let error, let received):
      copyProgress = Self.refusedMessage(error, received: received)
    case .disconnected:
      copyProgress = nil
      if page is LocalDirectoryPage, let copy = offlineCopy {
        let message = Self.offlineMessage(lastSynced: copy.lastSynced)
        offlineMessage = message
        handle(.problem(message))
      }
    }
    if shownPersonPage == nil { showPeopleSubtitle() }
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

  /// The server's page gives way to the copy's once the copy's rows are
  /// in place: the same order, the same scroll, the same search and
  /// filter, the same person selected.
  private func takeOverWithCopy() {
    guard let copy = offlineCopy, let server = page as? ServerDirectoryPage, incomingPage == nil
    else { return }
    let next = LocalDirectoryPage(
      source: .success(.file(copy.folder)), window: window, avatars: pageAvatars)
    next.sort(by: PersonSort([server.sortKey ?? PersonSort.Key(.username)]))
    next.onRowsApplied = { [weak self, weak next, weak server] in
      guard let self, let next, let server, self.page === server else { return }
      next.onRowsApplied = nil
      self.incomingPage = nil
      let scroll = ShownPlace.scroll(of: server.shownView)
      let selected = server.selectedPosition.flatMap(server.person(at:))?.username
      let mode = server.viewMode
      let velocity = self.maxFlingVelocity
      self.replacePage(with: next)
      if next.viewModes.contains(mode) { next.viewMode = mode }
      next.setMaxFlingVelocity(velocity)
      next.restore(selected: nil, scroll: scroll)
      if !self.searchBar.text.isEmpty { next.search(self.searchBar.text) }
      if let filter = self.pageFilter { next.showOnly(filter) }
      if let selected { next.select(username: selected) }
    }
    incomingPage = next
    next.follow(copy)
  }

  /// Shows `next` in the page's place; the page it replaces stays hidden
  /// until the window goes.
  func replacePage(with next: any DirectoryPage) {
    let old = page
    old.onNotice = nil
    old.close()
    gtk_stack_add_child(gtkObject(pageHolder), next.widget)
    gtk_stack_set_visible_child(gtkObject(pageHolder), next.widget)
    page = next
    retiredPage = old
    adoptPage()
    handle(.loaded(isEmpty: next.count == 0))
    (next as? LocalDirectoryPage)?.showSubtitle()
  }
}
