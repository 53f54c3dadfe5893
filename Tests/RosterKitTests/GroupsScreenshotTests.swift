import CGtk
import Foundation
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

/// The groups sidebar's screenshot: the embedded directory in a wide window,
/// the sidebar beside the list with a group holding groups opened and
/// chosen, saved as .build/screenshots/groups.png (copied into
/// docs/screenshots by hand).
final class GroupsScreenshotTests: XCTestCase {
  func testTheGroupsScreenshot() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openEmbeddedWindow(
        pipeline: ImagePipeline(configuration: WindowTestSupport.avatarConfiguration()))
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 1000, 700)
      window.isSidebarOpen = true
      XCTAssertTrue(
        MainContext.run(until: { !window.isSidebarFolded && window.sidebar.shownLines.count > 3 }),
        "the sidebar did not unfold beside the list")
      let platform = try XCTUnwrap(window.local.groups.number(named: "Engineering Platform"))
      let line = try XCTUnwrap(
        (0..<window.sidebar.lineCount).first { window.sidebar.group(atLine: $0) == .some(platform) }
      )
      window.sidebar.setExpanded(true, line: line)
      XCTAssertTrue(window.showGroup(platform))
      let members = window.local.groups[platform].members.count
      XCTAssertTrue(
        MainContext.run(until: {
          !window.local.isFiltering && !window.model.isReloading && window.model.count == members
        }), "the group's people did not show")
      XCTAssertTrue(window.isSidebarOpen, "a wide window's sidebar closed")
      XCTAssertTrue(window.subtitle.hasPrefix("Engineering Platform — "), window.subtitle)
      MainContext.run(until: { window.visibleRowsWaitingForAvatars == 0 })
      WindowTestSupport.waitUntilStill(window)
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/groups.png").standardizedFileURL.path
      try Screenshot.save(window.window, to: path)
      print("screenshot: \(path)")
    }
  }
}
