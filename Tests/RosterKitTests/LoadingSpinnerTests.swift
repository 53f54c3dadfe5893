import CGtk
import GtkKit
import XCTest

@testable import RosterKit

/// The loading page's spinner spins only while that page shows: spinning on
/// a hidden page it would have the window paint every refresh while idle.
final class LoadingSpinnerTests: XCTestCase {
  func testTheLoadingSpinnerSpinsOnlyWhileItsPageShows() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let pages = PageStack(listPage: gtk_label_new("people")!)
      let window = gtk_window_new()!
      gtk_window_set_child(cgtk_window(window), pages.widget)
      gtk_window_present(cgtk_window(window))
      defer { gtk_window_destroy(cgtk_window(window)) }
      XCTAssertTrue(
        MainContext.run(until: { pages.isLoadingSpinnerSpinning }, timeout: .seconds(5)),
        "the loading page shows a spinning spinner")
      pages.show(.list)
      XCTAssertFalse(pages.isLoadingSpinnerSpinning, "hidden, it stops")
      pages.show(.failed("down"))
      XCTAssertFalse(pages.isLoadingSpinnerSpinning)
      pages.show(.loading)
      XCTAssertTrue(pages.isLoadingSpinnerSpinning, "shown again, it spins again")
    }
  }

  func testALoadedWindowsSpinnerIsStill() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openWindow(source: RosterApplication.resolveSource(nil))
      defer { window.close() }
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }, timeout: .seconds(30)))
      XCTAssertFalse(window.pages.isLoadingSpinnerSpinning)
    }
  }
}
