import CAdw
import CGtk
import GtkKit
import SharedSupport

/// Leaving a person page whose entries hold changes not yet saved (Back,
/// another person, closing the window): "Discard changes?" asks first, in
/// an AdwMessageDialog over the window. Discard leaves the entries and
/// goes; Cancel (or Escape) stays, the entries as typed.
extension PersonEditor {
  /// Whether an entry holds what the server was not sent: editing, and
  /// some entry differs from the value seen.
  var hasUnsavedChanges: Bool {
    guard phase == .editing else { return false }
    return Self.fields.contains { field in
      guard let text = rows[field]?.text else { return false }
      return text != (seen[field]?.first ?? "")
    }
  }

  /// Runs `leave` now when nothing typed would be lost; else asks over
  /// `parent` whether to discard the changes, and runs it after Discard
  /// (once the question is gone, from the main loop).
  /// A question already showing is left to its answer.
  func confirmLeaving(over parent: Widget, then leave: @escaping @MainActor () -> Void) {
    guard hasUnsavedChanges else { return leave() }
    guard discardQuestion == nil else { return }
    let dialog = adw_message_dialog_new(
      cgtk_window(parent), tr("Discard changes?"),
      tr("The changes you made to this person have not been saved."))!
    let question = Self.messageDialog(dialog)
    adw_message_dialog_add_response(question, "cancel", tr("_Cancel"))
    adw_message_dialog_add_response(question, "discard", tr("_Discard"))
    adw_message_dialog_set_response_appearance(question, "discard", ADW_RESPONSE_DESTRUCTIVE)
    adw_message_dialog_set_default_response(question, "cancel")
    adw_message_dialog_set_close_response(question, "cancel")
    discardQuestion = dialog
    Signals.connect(gobject(dialog), .messageResponse) { [weak self] response in
      guard let self else { return }
      self.discardQuestion = nil
      guard response == "discard" else { return }
      self.cancel()
      // Once the dialog is gone: leaving may close the window it is
      // transient for, which must outlive it.
      Idle.add {
        leave()
        return false
      }
    }
    gtk_window_present(cgtk_window(dialog))
  }

  /// Answers the question showing as a click on `response` ("cancel",
  /// "discard") does (tests).
  func answerDiscardQuestion(_ response: String) {
    guard let discardQuestion else { return }
    adw_message_dialog_response(Self.messageDialog(discardQuestion), response)
  }

  /// `widget`, an AdwMessageDialog, as its functions take it.
  private static func messageDialog(_ widget: Widget) -> UnsafeMutablePointer<AdwMessageDialog> {
    UnsafeMutablePointer(gtkObject(widget))
  }
}
