import CGtk
import Directory
import GtkKit
import SharedSupport

/// The bar at the bottom of the people while an export runs: how many of
/// how many people are written to which file, the time left at the pace so
/// far, a progress bar and Cancel. It slides in when an export starts and
/// out when it ends.
///
/// Threading: main-actor only.
@MainActor
final class ExportBar {
  /// The revealer holding the bar.
  let widget: Widget
  let cancelButton: Widget
  private let label: Widget
  private let progressBar: Widget
  /// Cancel was clicked.
  var onCancel: (@MainActor () -> Void)?

  init() {
    label = Gtk.label(classes: ["caption"])
    gtk_label_set_xalign(gtkObject(label), 0)
    gtk_label_set_wrap(gtkObject(label), 1)
    gtk_label_set_wrap_mode(gtkObject(label), PANGO_WRAP_WORD_CHAR)
    progressBar = gtk_progress_bar_new()!
    RowAccessibility.setLabel(progressBar, tr("Export progress"))
    let texts = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    gtk_widget_set_hexpand(texts, 1)
    gtk_widget_set_valign(texts, GTK_ALIGN_CENTER)
    Gtk.append(texts, label, progressBar)
    cancelButton = gtk_button_new_with_mnemonic(tr("_Cancel"))!
    gtk_widget_set_valign(cancelButton, GTK_ALIGN_CENTER)
    let bar = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["toolbar", "export-bar"])
    gtk_widget_set_margin_start(bar, 12)
    gtk_widget_set_margin_end(bar, 12)
    Gtk.append(bar, texts, cancelButton)
    widget = gtk_revealer_new()!
    gtk_revealer_set_transition_type(gtkObject(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
    gtk_revealer_set_child(gtkObject(widget), bar)
    Signals.connect(gobject(cancelButton), .clicked) { [weak self] in self?.onCancel?() }
  }

  /// Whether the bar shows.
  var isShown: Bool { gtk_revealer_get_reveal_child(gtkObject(widget)) != 0 }

  /// What the bar says now (tests).
  var text: String { String(cString: gtk_label_get_text(gtkObject(label))) }

  /// How far the bar is filled, 0 to 1 (tests).
  var fraction: Double { gtk_progress_bar_get_fraction(gtkObject(progressBar)) }

  /// Shows `progress` of an export to the file named `name`.
  func show(_ progress: ExportProgress, to name: String) {
    gtk_revealer_set_reveal_child(gtkObject(widget), 1)
    Gtk.setText(label, Self.text(progress, to: name))
    if let total = progress.total, total > 0 {
      gtk_progress_bar_set_fraction(
        gtkObject(progressBar), min(1, Double(progress.done) / Double(total)))
    } else {
      gtk_progress_bar_pulse(gtkObject(progressBar))
    }
  }

  /// Slides the bar away.
  func hide() {
    gtk_revealer_set_reveal_child(gtkObject(widget), 0)
    gtk_progress_bar_set_fraction(gtkObject(progressBar), 0)
  }

  /// "Exporting 412,000 of 1,000,000 people to people.csv · about 2 s left".
  nonisolated static func text(_ progress: ExportProgress, to name: String) -> String {
    let done = NumberText.grouped(progress.done)
    let written =
      if let total = progress.total {
        String(
          filling: trn(
            "Exporting %1$@ of %2$@ person to %3$@", "Exporting %1$@ of %2$@ people to %3$@", total),
          done, NumberText.grouped(total), DisplayText.of(name))
      } else {
        String(
          filling: trn(
            "Exporting %1$@ person to %2$@", "Exporting %1$@ people to %2$@", progress.done),
          done, DisplayText.of(name))
      }
    guard let left = progress.estimatedRemaining else { return written }
    let seconds = max(1, Int((left.inMilliseconds / 1000).rounded(.up)))
    let time =
      seconds < 120
      ? String(filling: trn("about %ld second left", "about %ld seconds left", seconds), seconds)
      : String(
        filling: trn("about %ld minute left", "about %ld minutes left", seconds / 60), seconds / 60)
    return String(filling: tr("%1$@ · %2$@"), written, time)
  }
}
