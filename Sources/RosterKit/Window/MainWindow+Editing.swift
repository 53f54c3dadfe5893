import Directory
import GtkKit
import SharedSupport

/// Changing a person on their page (``PersonEditor``), on a server that
/// takes changes or its offline copy: the toasts it asks for (Saved, with
/// Undo for ten seconds), and after a change the person page and the rows
/// on screen read again from the server, or brought by the copy's sync.
/// After a delete (``PersonAdministration``) the window goes back and the
/// rows are read again, after an add too.
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
    let administration = personPage.administration
    administration.parent = window
    administration.onToast = { [weak self] text in self?.showToast(text) }
    administration.onDeleted = { [weak self] _ in self?.personDeleted() }
    administration.onCreated = { [weak self] in self?.peopleAdded() }
  }

  /// The person shown was deleted: the window goes back from their page,
  /// and a server's rows are read again (an offline copy's sync takes the
  /// row away).
  private func personDeleted() {
    goBack()
    guard case .server = page.people.held else { return }
    refresh()
  }

  /// A person was added: a server's rows are read again.
  private func peopleAdded() {
    guard case .server = page.people.held else { return }
    refresh()
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
