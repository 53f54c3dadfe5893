import CGtk
import Directory
import Foundation
import GtkKit
import PreparedImages
import SharedSupport
import XCTest

@testable import RosterKit

/// A recycled row's picture is checked against its user after avatars arrive
/// late, made late by holding them on their way to the main thread while the
/// rows are re-bound: each avatar is a solid colour that encodes its user.
final class RecycledAvatarTests: XCTestCase {
  private static let users = 3_000

  /// The colour of user `index`'s avatar: red and green hold the index, blue marks an avatar.
  private static func color(of index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    (UInt8(index & 0xFF), UInt8(index >> 8), 200)
  }

  /// users.json with user0000...user2999, each with a 48 px PNG of its colour,
  /// written by gdk-pixbuf.
  private static func writeDirectory(_ directory: TemporaryDirectory) throws {
    let avatars = directory.folder.appendingPathComponent("avatars")
    try FileManager.default.createDirectory(at: avatars, withIntermediateDirectories: true)
    var entries: [String] = []
    for index in 0..<users {
      let name = String(format: "%04d", index)
      let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 48, 48)!
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      let (red, green, blue) = color(of: index)
      gdk_pixbuf_fill(pixbuf, UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | 0xFF)
      var error: UnsafeMutablePointer<GError>?
      let path = avatars.appendingPathComponent("\(name).png").path
      XCTAssertNotEqual(gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, &error), 0)
      entries.append(
        #"{"username": "user\#(name)", "role": "User", "avatar": "avatars/\#(name).png"}"#)
    }
    try directory.write("[" + entries.joined(separator: ",\n") + "]")
  }

  /// The centre pixel of the texture a row's picture shows, or nil if it shows none.
  @MainActor
  private static func shownColor(_ row: UserRow) -> (red: UInt8, green: UInt8, blue: UInt8)? {
    guard let texture = row.shownTexture else {
      return nil
    }
    let width = Int(gdk_texture_get_width(texture))
    let height = Int(gdk_texture_get_height(texture))
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer {
      gdk_texture_download(texture, $0.baseAddress, gsize(width * 4))
    }
    // B, G, R, A in memory (CAIRO_FORMAT_ARGB32 on little endian); the centre is opaque.
    let offset: Int = ((height / 2) * width + width / 2) * 4
    return (pixels[offset + 2], pixels[offset + 1], pixels[offset])
  }

  /// What the bound rows show at one moment.
  private struct Shown {
    /// Bound rows.
    var rows = 0
    /// Rows showing a picture.
    var pictures = 0
    /// Rows showing another person's picture.
    var mismatches = 0
    /// Rows bound to a person from `lateUsers` (the ones the jump bound).
    var atTheEnd = 0
  }

  /// Users bound after the jump to the end: past every row bound at the top.
  private static let lateUsers = 2_500..<users

  /// Every bound row of the window's list, checked against the user it is bound to.
  @MainActor
  private static func inspect(_ window: MainWindow) -> Shown {
    var shown = Shown()
    window.factory.forEachBoundRow { row, _ in
      shown.rows += 1
      let index = row.identity.flatMap { Int($0.dropFirst("user".count)) }
      if let index, lateUsers.contains(index) { shown.atTheEnd += 1 }
      guard let picture = shownColor(row) else { return }
      shown.pictures += 1
      guard let index, picture == color(of: index) else {
        shown.mismatches += 1
        return
      }
    }
    return shown
  }

  /// Whether nothing loads, decodes or waits any more: every result is held at the gate (a
  /// row's slot asks for its load in bind).
  @MainActor
  private static func settled(_ pipeline: ImagePipeline) -> Bool {
    pipeline.statistics().inFlight == 0
  }

  /// Runs the main loop until everything the main queue holds now has run: a task that a
  /// delivery resumed goes on in a job of its own, queued behind the delivery.
  @MainActor
  private static func drainMainQueue() {
    let drained = Locked(false)
    DispatchQueue.main.async { drained.withLock { $0 = true } }
    XCTAssertTrue(MainContext.run(until: { drained.withLock { $0 } }), "the main queue stalled")
  }

  /// The race a recycled row must survive, forced on any machine. The rows at the top bind
  /// and their avatars decode, but the results are held on their way to the main thread
  /// (``ImagePipeline/holdDeliveries()``); the list jumps to its end, so the rows are re-bound
  /// to other people, whose avatars decode and are held too; then the first results go out,
  /// each meeting a row that moved on, and the rows are checked; then the rest, and again.
  @MainActor
  private static func lateAvatarsMeetRecycledRows(guarded: Bool) throws -> (
    afterLate: Shown, afterAll: Shown, late: Int, staleDrops: Int, rowStaleDrops: Int
  ) {
    try WindowTestSupport.setUp()
    let directory = try TemporaryDirectory()
    try writeDirectory(directory)
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = nil
    // Every avatar is decoded whatever else the machine runs (an idle-class thread beside busy
    // cores gets a three-hundredth of one).
    configuration.decodesInIdleClass = false
    let pipeline = ImagePipeline(configuration: configuration)
    pipeline.holdDeliveries()
    let counts = RowProbe()
    let window = MainWindow(
      application: nil, content: .source(WindowTestSupport.fileSource(directory.usersFile)),
      pipeline: pipeline, probe: counts,
      rowAvatars: guarded ? PipelineAvatarBinder() : UnguardedAvatarBinder())
    defer { window.close() }
    // Whatever is still held goes out before the window closes (awaits end, none leak).
    defer { pipeline.releaseDeliveries() }
    window.present()
    window.refresh()
    WindowTestSupport.waitForLoad(window)
    XCTAssertEqual(window.model.count, users)
    XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no rows on screen")

    // The top's avatars are decoded and held.
    XCTAssertTrue(
      MainContext.run(until: { settled(pipeline) }, timeout: .seconds(60)),
      "the top never decoded")
    let late = pipeline.heldDeliveries
    XCTAssertGreaterThan(late, 0, "no avatar was asked for at the top")
    XCTAssertEqual(inspect(window).pictures, 0, "an avatar passed the held gate")

    // The jump: every row but the focused one is re-bound to someone at the end.
    gtk_widget_activate_action_variant(
      window.listView, "list.scroll-to-item", g_variant_new_uint32(UInt32(users - 1)))
    XCTAssertTrue(
      MainContext.run(until: { inspect(window).atTheEnd > 20 }, timeout: .seconds(30)),
      "the list did not reach its end")
    XCTAssertTrue(
      MainContext.run(until: { settled(pipeline) }, timeout: .seconds(60)),
      "the end never decoded")

    // The top's results, late: each meets a row that shows someone else now.
    XCTAssertEqual(pipeline.releaseDeliveries(first: late), late)
    XCTAssertTrue(
      MainContext.run(until: { pipeline.releasedDeliveriesRun == late }),
      "the released avatars did not reach the rows")
    drainMainQueue()
    let afterLate = inspect(window)

    // Then everything else.
    let rest = pipeline.releaseDeliveries()
    XCTAssertTrue(
      MainContext.run(until: { pipeline.releasedDeliveriesRun == late + rest }),
      "the other avatars did not reach the rows")
    drainMainQueue()
    let afterAll = inspect(window)
    return (afterLate, afterAll, late, pipeline.statistics().staleDrops, counts.staleDrops)
  }

  func testARecycledRowNeverShowsAnotherUsersAvatarWhenItsOldAvatarArrivesLate() throws {
    try MainActor.assumeIsolated {
      let run = try Self.lateAvatarsMeetRecycledRows(guarded: true)
      print(
        "guarded: \(run.late) late avatars; then \(run.afterLate); then \(run.afterAll); "
          + "\(run.staleDrops) stale results dropped")
      XCTAssertEqual(run.afterLate.mismatches, 0)
      // A late result shows only on a row still bound to its person (the focused row, which
      // GTK keeps bound): none of the rows the jump re-bound.
      XCTAssertLessThanOrEqual(run.afterLate.pictures, run.afterLate.rows - run.afterLate.atTheEnd)
      XCTAssertEqual(run.afterAll.mismatches, 0)
      // Not a vacuous check: every row shows its own avatar in the end.
      XCTAssertEqual(run.afterAll.pictures, run.afterAll.rows, "a row was left without its avatar")
      XCTAssertGreaterThan(run.staleDrops, 0, "no late result met a recycled row")
      XCTAssertEqual(run.rowStaleDrops, run.staleDrops, "the window's rows counted each drop")
    }
  }

  func testWithoutTheTokenCheckALateAvatarShowsOnARecycledRow() throws {
    try MainActor.assumeIsolated {
      let run = try Self.lateAvatarsMeetRecycledRows(guarded: false)
      print("unguarded: \(run.late) late avatars; then \(run.afterLate); then \(run.afterAll)")
      XCTAssertGreaterThan(run.afterLate.mismatches, 0, "the check would not catch a broken guard")
    }
  }
}

