import CGtk
import Directory
import FoundationEssentials
import SharedSupport

/// A change of the history (``PersonChange``) in the user's words: "Title:
/// Engineer → Senior Engineer, 3 Nov", "Joined as Designer, 1 Dec",
/// "Left, 2 Dec". The server's values are shown with their controls
/// marked (``DisplayText``), as a person's name is everywhere.
///
/// Threading: stateless; any thread.
enum ChangeText {
  /// What changed and when, without whom.
  static func line(_ change: PersonChange) -> String {
    let day = ClockText.day(change.date)
    switch change.kind {
    case .joined:
      return change.new.isEmpty
        ? String(filling: tr("Joined, %@"), day)
        : String(filling: tr("Joined as %@, %@"), DisplayText.of(change.new), day)
    case .left:
      return String(filling: tr("Left, %@"), day)
    case .moved, .title:
      let field = change.field?.label ?? ""
      let old = change.old.isEmpty ? tr("none") : DisplayText.of(change.old)
      let new = change.new.isEmpty ? tr("none") : DisplayText.of(change.new)
      return String(filling: tr("%@: %@ → %@, %@"), field, old, new, day)
    }
  }

  /// Whom a change is about: "Name (username)", or the username alone.
  static func person(_ change: PersonChange) -> String {
    change.name.isEmpty
      ? DisplayText.of(change.username)
      : DisplayText.of(change.name) + " (" + DisplayText.of(change.username) + ")"
  }

  /// What a change is, as a line's heading.
  static func kind(_ change: PersonChange) -> String {
    switch change.kind {
    case .joined: tr("Joined")
    case .left: tr("Left")
    case .moved: tr("Moved")
    case .title: tr("New title")
    }
  }
}
