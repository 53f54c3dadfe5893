import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// A row and a grid cell are each one widget that measures and draws itself:
/// checked by rendering them with the window's own renderer and reading
/// pixels back, and by measuring them.
final class PersonViewTests: XCTestCase {
  /// A window holding just `widget`, on screen.
  @MainActor
  private static func present(_ widget: Widget) -> Widget {
    // At its natural size: the row's box is the window's.
    let window = gtk_window_new()!
    gtk_window_set_child(cgtk_window(window), widget)
    gtk_window_present(cgtk_window(window))
    XCTAssertTrue(MainContext.run(until: { gtk_widget_get_width(window) > 0 }))
    WindowTestSupport.waitForFrames(of: window)
    return window
  }

  /// What `view` draws in its content box (no CSS padding or background:
  /// transparent where it draws nothing), rendered by its window's renderer.
  @MainActor
  private static func pixels(of view: PersonView) throws -> Pixels {
    let widget = view.widget!
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    let snapshot = gtk_snapshot_new()!
    view.snapshot(snapshot, width: width, height: height)
    let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot))
    defer { gsk_render_node_unref(node) }
    let renderer = try XCTUnwrap(gtk_native_get_renderer(gtk_widget_get_native(widget)))
    var viewport = graphene_rect_t(
      origin: graphene_point_t(x: 0, y: 0),
      size: graphene_size_t(width: Float(width), height: Float(height)))
    let texture = try XCTUnwrap(gsk_renderer_render_texture(renderer, node, &viewport))
    defer { g_object_unref(gobject(texture)) }
    var pixels = Pixels(
      width: Int(gdk_texture_get_width(texture)), height: Int(gdk_texture_get_height(texture)))
    pixels.bytes.withUnsafeMutableBufferPointer {
      gdk_texture_download(texture, $0.baseAddress, gsize(pixels.width * 4))
    }
    return pixels
  }

  private struct Pixels {
    let width: Int
    let height: Int
    var bytes: [UInt8]
    init(width: Int, height: Int) {
      self.width = width
      self.height = height
      bytes = [UInt8](repeating: 0, count: width * height * 4)
    }
    /// Red, green, blue, alpha at (x, y) (premultiplied).
    func at(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
      let offset = (y * width + x) * 4
      return (bytes[offset + 2], bytes[offset + 1], bytes[offset], bytes[offset + 3])
    }
    /// Pixels in the rectangle that differ from `background` by more than a little.
    func ink(x: Range<Int>, y: Range<Int>, background: (UInt8, UInt8, UInt8, UInt8)) -> Int {
      var count = 0
      for row in y {
        for column in x {
          let pixel = at(column, row)
          let distance =
            abs(Int(pixel.0) - Int(background.0)) + abs(Int(pixel.1) - Int(background.1))
            + abs(Int(pixel.2) - Int(background.2)) + abs(Int(pixel.3) - Int(background.3))
          if distance > 96 { count += 1 }
        }
      }
      return count
    }
  }

  private static func close(_ a: (UInt8, UInt8, UInt8, UInt8), _ b: GdkRGBA) -> Bool {
    abs(Int(a.0) - Int(b.red * 255)) <= 3 && abs(Int(a.1) - Int(b.green * 255)) <= 3
      && abs(Int(a.2) - Int(b.blue * 255)) <= 3
  }

  func testARowDrawsItsInitialsCircleNameAndRoleAndRedrawsWhenReBound() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let view = PersonView(shape: .row, avatars: nil)
      let window = Self.present(view.widget)
      defer { gtk_window_destroy(cgtk_window(window)) }
      let ada = UserViewModel(user: User(username: "ada", role: .admin))
      view.bind(ada)
      WindowTestSupport.waitForFrames(of: window)
      let first = try Self.pixels(of: view)
      print("a row draws \(first.width) x \(first.height) pixels")
      let nothing: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
      var palette = PlaceholderPalette()
      let expected = palette.colors(ada.placeholderColorIndex, for: view.widget)
      // The 48 px avatar is at the left, vertically centred.
      let top = (first.height - 48) / 2
      let circle = first.at(24, top + 5)
      XCTAssertTrue(Self.close(circle, expected.background), "the circle is \(circle)")
      XCTAssertEqual(first.at(1, top + 1).3, 0, "the circle's corner is not clipped")
      XCTAssertGreaterThan(
        first.ink(x: 12..<36, y: top + 14..<top + 34, background: circle), 10, "no initials")
      let textX = 48 + 12
      let middle = first.height / 2
      XCTAssertGreaterThan(
        first.ink(x: textX..<first.width, y: 0..<middle, background: nothing), 20, "no name")
      XCTAssertGreaterThan(
        first.ink(x: textX..<first.width, y: middle..<first.height, background: nothing), 10,
        "no role")

      view.bind(UserViewModel(user: User(username: "grace-brewster-hopper")))
      WindowTestSupport.waitForFrames(of: window)
      let second = try Self.pixels(of: view)
      XCTAssertGreaterThan(
        second.ink(x: textX + 40..<second.width, y: 0..<middle, background: nothing),
        first.ink(x: textX + 40..<first.width, y: 0..<middle, background: nothing) + 20,
        "the longer name was not drawn")
      XCTAssertEqual(view.nameText, "grace-brewster-hopper")
      XCTAssertEqual(view.roleText, "User")

      // A person with details: the display name first, the title under it.
      view.bind(
        UserViewModel(
          user: User(
            username: "ghopper", role: .admin,
            details: PersonDetails(displayName: "Grace Hopper", title: "Rear Admiral"))))
      XCTAssertEqual(view.nameText, "Grace Hopper")
      XCTAssertEqual(view.roleText, "Rear Admiral")
    }
  }

  func testTheDetailsPanelListsThePersonsDetailsWithTheManagerByName() {
    let table = UserTable([
      User(id: "u1", username: "boss", details: PersonDetails(displayName: "Ada Boss")),
      User(
        id: "u2", username: "jchen", role: .owner,
        details: PersonDetails(
          displayName: "Jun Chen", email: "jun@example.org", title: "Engineer",
          department: "Platform", location: "B-101", phone: "+49 30 1234", manager: "u1",
          city: "Berlin")),
    ])
    let lines = PersonPage.detailLines(table[1]).map { "\($0.name): \($0.values.joined())" }
    // The city beside the location, though it came last to the details.
    XCTAssertEqual(
      lines,
      [
        "Email: jun@example.org", "Department: Platform", "Location: B-101", "City: Berlin",
        "Phone: +49 30 1234", "Manager: Ada Boss", "Role: Owner",
      ])
    XCTAssertEqual(PersonPage.detailLines(table[0]), [], "no details but the name: nothing listed")
  }

  /// A server row waiting for its data is the same widget in its skeleton
  /// state: a faint circle where the avatar goes and a bar on each text
  /// line (144 and 64 points), no text, at the same size; a bind shows the
  /// person again.
  func testASkeletonDrawsFaintShapesWhereThePersonGoes() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let view = PersonView(shape: .row, avatars: nil)
      let window = Self.present(view.widget)
      defer { gtk_window_destroy(cgtk_window(window)) }
      let ada = UserViewModel(user: User(username: "ada", role: .admin))
      view.bind(ada)
      WindowTestSupport.waitForFrames(of: window)
      let size = [gtk_widget_get_width(view.widget), gtk_widget_get_height(view.widget)]
      view.showSkeleton(label: "Loading")
      XCTAssertTrue(view.showsSkeleton)
      XCTAssertNil(view.identity, "a skeleton shows no one")
      WindowTestSupport.waitForFrames(of: window)
      XCTAssertEqual([gtk_widget_get_width(view.widget), gtk_widget_get_height(view.widget)], size)
      let pixels = try Self.pixels(of: view)
      let top = (pixels.height - 48) / 2
      let circle = pixels.at(24, top + 24)
      XCTAssertGreaterThan(circle.3, 0, "no circle")
      XCTAssertLessThan(circle.3, 64, "the circle is not faint: \(circle)")
      XCTAssertEqual(pixels.at(24, top + 30).3, circle.3, "initials were drawn on the circle")
      XCTAssertEqual(pixels.at(1, top + 1).3, 0, "the circle's corner is not clipped")
      func covered(column: Int) -> Int {
        (0..<pixels.height).filter { pixels.at(column, $0).3 > 0 }.count
      }
      let textX = 48 + 12
      XCTAssertTrue((22...26).contains(covered(column: textX + 10)), "both bars")
      XCTAssertTrue((12...16).contains(covered(column: textX + 100)), "the name's bar alone")
      XCTAssertEqual(covered(column: textX + 150), 0, "a bar too long, or text")

      view.bind(ada)
      XCTAssertFalse(view.showsSkeleton)
      XCTAssertEqual(view.identity, ada.identity)
    }
  }

  /// The details panel's avatar is the same widget as a row's, in its own
  /// shape: the 128 pt circle with the initials, and no text.
  func testTheDetailsAvatarIsTheRowsDrawingAt128Points() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let view = PersonView(shape: .details, avatars: nil)
      let window = Self.present(view.widget)
      defer { gtk_window_destroy(cgtk_window(window)) }
      let ada = UserViewModel(user: User(username: "ada", role: .admin))
      view.bind(ada)
      WindowTestSupport.waitForFrames(of: window)
      for orientation in [GTK_ORIENTATION_HORIZONTAL, GTK_ORIENTATION_VERTICAL] {
        var natural: Int32 = 0
        gtk_widget_measure(view.widget, orientation, -1, nil, &natural, nil, nil)
        XCTAssertEqual(natural, 128)
      }
      let pixels = try Self.pixels(of: view)
      let (left, top) = ((pixels.width - 128) / 2, (pixels.height - 128) / 2)
      var palette = PlaceholderPalette()
      let expected = palette.colors(ada.placeholderColorIndex, for: view.widget)
      let circle = pixels.at(left + 64, top + 10)
      XCTAssertTrue(Self.close(circle, expected.background), "the circle is \(circle)")
      XCTAssertEqual(pixels.at(left + 2, top + 2).3, 0, "the circle's corner is not clipped")
      XCTAssertGreaterThan(
        pixels.ink(x: left + 32..<left + 96, y: top + 40..<top + 88, background: circle), 30,
        "no initials")
      XCTAssertEqual(
        pixels.ink(x: 0..<pixels.width, y: top + 128..<pixels.height, background: (0, 0, 0, 0)),
        0, "text under the avatar")
    }
  }

  func testSizesNeverFollowTheText() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      for makeCell in [false, true] {
        let row = makeCell ? nil : UserRow(avatars: nil)
        let cell = makeCell ? UserCell(avatars: nil) : nil
        let widget = (row?.widget ?? cell?.widget)!
        let window = Self.present(widget)
        defer { gtk_window_destroy(cgtk_window(window)) }
        var sizes: [[Int32]] = []
        for name in ["a", String(repeating: "W", count: 200), "👩‍👩‍👧‍👦 ⟨U+202E⟩ Ω"] {
          let model = UserViewModel(user: User(username: name))
          row?.bind(.person(model), position: 0)
          cell?.bind(model, position: 0)
          var size: [Int32] = []
          for orientation in [GTK_ORIENTATION_HORIZONTAL, GTK_ORIENTATION_VERTICAL] {
            var minimum: Int32 = 0
            var natural: Int32 = 0
            gtk_widget_measure(
              widget, orientation, -1, &minimum, &natural,
              nil, nil)
            size += [minimum, natural]
          }
          sizes.append(size)
        }
        XCTAssertGreaterThan(sizes[0][1], makeCell ? 96 : 48 + 12)
        XCTAssertGreaterThanOrEqual(sizes[0][3], makeCell ? 96 + 8 : 48)
        XCTAssertEqual(Set(sizes).count, 1, "\(makeCell ? "cell" : "row") sizes: \(sizes)")
      }
    }
  }
}