/// Rows whose avatars have no stale guard: each bind loads through a slot of
/// its own that is never unbound, so every result is shown when it arrives, on
/// whatever person the row shows by then. It is what the recycled-row check
/// must catch.
///
/// Threading: main-actor only.
@MainActor
private struct UnguardedAvatarBinder: AvatarBinder {
  var prefetches: Bool { true }

  func makeLoad(
    pipeline: ImagePipeline, onStaleDrop: @escaping @MainActor () -> Void,
    show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void
  ) -> any AvatarLoad {
    Load(pipeline: pipeline, show: show)
  }

  private final class Load: AvatarLoad {
    private let pipeline: ImagePipeline
    private let show: @MainActor (_ texture: OpaquePointer?) -> Void
    /// One per bind, each still bound to the person it was made for.
    private var slots: [ImageSlot] = []

    init(pipeline: ImagePipeline, show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void) {
      self.pipeline = pipeline
      self.show = show
    }

    var isLoading: Bool { slots.contains { $0.isLoading } }
    var pendingPriority: ImagePriority? { nil }

    func bind(identity: AnyHashable, request: ImageRequest?, priority: ImagePriority) {
      let slot = ImageSlot(pipeline: pipeline) { [show] image, _ in show(image?.texture) }
      slots.append(slot)
      slot.bind(identity: identity, request: request, priority: priority)
    }

    func unbind() { show(nil) }

    func setPriority(_ priority: ImagePriority) {}
  }
}
