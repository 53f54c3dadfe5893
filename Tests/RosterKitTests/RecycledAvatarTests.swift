import CGtk
import Directory
import Foundation
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

/// A recycled row's picture is checked against its user on every frame of a
/// fast scroll through thousands of people whose avatars arrive late and in
/// random order: each avatar is a solid colour that encodes its user.
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

  /// Scrolls through every row, 8 a frame, while avatars take 0-1000 ms
  /// (seeded) and each frame spends 10 ms busy before its layout; after every
  /// frame, every bound row showing a picture is checked against the user it
  /// is bound to.
  @MainActor
  private static func scrollThrough(guarded: Bool) throws -> (
    mismatches: Int, mismatchedBinds: Int, checked: Int, frames: Int, staleDrops: Int,
    rowStaleDrops: Int
  ) {
    try WindowTestSupport.setUp()
    let directory = try TemporaryDirectory()
    try writeDirectory(directory)
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = nil
    configuration.simulatedLatency = .zero ... .milliseconds(1_000)
    configuration.simulatedLatencySeed = 13
    // A slow server that takes many requests at once: plenty of late avatars.
    configuration.maxConcurrentLoads = 96
    // Decodes whenever work waits, not only between frames: the paced decoder delivers in
    // the gap, before the next frame recycles rows, which hides the race this test needs
    // (and an app that reports no frames, or a decode held its longest, still has it).
    configuration.maxDecodeHoldForFrames = .zero
    let pipeline = ImagePipeline(configuration: configuration)
    let counts = RowInstrumentation()
    let window = MainWindow(
      application: nil, source: WindowTestSupport.fileSource(directory.usersFile),
      pipeline: pipeline, instrumentation: counts,
      rowAvatars: guarded ? PipelineAvatarBinder() : UnguardedAvatarBinder())
    defer { window.close() }
    window.present()
    window.refresh()
    WindowTestSupport.waitForLoad(window)
    XCTAssertEqual(window.model.count, users)
    XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no rows on screen")
    gtk_widget_activate_action_variant(
      window.listView, "list.scroll-to-item", g_variant_new_uint32(0))
    MainContext.run(for: .milliseconds(100))

    var mismatches = 0
    var mismatchedBinds = Set<String>()
    var checked = 0
    let watcher = FrameRowWatcher(window, onScreenOnly: false) { row, _ in
      guard let shown = shownColor(row) else { return }
      checked += 1
      guard let identity = row.identity, let index = Int(identity.dropFirst("user".count)),
        shown == color(of: index)
      else {
        mismatches += 1
        mismatchedBinds.insert("\(ObjectIdentifier(row)) \(row.identity ?? "unbound")")
        return
      }
    }
    defer { watcher.stop() }
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
    let rowHeight = window.viewport.rowHeight
    let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    let scroll = OwnedTick()
    scroll.start(on: window.window) {
      // A busy main thread, as on a loaded machine: results that arrive now wait in the main
      // queue while this frame's layout re-binds rows, which is when a stale one can land.
      usleep(10_000)
      let next = min(end, gtk_adjustment_get_value(adjustment) + 8 * rowHeight)
      gtk_adjustment_set_value(adjustment, next)
      return next < end
    }
    XCTAssertTrue(
      MainContext.run(until: { !scroll.isRunning }, timeout: .seconds(120)), "the scroll stalled")
    // The last avatars arrive while the list rests at the end.
    MainContext.run(for: .milliseconds(1_200))
    return (
      mismatches, mismatchedBinds.count, checked, watcher.frames, pipeline.statistics().staleDrops,
      counts.staleDrops
    )
  }

  func testARecycledRowNeverShowsAnotherUsersAvatarDuringAFastScroll() throws {
    try MainActor.assumeIsolated {
      let run = try Self.scrollThrough(guarded: true)
      print(
        "guarded scroll: \(run.frames) frames, \(run.checked) pictures checked, "
          + "\(run.mismatches) mismatches, \(run.staleDrops) stale results dropped")
      XCTAssertEqual(run.mismatches, 0)
      // Not a vacuous check: avatars showed in most frames. (How many a frame
      // depends on how fast the decode threads get a CPU beside the scroll.)
      XCTAssertGreaterThan(run.checked, 2 * run.frames, "too few pictures were checked")
      XCTAssertGreaterThan(run.staleDrops, 0, "no late result ever met a recycled row")
      XCTAssertEqual(run.rowStaleDrops, run.staleDrops, "the window's rows counted each drop")
    }
  }

  func testWithoutTheTokenCheckTheSameScrollShowsWrongAvatars() throws {
    try MainActor.assumeIsolated {
      let run = try Self.scrollThrough(guarded: false)
      print(
        "unguarded scroll: \(run.frames) frames, \(run.checked) pictures checked, "
          + "\(run.mismatches) mismatches (\(run.mismatchedBinds) binds showed a wrong avatar)")
      XCTAssertGreaterThan(run.mismatches, 0, "the check would not catch a broken guard")
    }
  }
}

/// Rows whose avatars have no stale guard: each bind awaits its image from
/// the pipeline and shows whatever arrives, on whatever person the row shows
/// by then. It is what the recycled-row check must catch.
///
/// Threading: main-actor only.
@MainActor
private struct UnguardedAvatarBinder: AvatarBinder {
  var prefetches: Bool { true }

  func makeLoad(
    pipeline: ImagePipeline, instrumentation: RowInstrumentation,
    show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void
  ) -> any AvatarLoad {
    Load(pipeline: pipeline, show: show)
  }

  private final class Load: AvatarLoad {
    private let pipeline: ImagePipeline
    private let show: @MainActor (_ texture: OpaquePointer?) -> Void
    private var loads = 0

    init(pipeline: ImagePipeline, show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void) {
      self.pipeline = pipeline
      self.show = show
    }

    var isLoading: Bool { loads > 0 }
    var pendingPriority: ImagePriority? { nil }

    func bind(identity: AnyHashable, request: ImageRequest?, priority: ImagePriority) {
      guard let request else { return show(nil) }
      if let image = pipeline.cachedImage(for: request) { return show(image.texture) }
      show(nil)
      loads += 1
      Task { @MainActor in
        defer { loads -= 1 }
        if let image = try? await pipeline.image(for: request, priority: priority) {
          show(image.texture)
        }
      }
    }

    func unbind() { show(nil) }

    func setPriority(_ priority: ImagePriority) {}
  }
}
