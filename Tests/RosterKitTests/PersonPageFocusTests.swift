import CGtk
import GtkKit
import XCTest

@testable import RosterKit

/// The keyboard focus on a person's page that is rebuilt under it (a name
/// clicked, a server's attributes arriving): it moves to the new page's
/// widgets at once, never resting on a widget taken out of the window,
/// and GTK logs no critical on the way.
final class PersonPageFocusTests: XCTestCase {
  @MainActor
  private static func open() throws -> (MainWindow, PersonPage, TemporaryDirectory) {
    let (window, folder) = try WindowTestSupport.open(PersonPageTests.directory)
    let dev = window.model.elements.firstIndex { $0.username == "dev" } ?? -1
    let page = try XCTUnwrap(window.openPersonPage(at: dev))
    XCTAssertEqual(page.shownName, "Dee Dev")
    WindowTestSupport.waitForFrames(window)
    return (window, page, folder)
  }

  /// The window's focus widget, if any.
  @MainActor
  private static func focus(of window: MainWindow) -> Widget? {
    gtk_widget_get_root(window.window).flatMap { gtk_root_get_focus($0) }
  }

  /// Whether `widget` is `ancestor` or inside it.
  @MainActor
  private static func isInside(_ widget: Widget?, _ ancestor: Widget) -> Bool {
    guard let widget else { return false }
    return widget == ancestor || gtk_widget_is_ancestor(widget, ancestor) != 0
  }

  func testAFocusedDetailRebuiltUnderTheFocusPassesItOnWithoutAGtkCritical() throws {
    try MainActor.assumeIsolated {
      let (window, page, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      // The first detail's value takes the focus, as a click on it gives it.
      XCTAssertNotEqual(gtk_widget_child_focus(page.attributes.widget, GTK_DIR_TAB_FORWARD), 0)
      XCTAssertTrue(Self.isInside(Self.focus(of: window), page.attributes.widget))

      let criticals = GtkCriticals()
      defer { criticals.remove() }
      // A manager's name: the page, its details with it, is rebuilt.
      cgtk_emit(gobject(page.chainLinks[1]), "clicked")
      XCTAssertTrue(
        MainContext.run(
          until: { window.shownPersonPage?.shownName == "Vi Vice" }, timeout: .seconds(10)))
      // GTK moves a focus left outside the window on the frame's after-paint.
      WindowTestSupport.waitForFrames(window)
      XCTAssertEqual(criticals.messages, [], "GTK logged a critical moving the focus")
      XCTAssertTrue(
        Self.isInside(Self.focus(of: window), page.attributes.widget),
        "the focus did not stay in the details")
    }
  }

  func testAFocusedLinkThatOpensAPagePassesTheFocusToTheNewLinks() throws {
    try MainActor.assumeIsolated {
      let (window, page, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      let link = page.chainLinks[1]
      XCTAssertNotEqual(gtk_widget_grab_focus(link), 0)

      let criticals = GtkCriticals()
      defer { criticals.remove() }
      cgtk_emit(gobject(link), "clicked")
      XCTAssertTrue(
        MainContext.run(
          until: { window.shownPersonPage?.shownName == "Vi Vice" }, timeout: .seconds(10)))
      // At once, before any frame: the focus is on the new chain's link
      // (its flow box child, which takes the focus for it).
      let isOnTheNewLink = {
        Self.focus(of: window).map { Self.isInside(page.chainLinks.first, $0) } ?? false
      }
      XCTAssertTrue(isOnTheNewLink(), "the focus stayed behind")
      WindowTestSupport.waitForFrames(window)
      XCTAssertTrue(isOnTheNewLink())
      XCTAssertEqual(criticals.messages, [])
    }
  }
}
