import CGtk
import Directory
import GtkKit
import SharedSupport

/// "Changes…": what the offline copy shown saw change, in a window of its
/// own (``ChangesWindow``), whose lines open people here.
extension MainWindow {
  /// Opens the changes of the offline copy shown; other directories keep
  /// no history, and a toast says so.
  @discardableResult
  func showChanges() -> ChangesWindow? {
    guard case .loaded(let contents) = page.people.held,
      case .file(let folder, _) = contents.source,
      offlineCopy.copy?.folder == folder
    else {
      showToast(tr("Changes are kept for a directory server’s offline copy"))
      return nil
    }
    return ChangesWindow.present(historyIn: folder, over: window) { [weak self] identity in
      guard let self else { return }
      self.openPerson(identity: identity)
      self.present()
    }
  }
}
