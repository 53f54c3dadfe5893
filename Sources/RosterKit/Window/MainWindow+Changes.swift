import CGtk
import Directory
import GtkKit
import SharedSupport

/// "Changes…": what the offline copy shown saw change, in a window of its
/// own (``ChangesWindow``), whose lines open people here.
extension MainWindow {
  /// Opens the changes of the offline copy shown; other directories keep
  /// no history, and a toast says so. Beside everyone's changes the window
  /// offers those of the person shown or selected's team (when anyone
  /// reports to them) and of the group or team the people are narrowed to:
  /// who leads a team is worked out off the main thread (over a million
  /// people, finding a username and counting reports take a while), and
  /// the window opens once it is known.
  func showChanges() {
    guard case .loaded(let contents) = page.people.held,
      case .file(let folder, _) = contents.source,
      offlineCopy.copy?.folder == folder
    else {
      showToast(tr("Changes are kept for a directory server’s offline copy"))
      return
    }
    let candidates = ScopeCandidates(
      shown: shownPersonPage?.identity
        ?? selectedPosition.flatMap { page.people.person(at: $0)?.identity },
      signedIn: offlineCopy.copy?.signedInUsername, narrowed: places.shownChoice.scope)
    let table = contents.viewModels
    Task { @MainActor [weak self] in
      let scopes = await Task.detached(priority: .userInitiated) {
        candidates.scopes(in: table)
      }.value
      // A window closed meanwhile opens nothing.
      guard let self, gtk_widget_get_visible(self.window) != 0 else { return }
      ChangesWindow.present(
        historyIn: folder, over: self.window, scopes: scopes, people: (table, contents.groups)
      ) { [weak self] identity in
        guard let self else { return }
        self.openPerson(identity: identity)
        self.present()
      }
    }
  }
}

/// Whose changes the Changes window may offer beside everyone's: the person
/// signed in, the person shown or selected, the group or team the people
/// are narrowed to — each kept as a choice when it names a team with
/// anyone in it.
///
/// Threading: a plain value; `Sendable`. ``scopes(in:)`` runs off the main thread.
private struct ScopeCandidates: Sendable {
  /// The identity of the person whose page shows, else of who is selected.
  let shown: String?
  /// The username of the person signed in, when the server said.
  let signedIn: String?
  /// The group or manager's team the people are narrowed to.
  let narrowed: PeopleScope?

  /// The choices, named: the team of the person signed in ("My Team"), of
  /// the person shown, each when anyone reports to them, then the group or
  /// manager's team the people are narrowed to.
  func scopes(in table: UserTable) -> [(name: String, scope: ChangeScope)] {
    var scopes: [(name: String, scope: ChangeScope)] = []
    var managers: [String] = []
    if let shown { managers.append(shown) }
    let me = signedIn.flatMap(table.position(ofUsername:)).map(table.identity(at:))
    switch narrowed {
    case .reports(let identity, _)? where identity != shown: managers.append(identity)
    case .group(let id, let name)?:
      scopes.append((String(filling: tr("Members of %@"), name), .group(id: id, allLevels: true)))
    default: break
    }
    for identity in managers.reversed() where identity != me {
      guard let position = table.position(ofIdentity: identity),
        table.reportCount(of: position) > 0
      else { continue }
      let name = DisplayText.of(
        table.value(.displayName, at: position) ?? table.username(at: position))
      scopes.insert(
        contentsOf: [
          (String(filling: tr("Reporting to %@"), name), .reports(of: identity, allLevels: false)),
          (String(filling: tr("Everyone under %@"), name), .reports(of: identity, allLevels: true)),
        ], at: 0)
    }
    if let me, let position = table.position(ofIdentity: me), table.reportCount(of: position) > 0 {
      scopes.insert(
        contentsOf: [
          (tr("My Team"), .reports(of: me, allLevels: false)),
          (tr("Everyone under Me"), .reports(of: me, allLevels: true)),
        ], at: 0)
    }
    return scopes
  }
}
