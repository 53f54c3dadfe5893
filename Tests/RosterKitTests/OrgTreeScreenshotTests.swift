import CGtk
import Foundation
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

/// The org tree's screenshot: the embedded directory's organisation opened
/// down to someone four levels under the top, saved as
/// .build/screenshots/org-tree.png (copied into docs/screenshots by hand).
final class OrgTreeScreenshotTests: XCTestCase {
  func testTheOrgTreeScreenshot() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openEmbeddedWindow(
        pipeline: ImagePipeline(configuration: WindowTestSupport.avatarConfiguration()))
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 900, 760)
      window.isSidebarOpen = false
      let table = window.local.contents!.viewModels
      let index = try XCTUnwrap(
        (0..<table.userCount).first { table.managerChain(of: $0).managers.count == 4 })
      window.local.revealInTree(table[index].identity)
      let tree = window.local.orgTree
      XCTAssertTrue(
        MainContext.run(until: { tree.selectedLine.flatMap(tree.source.person(atLine:)) == index }),
        "the tree did not open down to the person")
      XCTAssertTrue(MainContext.run(until: { window.visibleRowsWaitingForAvatars == 0 }))
      WindowTestSupport.waitUntilStill(window)
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/org-tree.png").standardizedFileURL.path
      try Screenshot.save(window.window, to: path)
      print("screenshot: \(path)")
    }
  }
}
