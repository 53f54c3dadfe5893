import CGtk
import Foundation
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

/// A row's avatar still on its way loads at `.visible` while the row is on
/// screen and at `.bound` once it leaves, as the list scrolls: the scroll
/// updates only rows that wait for an avatar, and must not miss one.
final class VisibleAvatarPriorityTests: XCTestCase {
  func testPendingAvatarsFollowTheRowsOnScreenAsTheListScrolls() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      // Every load waits a minute, so every bound row keeps a pending avatar.
      var configuration = ImagePipelineConfiguration()
      configuration.diskCacheDirectory = nil
      configuration.simulatedLatency = .seconds(60) ... .seconds(60)
      let window = MainWindow(
        application: nil, source: RosterApplication.resolveSource(nil),
        pipeline: ImagePipeline(configuration: configuration))
      defer { window.close() }
      window.present()
      window.refresh()
      WindowTestSupport.waitForLoad(window)
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no rows on screen")

      let before = window.viewport.visible
      let first = Self.pendingPriorities(in: window)
      XCTAssertGreaterThan(first.onScreen.count, 5, "too few pending avatars on screen")
      XCTAssertGreaterThan(first.offScreen.count, 5, "too few pending avatars off screen")
      XCTAssertEqual(Set(first.onScreen.values), [.visible], "a row on screen is not raised")
      XCTAssertEqual(Set(first.offScreen.values), [.bound], "a row off screen is raised")

      // One screen down: the rows that come on screen were bound (and waiting) already.
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
      gtk_adjustment_set_value(
        adjustment, gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment))
      XCTAssertTrue(
        MainContext.run(until: { window.viewport.visible.lowerBound >= before.upperBound - 2 }),
        "the list did not scroll: \(before) -> \(window.viewport.visible)")
      let second = Self.pendingPriorities(in: window)
      let cameOnScreen = Set(second.onScreen.keys).intersection(first.offScreen.keys)
      let leftTheScreen = Set(second.offScreen.keys).intersection(first.onScreen.keys)
      XCTAssertGreaterThan(cameOnScreen.count, 5, "too few waiting rows came on screen")
      XCTAssertGreaterThan(leftTheScreen.count, 5, "too few waiting rows left the screen")
      XCTAssertEqual(Set(second.onScreen.values), [.visible], "a row that came on screen waits")
      XCTAssertEqual(Set(second.offScreen.values), [.bound], "a row that left is still raised")
    }
  }

  /// The pending avatars' priorities of the bound rows, by position, split
  /// by whether the position is on screen.
  @MainActor private static func pendingPriorities(in window: MainWindow) -> (
    onScreen: [Int: ImagePriority], offScreen: [Int: ImagePriority]
  ) {
    let visible = window.viewport.visible
    var onScreen: [Int: ImagePriority] = [:]
    var offScreen: [Int: ImagePriority] = [:]
    window.factory.forEachBoundRow { row, position in
      guard let priority = row.avatar.pendingPriority else { return }
      if visible.contains(position) {
        onScreen[position] = priority
      } else {
        offScreen[position] = priority
      }
    }
    return (onScreen, offScreen)
  }
}
