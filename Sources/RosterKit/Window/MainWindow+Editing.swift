import CGtk
import Directory
import GtkKit
import SharedSupport

/// Changing a person on their page (``PersonEditor``), on a server that
/// takes changes or its offline copy: the toasts it asks for (Saved, with
/// Undo for ten seconds), after a change the person page and the rows on
/// screen, in this window and every other on the same server, read again
/// from the server, or brought by the copy's sync; "Discard changes?"
/// before unsaved changes would be lost. After a delete
/// (``PersonAdministration``) the window goes back and the rows are read
/// again, after an add too.
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
    OpenMainWindows.add(self)
    // Closing the window with unsaved changes asks first; Discard closes
    // it again, which then goes as any close does.
    Signals.connect(gobject(window), .closeRequest) { [weak self] in
      guard let self, self.shownPersonPage != nil, self.personPage.editor.hasUnsavedChanges
      else { return false }
      self.personPage.editor.confirmLeaving(over: self.window) { [weak self] in
        guard let self else { return }
        gtk_window_close(cgtk_window(self.window))
      }
      return true
    }
    let administration = personPage.administration
    administration.parent = window
    administration.onToast = { [weak self] text in self?.showToast(text) }
    // After a delete the window goes back from the person's page; either
    // way every window on the server reads its rows again (an offline
    // copy's sync takes the row away or brings it).
    administration.onDeleted = { [weak self] _ in
      self?.goBack()
      self?.personChanged()
    }
    administration.onCreated = { [weak self] in self?.personChanged() }
  }

  /// Runs `leave`, which leaves the person page, now when nothing typed
  /// there would be lost; else after the user says to discard it.
  func leavingPersonPage(then leave: @escaping @MainActor () -> Void) {
    guard shownPersonPage != nil else { return leave() }
    personPage.editor.confirmLeaving(over: window, then: leave)
  }

  /// A person was changed, added or deleted here: this window and every
  /// other one that reads the same server follow (``followChange(of:)``).
  private func personChanged() {
    guard let changed = editableDirectory?.settingsKey else { return }
    for window in OpenMainWindows.all { window.followChange(of: changed) }
  }

  /// A person was changed on the directory named `settingsKey`
  /// (``Directory/RangedDirectory/settingsKey``: its server and base, whoever
  /// signed in): if this window reads that server directly, its rows are read again, and its person page, when
  /// it shows someone, shows them as the server has them now. A window on
  /// an offline copy follows by the copy's sync, which brings the change to
  /// the rows and the page (``refreshShownPerson()``).
  func followChange(of settingsKey: String) {
    guard case .server(let directory) = page.people.held, directory.settingsKey == settingsKey
    else {
      return
    }
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
