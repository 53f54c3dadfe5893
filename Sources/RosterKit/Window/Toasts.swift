import CAdw
import CGtk
import GtkKit
import SharedSupport

/// Short news over the window's pages, as GNOME apps give it: an
/// AdwToastOverlay of toasts for what passes ("12 people changed"), and
/// the rule for a refresh that fails while rows are on screen — one
/// failure may be a hiccup, so it is a toast with Retry; a second in a row
/// means the source is down, and the banner says so until a refresh
/// succeeds.
///
/// Threading: main-actor only.
@MainActor
final class Toasts {
  /// The AdwToastOverlay, over `child`.
  let widget: Widget
  /// What the overlay holds under its toasts.
  private let child: Widget
  /// The last toast shown, for tests.
  private(set) var last: String?
  /// Failed refreshes since the last one that succeeded.
  private var failuresInARow = 0
  /// The failed refresh's toast while it may still show (a success takes
  /// it away).
  private var failureToast: ObjectRef?

  /// An overlay of toasts over `child`.
  init(over child: Widget) {
    self.child = child
    widget = adw_toast_overlay_new()!
    adw_toast_overlay_set_child(gtkObject(widget), child)
  }

  /// Shows `text` as a toast for a few seconds, with a button labelled
  /// `button` that activates `action` when given.
  ///
  /// The text is set as plain text on a label of Roster's (the toast's own
  /// title reads Pango markup, and an error can quote a server's words).
  @discardableResult
  func show(_ text: String, button: String? = nil, action: WindowAction? = nil) -> ObjectRef {
    let toast = make(text)
    if let button, let action {
      adw_toast_set_button_label(toast.opaque, button)
      adw_toast_set_action_name(toast.opaque, action.detailedName)
      adw_toast_set_priority(toast.opaque, ADW_TOAST_PRIORITY_HIGH)
    }
    add(toast)
    return toast
  }

  /// Shows `text` as a toast for `seconds`, with a button labelled
  /// `button` that calls `action` (a change's Undo).
  func show(
    _ text: String, button: String, seconds: UInt32, action: @escaping @MainActor () -> Void
  ) {
    let toast = make(text)
    adw_toast_set_button_label(toast.opaque, button)
    adw_toast_set_timeout(toast.opaque, seconds)
    adw_toast_set_priority(toast.opaque, ADW_TOAST_PRIORITY_HIGH)
    Signals.connect(gobject(toast.opaque), .buttonClicked, action)
    add(toast)
  }

  /// A toast reading `text`, set as plain text on a label of Roster's (the
  /// toast's own title reads Pango markup, and an error can quote a
  /// server's words).
  private func make(_ text: String) -> ObjectRef {
    last = text
    let toast = ObjectRef(adw_toast_new("")!, adopt: true)
    let title = Gtk.label(text, classes: ["toast-title"])
    gtk_label_set_wrap(gtkObject(title), 1)
    gtk_label_set_max_width_chars(gtkObject(title), 60)
    adw_toast_set_custom_title(toast.opaque, title)
    return toast
  }

  /// Puts `toast` on the overlay, which takes a reference of its own
  /// (`transfer full`).
  private func add(_ toast: ObjectRef) {
    adw_toast_overlay_add_toast(gtkObject(widget), toast.transferredReference())
  }

  /// A refresh failed while the list shows rows: a toast with Retry the
  /// first time, `banner` when it fails again (or the banner already says
  /// why).
  func refreshFailed(_ message: String, banner: ErrorBanner) {
    failuresInARow += 1
    dismissFailureToast()
    if failuresInARow == 1, banner.message == nil {
      failureToast = show(message, button: tr("Retry"), action: .refresh)
    } else {
      banner.show(message)
    }
  }

  /// A load or refresh succeeded: the failure's toast and `banner` go.
  func refreshSucceeded(banner: ErrorBanner) {
    failuresInARow = 0
    dismissFailureToast()
    banner.hide()
  }

  /// The window goes: the overlay frees its toasts, and Roster's own
  /// reference to the failed refresh's toast must not outlive them.
  func close() { failureToast = nil }

  /// The Retry button of the failed refresh's toast on screen, if any.
  var failureToastButton: Widget? {
    guard failureToast != nil else { return nil }
    return button(labelled: tr("Retry"))
  }

  /// The button labelled `label` of a toast on screen, if any.
  func button(labelled label: String) -> Widget? {
    var next = gtk_widget_get_first_child(widget)
    while let current = next {
      if current != child, let button = Self.button(in: current, labelled: label) {
        return button
      }
      next = gtk_widget_get_next_sibling(current)
    }
    return nil
  }

  private func dismissFailureToast() {
    guard let toast = failureToast else { return }
    failureToast = nil
    adw_toast_dismiss(toast.opaque)
  }

  /// The first button in `widget`'s tree whose label is `label`.
  private static func button(in widget: Widget, labelled label: String) -> Widget? {
    if cgtk_is_a(widget, gtk_button_get_type()) != 0,
      let text = gtk_button_get_label(cgtk_button(widget)),
      String(cString: text) == label
    {
      return widget
    }
    var next = gtk_widget_get_first_child(widget)
    while let current = next {
      if let found = button(in: current, labelled: label) { return found }
      next = gtk_widget_get_next_sibling(current)
    }
    return nil
  }
}
