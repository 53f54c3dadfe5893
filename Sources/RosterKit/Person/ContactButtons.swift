import CAdw
import CGtk
import Directory
import GtkKit
import SharedSupport

/// What a person's page offers to reach them: Send Email (`mailto:`),
/// Call (`tel:`), Copy Email and Copy Username, as a row of buttons; one
/// whose value is missing, or is not an address or a number
/// (``Directory/ContactLinks``), is hidden.
///
/// Threading: main-actor only.
@MainActor
final class ContactButtons {
  /// The buttons, in order.
  enum Kind: Int, CaseIterable, Sendable {
    case email, call, copyEmail, copyUsername
  }

  /// What a button does.
  enum Action: Sendable, Equatable {
    /// Opens the link (`mailto:…`, `tel:…`) in the desktop's app for it.
    case open(String)
    /// Puts the text on the clipboard; `what` names it for the toast.
    case copy(String, what: String)
  }

  let widget: Widget
  let emailButton: Widget
  let callButton: Widget
  let copyEmailButton: Widget
  let copyUsernameButton: Widget
  /// A button was clicked.
  var onAction: (@MainActor (Action) -> Void)?
  private var actions: [Action?] = [nil, nil, nil, nil]

  init() {
    emailButton = Self.button(tr("Send Email"), icon: "mail-send-symbolic")
    callButton = Self.button(tr("Call"), icon: "call-start-symbolic")
    copyEmailButton = Self.button(tr("Copy Email"), icon: "edit-copy-symbolic")
    copyUsernameButton = Self.button(tr("Copy Username"), icon: "edit-copy-symbolic")
    widget = gtk_flow_box_new()!
    gtk_flow_box_set_selection_mode(gtkObject(widget), GTK_SELECTION_NONE)
    gtk_flow_box_set_max_children_per_line(gtkObject(widget), 4)
    gtk_flow_box_set_column_spacing(gtkObject(widget), 6)
    gtk_flow_box_set_row_spacing(gtkObject(widget), 6)
    // Filling the line: a flow box aligned to the start is measured for
    // its natural width, so the lines it wraps to in a narrower page got
    // no height and lay over the buttons below.
    gtk_widget_set_halign(widget, GTK_ALIGN_FILL)
    for (index, button) in buttons.enumerated() {
      gtk_flow_box_append(gtkObject(widget), button)
      Signals.connect(gobject(button), .clicked) { [weak self] in
        guard let self, let action = self.actions[index] else { return }
        self.onAction?(action)
      }
    }
  }

  private var buttons: [Widget] { [emailButton, callButton, copyEmailButton, copyUsernameButton] }

  /// Offers what `person`'s values allow.
  func show(_ person: UserViewModel) {
    actions = Self.actions(for: person)
    for (button, action) in zip(buttons, actions) {
      // The flow box's child holds the button.
      if let child = gtk_widget_get_parent(button) { Gtk.setVisible(child, action != nil) }
    }
  }

  /// What each button does now (nil: hidden), in order (tests).
  var shownActions: [Action?] { actions }

  /// What each button does for `person` (nil: what their values do not
  /// allow), in the order of ``Kind``.
  nonisolated static func actions(for person: UserViewModel) -> [Action?] {
    let email = person.details.email ?? ""
    let phone = person.details.phone ?? ""
    return [
      ContactLinks.mailto([email]).map(Action.open),
      ContactLinks.tel(phone).map(Action.open),
      ContactLinks.isAddress(email) ? .copy(email, what: tr("Email address")) : nil,
      person.username.isEmpty ? nil : .copy(person.username, what: tr("Username")),
    ]
  }

  private static func button(_ label: String, icon: String) -> Widget {
    let content = adw_button_content_new()!
    adw_button_content_set_label(gtkObject(content), label)
    adw_button_content_set_icon_name(gtkObject(content), icon)
    let button = gtk_button_new()!
    gtk_button_set_child(cgtk_button(button), content)
    gtk_widget_set_tooltip_text(button, label)
    return button
  }
}
