import Directory
import GtkKit

/// A server's groups in the sidebar: once the directory first opens, the
/// first window of its groups by name is read off the main thread and told
/// to the window (``PageNotice/serverGroups(_:first:everyone:)``), whose
/// sidebar reads the rest a window at a time as their lines show
/// (``ServerGroupLines``). Choosing one narrows the list to the server's
/// own view of its people (``showGroup(id:name:)``).
extension ServerReader {
  /// Reads the first window of groups the first time the directory opens
  /// (a server that keeps them; none otherwise).
  func listGroupsOnce() {
    guard listingGroups == nil, !hasListedGroups,
      let organised = directory as? any OrganisedDirectory
    else { return }
    let everyone = presenter.totalCount ?? model.count
    // A view of its own (an LDAP view has its own connection): a server
    // read forward keeps the people's place per connection.
    let lister = directory.searching("") as? any OrganisedDirectory ?? organised
    let reading = Task.detached(priority: .utility) {
      try? await lister.groups(0..<ServerGroupLines.window, matching: "")
    }
    listingGroups = Task { @MainActor [weak self] in
      let first = await withTaskCancellationHandler {
        await reading.value
      } onCancel: {
        reading.cancel()
      }
      guard let self, !Task.isCancelled, let first, first.count > 0 else { return }
      self.hasListedGroups = true
      self.tell(.serverGroups(lister, first: first, everyone: everyone))
    }
  }

  /// Everyone again (nil); a server's groups are chosen by identity
  /// (``showGroup(id:name:)``), not by number.
  package func showGroup(_ number: Int?) {
    if number == nil, presenter.scopeName != nil { narrow(to: nil, named: nil) }
  }
}
