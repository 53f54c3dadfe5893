import CGtk
import Directory
import GtkKit
import SharedSupport

/// The frame of an administrator's dialog (``PasswordDialog``,
/// ``DeletePersonDialog``, ``NewPersonDialog``): a modal window over the
/// main one with a title, its body, a line for the server's refusal or an
/// error (shown in place, selectable), and Cancel beside the action.
///
/// Threading: main-actor only.
@MainActor
final class AccountDialog {
  let window: Widget
  let status: Widget
  let cancelButton: Widget
  let actionButton: Widget

  /// A dialog titled `title` over `parent`, `body` above its status line
  /// and its buttons; the action button says `action` (a mnemonic), red
  /// when `destructive`.
  init(parent: Widget?, title: String, body: Widget, action: String, destructive: Bool = false) {
    window = AdwChrome.window(application: nil)
    gtk_window_set_title(cgtk_window(window), title)
    if let parent { gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent)) }
    gtk_window_set_modal(cgtk_window(window), 1)
    gtk_window_set_default_size(cgtk_window(window), 420, -1)
    status = Gtk.label("", classes: ["error"])
    gtk_label_set_wrap(gtkObject(status), 1)
    gtk_label_set_wrap_mode(gtkObject(status), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_xalign(gtkObject(status), 0)
    gtk_label_set_selectable(gtkObject(status), 1)
    gtk_label_set_width_chars(gtkObject(status), 40)
    Gtk.setVisible(status, false)
    cancelButton = gtk_button_new_with_mnemonic(tr("_Cancel"))!
    actionButton = gtk_button_new_with_mnemonic(action)!
    gtk_widget_add_css_class(actionButton, destructive ? "destructive-action" : "suggested-action")
    let buttons = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    gtk_widget_set_halign(buttons, GTK_ALIGN_END)
    Gtk.append(buttons, cancelButton, actionButton)
    let content = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(content, 18) }
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(content, 18) }
    Gtk.append(content, body, status, buttons)
    AdwChrome.setContent(of: window, header: AdwChrome.headerBar(), body: content)
    gtk_window_set_default_widget(cgtk_window(window), actionButton)
    Signals.connect(gobject(cancelButton), .clicked) { [weak self] in self?.close() }
    // Closed by its own close button or Escape: its widgets go too.
    Signals.connect(gobject(window), .closeRequest) { [weak self] in
      self?.isClosed = true
      return false
    }
    // Closed with the window it is over: a modal window left behind would
    // hold the input of every other window.
    if let parent { Signals.connect(gobject(parent), .destroy) { [weak self] in self?.close() } }
  }

  /// Shows the dialog.
  func present() { gtk_window_present(cgtk_window(window)) }

  /// Closes the dialog.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    gtk_window_destroy(cgtk_window(window))
  }

  /// Whether the dialog was closed by ``close()`` (its widgets are gone).
  private(set) var isClosed = false

  /// What the status line says ("" when hidden or closed).
  var statusText: String {
    guard !isClosed, gtk_widget_get_visible(status) != 0 else { return "" }
    return String(cString: gtk_label_get_text(gtkObject(status)))
  }

  /// Says `text` on the status line (hidden when empty).
  func say(_ text: String) {
    guard !isClosed else { return }
    Gtk.setText(status, text)
    Gtk.setVisible(status, !text.isEmpty)
  }

  /// While `busy`, the action cannot be clicked again.
  func setBusy(_ busy: Bool) {
    guard !isClosed else { return }
    gtk_widget_set_sensitive(actionButton, busy ? 0 : 1)
  }

  /// The sentence for how an administrator's change ended, when it did
  /// not end done: the server's refusal, a change meanwhile, nobody.
  static func sentence(_ outcome: AccountOutcome, username: String) -> String {
    switch outcome {
    case .done: ""
    case .refused(let reason): reason
    case .changedMeanwhile:
      String(filling: tr("Someone changed %@ since it was read: nothing was written"), username)
    case .missing(let names):
      String(filling: tr("Required: %@"), names.joined(separator: ", "))
    case .noSuchPerson:
      String(filling: tr("No one in the directory has the username “%@”"), username)
    }
  }
}
