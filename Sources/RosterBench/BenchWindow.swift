import CGtk
import Directory
import Foundation
import GtkKit
import PreparedImages
import RosterKit

/// The real Roster window as every benchmark opens it: 480×800 (wider for
/// the table), presented.
///
/// Threading: main-actor only; ``loaded(from:)`` drives the GLib main context.
@MainActor
enum BenchWindow {
  /// A presented window `width` points wide on `source` (not loading yet),
  /// its rows counting into `probe` and loading their avatars with
  /// `rowAvatars` (nil: the app's pipeline).
  static func open(
    _ source: DirectorySource, pipeline: ImagePipeline? = nil,
    probe: RowProbe = RowProbe(),
    rowAvatars: (any AvatarBinder)? = nil, width: Int32 = 480
  ) -> MainWindow {
    let window = MainWindow(
      application: nil, content: .source(.success(source)), pipeline: pipeline, probe: probe,
      rowAvatars: rowAvatars ?? PipelineAvatarBinder())
    gtk_window_set_default_size(cgtk_window(window.window), width, 800)
    window.present()
    return window
  }

  /// A window that has loaded `file` and shows its first rows, or nil (and
  /// no window) if it did not within two minutes.
  static func loaded(from file: URL) -> MainWindow? {
    let window = open(.file(file))
    window.refresh()
    guard
      MainContext.run(until: { !window.isLoading && window.hasVisibleRows }, timeout: .seconds(120))
    else {
      window.close()
      return nil
    }
    return window
  }
}
