import CGtk
import GtkKit
import PreparedImages
import TestSupport
import XCTest

@testable import RosterKit

/// On a server's list too, a photo still on its way loads at `.visible`
/// while its row is on screen and at `.bound` once it leaves, as the list
/// scrolls (the page re-ranks only the rows that wait).
final class ServerAvatarPriorityTests: ServerTestCase {
  override class func makeServer() throws -> TestServer {
    // Every person has a photo (20 images, each entry's its own request).
    let photos = Array(repeating: try TestPeople.jpegPhotos(20), count: 20).flatMap { $0 }
    return try TestServer(people: TestPeople.people(count: photos.count, seed: 5, photos: photos))
  }

  func testPendingPhotosFollowTheRowsOnScreenAsTheListScrolls() throws {
    try MainActor.assumeIsolated {
      let pipeline = ImagePipeline.decodingHeld()
      defer { pipeline.holdDecoding(false) }
      let window = try Self.openWindow(url: try Self.server().peopleURL, pipeline: pipeline)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      assertWaitingRowsFollowTheScreen(
        listView: page.listView, viewport: page.viewport, factory: page.factory
      ) { $0.showsSkeleton ? nil : $0.avatar.pendingPriority }
    }
  }
}
