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
  /// reports to them) and of the group or team the people are narrowed to.
  @discardableResult
  func showChanges() -> ChangesWindow? {
    guard case .loaded(let contents) = page.people.held,
      case .file(let folder, _) = contents.source,
      offlineCopy.copy?.folder == folder
    else {
      showToast(tr("Changes are kept for a directory server’s offline copy"))
      return nil
    }
    return ChangesWindow.present(
      historyIn: folder, over: window, scopes: changeScopes(in: contents.viewModels),
      people: (contents.viewModels, contents.groups)
    ) { [weak self] identity in
      guard let self else { return }
      self.openPerson(identity: identity)
      self.present()
    }
  }

  /// The choices of whose changes to show, named: the team of the person
  /// signed in ("My Team"), of the person whose page shows (else who is
  /// selected), each when anyone reports to them, then the group or
  /// manager's team the people are narrowed to.
  private func changeScopes(in table: UserTable) -> [(name: String, scope: ChangeScope)] {
    var scopes: [(name: String, scope: ChangeScope)] = []
    var managers: [String] = []
    let shown =
      shownPersonPage?.identity
      ?? selectedPosition.flatMap { page.people.person(at: $0)?.identity }
    if let shown { managers.append(shown) }
    let me = offlineCopy.copy?.signedInUsername
      .flatMap(table.position(ofUsername:)).map(table.identity(at:))
    switch places.shownChoice.scope {
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
