import Directory
import GtkKit
import SharedSupport

/// Changing a person on their page (``PersonEditor``), on a server that
/// takes changes: the toasts it asks for (Saved, with Undo for ten
/// seconds), and after a change the person page and the rows on screen
/// read again from the server.
extension MainWindow {
  /// The directory the person page may change: a server's that takes
  /// changes (never a file, an offline copy or a server that only reads).
  var editableDirectory: (any EditableDirectory)? {
    guard case .server(let directory) = page.people.held else { return nil }
    return directory as? any EditableDirectory
  }

  func connectEditing() {
    personPage.editor.onToast = { [weak self] text, undo in
      guard let self else { return }
      if let undo {
        self.toasts.show(text, button: tr("Undo"), seconds: 10, action: undo)
      } else {
        self.showToast(text)
      }
    }
    personPage.editor.onApplied = { [weak self] _ in self?.personChanged() }
  }

  /// A person was changed: the rows are read again, and the person page,
  /// when it still shows them, shows them as the server has them now.
  private func personChanged() {
    refresh()
    guard let identity = shownPersonPage?.identity else { return }
    let (page, generation) = (page, places.generation)
    Task { @MainActor [weak self] in
      guard let facts = await page.people.facts(ofIdentity: identity), let self,
        self.places.generation == generation, self.personPage.identity == identity
      else { return }
      self.showPerson(facts)
    }
  }
}
