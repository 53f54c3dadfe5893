import CGtk
import Directory
import Foundation
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

final class AvatarRowTests: XCTestCase {
  func testVisibleRowsShowTheirAvatarsOnceTheyArrive() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let configuration = WindowTestSupport.avatarConfiguration(disk: false)
      let pipeline = ImagePipeline(configuration: configuration)
      let window = WindowTestSupport.openEmbeddedWindow(pipeline: pipeline)
      defer { window.close() }
      // Settled at the window's own size: a window's first layout can be a
      // transient one (under Wayland at scale 2, libadwaita 1.2's flap once
      // gave the pages a width of INT_MIN for a frame), which showed two
      // rows whose avatars had arrived before the real layout came.
      XCTAssertTrue(
        MainContext.run(
          until: { window.viewport.visible.count > 5 && window.visibleRowsWaitingForAvatars == 0 },
          timeout: .seconds(20)),
        "visible avatars never finished loading")

      var visible = 0
      var expecting = 0
      var showing = 0
      window.factory.forEachBoundRow { row, position in
        guard window.viewport.visible.contains(position) else { return }
        visible += 1
        if row.expectsAvatar { expecting += 1 }
        if row.showsAvatar {
          showing += 1
          XCTAssertTrue(row.expectsAvatar, "row \(position) shows an avatar its user does not have")
        } else {
          // Initials are put on the placeholder only when it shows.
          XCTAssertEqual(
            row.avatar.placeholderText, window.model[position].initials,
            "row \(position) shows someone else's initials")
        }
      }
      XCTAssertGreaterThan(visible, 5, "the window shows a screenful of rows")
      // data/ has a few deliberately broken files: they keep the initials.
      XCTAssertGreaterThanOrEqual(
        showing, expecting - 2, "visible rows kept initials instead of their avatars")
      XCTAssertGreaterThan(showing, 0)
      XCTAssertEqual(pipeline.statistics().mainThreadDecodes, 0)
    }
  }
}
