import CGtk
import GtkKit
import SharedSupport

/// "Check Data…": the data checks of the directory shown, in a window of
/// their own (``DataChecksWindow``), whose lines open people here.
extension MainWindow {
  /// Opens the data checks over the people loaded; a server read by
  /// ranges has no whole table to check, and a toast says so.
  @discardableResult
  func checkData() -> DataChecksWindow? {
    guard case .loaded(let contents) = page.people.held else {
      showToast(
        tr("Checking the data needs the whole directory: a file, or a server’s offline copy"))
      return nil
    }
    return DataChecksWindow.present(contents.viewModels, over: window) { [weak self] identity in
      guard let self else { return }
      self.openPerson(identity: identity)
      self.present()
    }
  }
}
