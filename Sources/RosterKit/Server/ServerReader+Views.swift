import CGtk
import Directory
import GtkKit
import SharedSupport

/// The server's people as the page's views show them: the pages the view
/// that shows reads, the person at a position with every attribute of
/// their entry and what the person page shows of them, the groups and
/// reports the list narrows to, and the place Back returns to.
extension ServerReader {
  /// Scrolls the view that shows so that `position` is its top row.
  func scroll(toTop position: Int) {
    shownViewport.scroll(toTop: position, in: shownView)
  }

  /// Bound rows that show a skeleton, and those of them on screen (tests,
  /// the benchmark's skeleton ratio).
  package func skeletonRows() -> (bound: Int, visible: Int) {
    var bound = 0
    var visible = 0
    let onScreen = list.viewport.visible
    list.factory.forEachBoundRow { row, position in
      guard row.showsSkeleton else { return }
      bound += 1
      if onScreen.contains(position) { visible += 1 }
    }
    return (bound, visible)
  }

  // MARK: Views and selection

  /// The model reads the pages the view that shows needs.
  func willShow(_ mode: ViewMode) {
    if mode == .table { model.rows = table.factory } else { model.rows = list.factory }
    if mode == .tree, let orgTree, !orgTree.source.isShown { orgTree.source.show() }
  }

  func shows(_ mode: ViewMode, keeping anchor: Int) {
    if mode == .table { showRefusals() }
    if anchor < model.count { scroll(toTop: anchor) }
    model.setVisible(shownViewport.visible)
  }

  func showSubtitle() { updateSubtitle() }

  /// A server's table is remembered under its first server's URL.
  package var tableSettingsKey: String? { directory.settingsKey }

  /// The person at `position`, once their page has arrived.
  package func person(at position: Int) -> UserViewModel? {
    guard position >= 0, position < model.count else { return nil }
    return model[position]
  }

  package func attributes(of identity: String) async -> [DirectoryAttribute]? {
    await Self.attributes(of: identity, in: directory)
  }

  /// A server's person: their managers up to the top, their groups and how
  /// many report to them, each read off the main thread from a server that
  /// keeps them (``Directory/OrganisedDirectory``; else the row alone); the
  /// entry's attributes follow.
  package func facts(at position: Int) async -> PersonFacts? {
    guard let person = person(at: position) else { return nil }
    guard let organised = directory as? any OrganisedDirectory else {
      return PersonFacts(
        person: person, managers: [], chainEnd: .top, reports: .count(nil), groups: [])
    }
    let entry = DirectoryEntry(
      id: person.identity, username: person.username, details: person.details, role: person.role)
    return await PersonFacts.server(entry, in: organised)
  }

  package func facts(ofIdentity identity: String) async -> PersonFacts? {
    guard let organised = directory as? any OrganisedDirectory else { return nil }
    return await PersonFacts.server(identity: identity, in: organised)
  }

  package func revealInTree(_ identity: String) {
    guard let orgTree else { return }
    page?.viewMode = .tree
    orgTree.source.reveal(identity)
  }

  package func showGroup(id: String, name: String) {
    guard let organised = directory as? any OrganisedDirectory else { return }
    narrow(to: organised.members(of: DirectoryGroupEntry(id: id, name: name)), named: name)
  }

  package func showReports(of identity: String, name: String) {
    guard let organised = directory as? any OrganisedDirectory else { return }
    narrow(
      to: organised.reports(to: identity), named: String(filling: tr("Reporting to %@"), name))
  }

  /// The view the list reads now: the directory, or a group's people or a
  /// manager's reports on it, searched, filtered and ordered as shown.
  package var shownDirectory: any RangedDirectory { presenter.shown }

  /// Reads `scope` (nil: everyone) a window at a time in place of what shows.
  func narrow(to scope: (any RangedDirectory)?, named name: String?) {
    loadStarted = .now
    tell(.loading(replacesPage: false))
    presenter.narrow(to: scope, named: name)
  }

  /// Back to the server's list: its rows come back a window at a time, so
  /// the scroll is put back first and the person is selected again once
  /// the rows on screen there have arrived (``reselect()``).
  package func restore(selected identity: String?, scroll: Double) {
    ShownPlace.restore(scroll: scroll, of: shownView)
    placeToRestore = identity.map { ($0, scroll) }
    reselect()
  }

  /// Selects the person Back returns to once their row is on screen; gives
  /// up once the view is back at the scroll and every row on screen has
  /// arrived without them.
  func reselect() {
    // The rows held while the people Back returns to are read are the
    // ones left: the same person may be at another position among them.
    guard let (identity, scroll) = placeToRestore, !presenter.isLoading else { return }
    let visible = shownViewport.visible
    var waiting = visible.isEmpty || abs(ShownPlace.scroll(of: shownView) - scroll) >= 1
    for position in visible {
      guard let person = model[position] else {
        waiting = true
        continue
      }
      if person.identity == identity {
        placeToRestore = nil
        return select(position)
      }
    }
    if !waiting { placeToRestore = nil }
  }

  /// Runs off the main thread; a failure shows no attributes.
  nonisolated private static func attributes(
    of identity: String, in directory: any RangedDirectory
  ) async -> [DirectoryAttribute] {
    (try? await directory.attributes(of: identity)) ?? []
  }

  package var exportSource: ExportSource? {
    guard presenter.hasStarted, !presenter.isLoading else { return nil }
    return .server(presenter.shown, count: model.count)
  }
}
