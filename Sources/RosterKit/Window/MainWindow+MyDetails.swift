import Directory
import GtkKit
import SharedSupport

/// "My Details" (the main menu): the page of the person signed in, where
/// Edit changes what the server lets them change of their own entry.
extension MainWindow {
  /// Opens the page of the person signed in to the server shown (or to
  /// its offline copy's server): who that is is asked of the server and
  /// they are found among the people, off the main thread. A toast says
  /// why when the directory takes no changes, or does not say who you are.
  func showMyDetails() {
    guard let editable = editableDirectory else {
      showToast(tr("Your own details are kept on a directory server that takes changes"))
      return
    }
    var (table, server): (UserTable?, (any RangedDirectory)?) = (nil, nil)
    switch page.people.held {
    case .loaded(let contents): table = contents.viewModels
    case .server(let directory): server = directory
    case .nothing: return
    }
    let generation = places.generation
    Task { @MainActor [weak self, table, server] in
      let found = await Self.identityOfPersonSignedIn(on: editable, table: table, server: server)
      guard let self, self.places.generation == generation else { return }
      guard let identity = found else {
        self.showToast(tr("The directory server does not say who you are among its people"))
        return
      }
      self.openPerson(identity: identity)
    }
  }

  /// The identity of the person signed in to `editable` among the people
  /// shown: in `table` (an offline copy's) by their username, else on
  /// `server` by a search for it. Runs off the main thread.
  nonisolated private static func identityOfPersonSignedIn(
    on editable: any EditableDirectory, table: UserTable?, server: (any RangedDirectory)?
  ) async -> String? {
    guard let username = try? await editable.signedInUsername() else { return nil }
    if let table { return table.position(ofUsername: username).map(table.identity(at:)) }
    let rows = try? await server?.searching(username).rows(0..<20)
    return rows?.entries.first { $0.username == username }?.id
  }
}
