import CGtk
import GtkKit
import PreparedImages
import RosterKit
import XCTest

/// Real Roster windows for the bench's tests, under Xvfb: GTK set up once,
/// and a window on the embedded directory with its first rows on screen.
///
/// Threading: main-actor only; it drives the GLib main context.
@MainActor
enum BenchTestWindow {
  /// Sets GTK up for the app's windows, once; skips the test without a display.
  static func setUp() throws {
    guard WindowlessGTK.start() else { throw XCTSkip("no display: run the tests under xvfb-run") }
  }

  /// Waits until `window`'s load has finished and rows are on screen.
  static func waitForRows(_ window: MainWindow, file: StaticString = #filePath, line: UInt = #line)
  {
    XCTAssertTrue(
      MainContext.run(until: { !window.isLoading }, timeout: .seconds(30)),
      "the load did not finish", file: file, line: line)
    XCTAssertTrue(
      MainContext.run(until: { window.hasVisibleRows }), "no rows reached the screen", file: file,
      line: line)
  }

  /// A presented window on the embedded directory (with `pipeline`, or no
  /// avatars), its rows loading their avatars through `rowAvatars`, once
  /// its first rows are on screen.
  static func openEmbedded(
    pipeline: ImagePipeline?, rowAvatars: any AvatarBinder = PipelineAvatarBinder(),
    file: StaticString = #filePath, line: UInt = #line
  ) -> MainWindow {
    let window = MainWindow(
      application: nil, content: .source(RosterApplication.resolveSource(nil)), pipeline: pipeline,
      probe: RowProbe(), rowAvatars: rowAvatars)
    window.present()
    window.refresh()
    waitForRows(window, file: file, line: line)
    return window
  }
}
