import CGtk
import Foundation
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

/// A person's page's screenshot: a manager of the embedded directory with
/// the chain above them, their groups and their reports, saved as
/// .build/screenshots/person.png (copied into docs/screenshots by hand).
final class PersonScreenshotTests: XCTestCase {
  func testThePersonScreenshot() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openEmbeddedWindow(
        pipeline: ImagePipeline(configuration: WindowTestSupport.avatarConfiguration()))
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 900, 760)
      // Someone three levels down with a team of their own and a group or two.
      let table = window.local.contents!.viewModels
      let groups = window.local.groups
      let position = try XCTUnwrap(
        (0..<window.model.count).first { position in
          let index = window.model[position].index
          return table.managerChain(of: index).managers.count == 3
            && (3...8).contains(table.directReports(of: index).count)
            && groups.groups(containing: index).count >= 2
        })
      let page = try XCTUnwrap(window.openPersonPage(at: position))
      XCTAssertEqual(page.chainTexts.count, 3)
      XCTAssertTrue(
        MainContext.run(until: {
          !page.avatar.avatar.isLoading && window.visibleRowsWaitingForAvatars == 0
        }))
      WindowTestSupport.waitUntilStill(window)
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/person.png").standardizedFileURL.path
      try Screenshot.save(window.window, to: path)
      print("screenshot: \(path)")
    }
  }
}
