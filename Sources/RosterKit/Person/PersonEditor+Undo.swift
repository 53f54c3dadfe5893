import Directory
import SharedSupport

/// Undo of a saved change (the toast's button): the inverse change, from
/// the values saved back to the ones before, with the values saved as its
/// precondition, its outcome shown as a Save's.
extension PersonEditor {
  /// Sends the inverse of the applied `edit`, whose fields then held
  /// `after`: shown in the entries like a Save when the page still shows
  /// the person, else told in a toast.
  func undo(
    _ edit: PersonEdit, on directory: any EditableDirectory, after: [EditableField: [String]]
  ) {
    let inverse = PersonEdit(
      username: edit.username,
      changes: edit.changes.map { .init(field: $0.field, seen: $0.new, new: $0.seen) })
    guard phase == .viewing, username == edit.username, self.directory != nil else {
      return undoElsewhere(inverse, on: directory)
    }
    seen = after
    for field in Self.fields {
      rows[field]?.text = after[field]?.first ?? ""
      rows[field]?.hideConflict()
    }
    for change in inverse.changes { rows[change.field]?.text = change.new.first ?? "" }
    showError(nil)
    send(inverse, undoing: true)
  }

  /// Sends `inverse` for a person the page no longer edits; a toast says
  /// how it ended.
  private func undoElsewhere(_ inverse: PersonEdit, on directory: any EditableDirectory) {
    Task { @MainActor [weak self] in
      let text: String
      do throws(DirectoryError) {
        switch try await directory.change(inverse) {
        case .applied: text = tr("Change undone")
        case .conflict:
          text = tr("Not undone: these fields changed on the server after you saved them")
        case .refused(let reason):
          text = String(filling: tr("The server refused the change: %@"), DisplayText.of(reason))
        case .noSuchPerson:
          text = String(
            filling: tr("No one in the directory has the username “%@”"),
            DisplayText.of(inverse.username))
        }
      } catch {
        text = String(filling: tr("Can't save the change: %@"), error.sentence)
      }
      guard let self else { return }
      self.onToast?(text, nil)
      self.onApplied?(inverse.username)
    }
  }
}
