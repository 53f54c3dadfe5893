import Directory
import FoundationEssentials
import GtkKit

/// What the person page reads of a local directory: a person's managers,
/// reports and groups, gathered off the main thread (the first look-up
/// indexes the directory's managers, identities and groups), and the view
/// Back returns to, put back once the people it showed are in place.
extension LoadedReader {
  package func facts(at position: Int) async -> PersonFacts? {
    guard position >= 0, position < model.count, let contents else { return nil }
    let (person, groups, copy, histories) = (
      model[position], contents.groups, copyFolder, histories
    )
    return await Task.detached(priority: .userInitiated) {
      let facts = PersonFacts.local(position: person.index, in: person.table, groups: groups)
      return copy.map { facts.withHistory(in: $0, from: histories) } ?? facts
    }.value
  }

  package func facts(ofIdentity identity: String) async -> PersonFacts? {
    guard let contents else { return nil }
    let (table, groups, copy, histories) = (
      contents.viewModels, contents.groups, copyFolder, histories
    )
    return await Task.detached(priority: .userInitiated) {
      table.position(ofIdentity: identity).map {
        let facts = PersonFacts.local(position: $0, in: table, groups: groups)
        return copy.map { facts.withHistory(in: $0, from: histories) } ?? facts
      }
    }.value
  }

  /// The file or folder the people came from: an offline copy's folder
  /// holds the history a person's page shows (looked at off the main
  /// thread, ``PersonFacts/withHistory(in:)``).
  private var copyFolder: URL? {
    guard case .file(let url, _) = contents?.source else { return nil }
    return url
  }

  package func revealInTree(_ identity: String) {
    guard let people = contents?.viewModels else { return }
    page?.viewMode = .tree
    Task { @MainActor [weak self] in
      // The first look-up by identity indexes everyone: off the main thread.
      let found = await Task.detached(priority: .userInitiated) {
        people.position(ofIdentity: identity)
      }.value
      guard let self, let index = found else { return }
      let reveal: @MainActor @Sendable () -> Void = { [weak self] in
        self?.orgTree.source.reveal(index)
      }
      let tree = self.orgTree.source
      if tree.table !== people, !tree.isLoading {
        tree.show(people, then: reveal)
      } else {
        tree.whenShown(reveal)
      }
    }
  }

  package func restore(selected identity: String?, scroll: Double) {
    placeToRestore = (identity, scroll)
    // Nothing running: the people are in place already.
    if filtering == nil, sorting == nil { restorePlace() }
  }

  /// Selects and scrolls as ``restore(selected:scroll:)`` asked, once the
  /// model's length is the new one (a reload announces it over frames).
  func restorePlace() {
    guard placeToRestore != nil else { return }
    guard !model.isReloading else {
      TickCallback.add(to: shownView) { [weak self] _ in
        guard let self, self.placeToRestore != nil else { return false }
        if self.model.isReloading { return true }
        self.restorePlace()
        return false
      }
      return
    }
    guard let (identity, scroll) = placeToRestore else { return }
    placeToRestore = nil
    if let identity,
      let position = model.elements.firstIndex(where: { $0.viewModel.identity == identity })
    {
      select(position)
    }
    ShownPlace.restore(scroll: scroll, of: shownView)
  }
}
