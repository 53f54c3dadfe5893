import Directory
import GtkKit

/// A server's groups in the sidebar: once the directory first opens, its
/// groups are listed off the main thread by name, a window of
/// ``groupWindow`` at a time up to ``maxGroups``, and told to the window
/// (``PageNotice/groups(_:everyone:)``); choosing one narrows the list to
/// the server's own view of its people (``showGroup(id:name:)``). Their
/// member counts are not read: only reading every member would tell them.
extension ServerDirectoryPage {
  /// Groups asked for in one request.
  nonisolated static let groupWindow = 500
  /// The most groups the sidebar lists of a server.
  nonisolated static let maxGroups = 20_000

  /// Lists the groups the first time the directory opens (a server that
  /// keeps them; none otherwise).
  func listGroupsOnce() {
    guard listingGroups == nil, serverGroups.isEmpty,
      let organised = directory as? any OrganisedDirectory
    else { return }
    let everyone = presenter.totalCount ?? model.count
    // A view of its own (an LDAP view has its own connection): a server
    // read forward keeps the people's place per connection.
    let lister = directory.searching("") as? any OrganisedDirectory ?? organised
    let listing = Task.detached(priority: .utility) { await Self.groups(of: lister) }
    listingGroups = Task { @MainActor [weak self] in
      let groups = await withTaskCancellationHandler {
        await listing.value
      } onCancel: {
        listing.cancel()
      }
      guard let self, !Task.isCancelled, !groups.isEmpty else { return }
      self.serverGroups = groups
      self.onNotice?(.groups(DirectoryGroups(listed: groups), everyone: everyone))
    }
  }

  /// The first ``maxGroups`` groups of `directory` by name; those read
  /// before a failure.
  nonisolated private static func groups(of directory: any OrganisedDirectory) async
    -> [DirectoryGroupEntry]
  {
    var groups: [DirectoryGroupEntry] = []
    while groups.count < maxGroups, !Task.isCancelled {
      let next = groups.count..<min(groups.count + groupWindow, maxGroups)
      guard let window = try? await directory.groups(next, matching: ""),
        !window.groups.isEmpty
      else { break }
      groups += window.groups
      if groups.count >= window.count { break }
    }
    return groups
  }

  /// The group `number` of those listed (nil: everyone again).
  package func showGroup(_ number: Int?) {
    guard let number else {
      if presenter.scopeName != nil { narrow(to: nil, named: nil) }
      return
    }
    guard serverGroups.indices.contains(number) else { return }
    showGroup(id: serverGroups[number].id, name: serverGroups[number].name)
  }
}
