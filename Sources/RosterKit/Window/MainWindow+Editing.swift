import Directory
import GtkKit
import SharedSupport

/// Changing a person on their page (``PersonEditor``), on a server that
/// takes changes or its offline copy: the toasts it asks for (Saved, with
/// Undo for ten seconds), and after a change the person page and the rows
/// on screen read again from the server, or brought by the copy's sync.
extension MainWindow {
  /// The directory the person page may change: a server's that takes
  /// changes, read directly or through its offline copy (never a file or
  /// a server that only reads).
  var editableDirectory: (any EditableDirectory)? {
    switch page.people.held {
    case .server(let directory):
      return directory as? any EditableDirectory
    case .loaded(let contents):
      guard let copy = offlineCopy.copy, case .file(let folder, _) = contents.source,
        copy.folder == folder
      else { return nil }
      return copy.editable
    case .nothing:
      return nil
    }
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
    personPage.editor.onPhotoApplied = { [weak self] _ in
      guard let self else { return }
      // A new key for every view's request of the photo, even where the
      // entry's version (modifyTimestamp) did not move within the second.
      if let identity = self.shownPersonPage?.identity { ServerPhotos.changed(identity: identity) }
      self.personChanged()
    }
  }

  /// A person was changed: a server's rows are read again, and the person
  /// page, when it still shows them, shows them as the server has them
  /// now; an offline copy follows by its sync, which brings the change to
  /// the rows and the page (``refreshShownPerson()``).
  private func personChanged() {
    guard case .server = page.people.held else { return }
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
