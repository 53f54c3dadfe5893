import CGtk
import Directory
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
      let pipeline = ImagePipeline.decodingHeld()
      defer { pipeline.holdDecoding(false) }
      let window = WindowTestSupport.openEmbeddedWindow(pipeline: pipeline)
      defer { window.close() }
      assertWaitingRowsFollowTheScreen(
        listView: window.listView, viewport: window.viewport, factory: window.factory
      ) { $0.avatar.pendingPriority }
    }
  }

  /// A row bound on screen claims its avatar at `.visible` in its bind: one
  /// subscription, no priority change after it. Off screen, at `.bound`.
  func testARowBoundOnScreenClaimsItsAvatarOnceAtVisible() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let pipeline = ImagePipeline.decodingHeld()
      defer { pipeline.holdDecoding(false) }
      let avatars = AvatarService(pipeline: pipeline, pointSize: Int(UserRow.avatarSize))
      avatars.baseURL = try XCTUnwrap(ResourceLocator.defaultDirectory)
      let row = UserRow(avatars: avatars)
      defer { row.unbind() }
      for (onScreen, avatar) in [
        (true, "avatars/avatar-0002.jpg"), (false, "avatars/avatar-0003.jpg"),
      ] {
        row.isOnScreen = { _ in onScreen }
        let before = pipeline.statistics()
        row.bind(.person(UserViewModel(user: User(username: "ada", avatar: avatar))), position: 3)
        let after = pipeline.statistics()
        XCTAssertEqual(row.avatar.pendingPriority, onScreen ? .visible : .bound)
        XCTAssertEqual(after.subscriptions - before.subscriptions, 1, "one claim per bind")
        XCTAssertEqual(after.priorityChanges, before.priorityChanges, "no second trip")
      }
    }
  }
}

extension ImagePipeline {
  /// A pipeline without a disk cache whose decodes are held until the test
  /// lets them go (`holdDecoding(false)`): every bound row keeps a pending
  /// avatar for as long as the test runs, however slowly, and no avatar
  /// arrives to take a row out of the count.
  @MainActor static func decodingHeld() -> ImagePipeline {
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = nil
    let pipeline = ImagePipeline(configuration: configuration)
    pipeline.holdDecoding(true)
    return pipeline
  }
}

/// Checks that the bound rows waiting for an avatar (`pending` gives a row's
/// pending priority, nil when none) load at `.visible` on screen and `.bound`
/// off it, then scrolls one screen down and checks again: rows came on screen
/// and left it, and each was re-ranked.
@MainActor func assertWaitingRowsFollowTheScreen<Row>(
  listView: Widget, viewport: ViewportTracker, factory: ListFactory<Row>,
  file: StaticString = #filePath, line: UInt = #line,
  pending: (Row) -> ImagePriority?
) {
  func split() -> (onScreen: [Int: ImagePriority], offScreen: [Int: ImagePriority]) {
    let visible = viewport.visible
    var onScreen: [Int: ImagePriority] = [:]
    var offScreen: [Int: ImagePriority] = [:]
    factory.forEachBoundRow { row, position in
      guard let priority = pending(row) else { return }
      if visible.contains(position) {
        onScreen[position] = priority
      } else {
        offScreen[position] = priority
      }
    }
    return (onScreen, offScreen)
  }
  let before = viewport.visible
  let first = split()
  XCTAssertGreaterThan(
    first.onScreen.count, 5, "too few waiting rows on screen", file: file, line: line)
  XCTAssertGreaterThan(
    first.offScreen.count, 5, "too few waiting rows off screen", file: file, line: line)
  XCTAssertEqual(
    Set(first.onScreen.values), [.visible], "a row on screen is not raised", file: file, line: line)
  XCTAssertEqual(
    Set(first.offScreen.values), [.bound], "a row off screen is raised", file: file, line: line)

  // One screen down: the rows that come on screen were bound (and waiting) already.
  let adjustment = gtk_scrollable_get_vadjustment(gtkObject(listView))!
  gtk_adjustment_set_value(
    adjustment, gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment))
  XCTAssertTrue(
    MainContext.run(until: { viewport.visible.lowerBound >= before.upperBound - 2 }),
    "the list did not scroll: \(before) -> \(viewport.visible)", file: file, line: line)
  let second = split()
  let cameOnScreen = Set(second.onScreen.keys).intersection(first.offScreen.keys)
  let leftTheScreen = Set(second.offScreen.keys).intersection(first.onScreen.keys)
  XCTAssertGreaterThan(
    cameOnScreen.count, 5, "too few waiting rows came on screen", file: file, line: line)
  XCTAssertGreaterThan(
    leftTheScreen.count, 5, "too few waiting rows left the screen", file: file, line: line)
  XCTAssertEqual(
    Set(second.onScreen.values), [.visible], "a row that came on screen waits", file: file,
    line: line)
  XCTAssertEqual(
    Set(second.offScreen.values), [.bound], "a row that left is still raised", file: file,
    line: line)
}
