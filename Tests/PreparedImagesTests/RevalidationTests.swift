import Foundation
import SharedSupport
import TestSupport
import XCTest

@testable import PreparedImages

/// Avatars over HTTP through the disk cache, as the server's caching headers say: a fresh
/// entry costs no request, a stale one a conditional request, and a 304 no decode while the
/// image is still in memory.
final class RevalidationTests: XCTestCase {
  private static let red = TestImages.RGB(red: 200, green: 20, blue: 20)
  private static let blue = TestImages.RGB(red: 20, green: 20, blue: 200)

  private var server: TestHTTPServer!
  private var folder: TemporaryDirectory!

  override func setUp() async throws {
    server = try await TestHTTPServer.start()
    folder = TemporaryDirectory()
  }

  override func tearDown() async throws {
    try await server.stop()
  }

  private func request(_ path: String) -> ImageRequest {
    ImageRequest(source: .http(server.url(path)), pixelSize: 48)
  }

  /// A pipeline with the test folder as its disk cache.
  @MainActor
  private func pipeline() -> ImagePipeline {
    ImagePipeline(configuration: .testing(disk: folder.url))
  }

  /// Loads `path` once and waits until its bytes are on disk.
  @MainActor
  private func loadAndStore(_ pipeline: ImagePipeline, _ path: String) async throws
    -> PreparedImage
  {
    let image = try await pipeline.image(for: request(path))
    let key = server.url(path).absoluteString
    let stored = await waitUntil { pipeline.diskCache?.bytes(for: key) != nil }
    XCTAssertTrue(stored, "\(path) written to disk")
    return image
  }

  @MainActor
  func testAFreshEntryIsUsedWithoutARequest() async throws {
    server.set(
      "/ada.png",
      .cached(TestImages.solid(Self.red), etag: "\"v1\"", cacheControl: "max-age=3600"))
    let first = pipeline()
    _ = try await loadAndStore(first, "/ada.png")
    await first.shutdown()

    let second = pipeline()
    let image = try await second.image(for: request("/ada.png"))
    XCTAssertEqual(TestImages.centerColor(of: image), Self.red)
    let statistics = second.statistics()
    XCTAssertEqual(server.hits("/ada.png"), 1, "no request for a fresh entry")
    XCTAssertEqual(statistics.diskHits, 1)
    XCTAssertEqual(statistics.httpLoads, 0)
    XCTAssertEqual(statistics.revalidations, 0)
    await second.shutdown()
  }

  @MainActor
  func testAStaleEntryIsRevalidatedAndA304CostsNoDecodeWhileTheImageIsInMemory() async throws {
    server.set(
      "/ada.png", .cached(TestImages.solid(Self.red), etag: "\"v1\"", cacheControl: "max-age=0"))
    let pipeline = pipeline()
    let first = try await loadAndStore(pipeline, "/ada.png")
    XCTAssertNil(server.lastHeaders("/ada.png")?["if-none-match"])
    XCTAssertEqual(pipeline.statistics().decodes, 1)

    // Stale at once (max-age=0): the image is in memory, the server is asked.
    let again = try await pipeline.image(for: request("/ada.png"))
    XCTAssertEqual(server.hits("/ada.png"), 2)
    XCTAssertEqual(server.lastHeaders("/ada.png")?["if-none-match"], "\"v1\"")
    XCTAssertEqual(server.notModified("/ada.png"), 1)
    var statistics = pipeline.statistics()
    XCTAssertEqual(statistics.revalidations, 1)
    XCTAssertEqual(statistics.notModified, 1)
    XCTAssertEqual(statistics.decodes, 1, "a 304 costs no decode")
    XCTAssertTrue(again === first, "the image in memory is delivered")

    // A row bound to it shows it at once, and the revalidation's 304 does not apply it again.
    let applied = AppliedImages()
    let slot = ImageSlot(pipeline: pipeline) { applied.record($0, $1) }
    slot.bind(identity: "ada", request: request("/ada.png"), priority: .visible)
    XCTAssertTrue(applied.last === first)
    XCTAssertEqual(applied.lastArrivedLate, false)
    let settled = await pipeline.waitUntilIdle()
    XCTAssertTrue(settled)
    await drainMainQueue()
    XCTAssertEqual(server.notModified("/ada.png"), 2)
    XCTAssertEqual(applied.log.count, 1, "shown once")
    XCTAssertFalse(slot.isLoading)
    statistics = pipeline.statistics()
    XCTAssertEqual(statistics.decodes, 1)
    await pipeline.shutdown()

    // Memory no longer holds it (a new start): the 304 decodes the stored bytes.
    let restarted = self.pipeline()
    let image = try await restarted.image(for: request("/ada.png"))
    XCTAssertEqual(TestImages.centerColor(of: image), Self.red)
    XCTAssertEqual(server.notModified("/ada.png"), 3)
    XCTAssertEqual(restarted.statistics().decodes, 1)
    XCTAssertEqual(restarted.statistics().diskHits, 0)
    await restarted.shutdown()
  }

  /// A 304 that leaves out the caching fields keeps the stored ones: an avatar the server
  /// said to revalidate every time (no-cache) is not fresh for a day after a bare 304.
  @MainActor
  func testA304WithoutCachingFieldsKeepsTheStoredOnes() async throws {
    server.set(
      "/ada.png",
      .sequence([
        .cached(TestImages.solid(Self.red), etag: "\"v1\"", cacheControl: "no-cache"),
        .answer(status: 304, headers: ["ETag": "\"v1\""], body: []),
      ]))
    let pipeline = pipeline()
    _ = try await loadAndStore(pipeline, "/ada.png")
    for hits in 2...3 {
      let image = try await pipeline.image(for: request("/ada.png"))
      XCTAssertEqual(TestImages.centerColor(of: image), Self.red)
      XCTAssertEqual(server.hits("/ada.png"), hits, "revalidated every time")
      XCTAssertEqual(server.lastHeaders("/ada.png")?["if-none-match"], "\"v1\"")
    }
    XCTAssertEqual(pipeline.statistics().decodes, 1, "each 304 costs no decode")
    let key = server.url("/ada.png").absoluteString
    let refreshed = await waitUntil {
      pipeline.diskCache?.stored(for: key)?.policy.freshnessFields["cache-control"] == "no-cache"
    }
    XCTAssertTrue(refreshed)
    XCTAssertEqual(pipeline.diskCache?.stored(for: key)?.policy.mustRevalidate, true)
    await pipeline.shutdown()
  }

  @MainActor
  func testAChangedETagBringsTheNewBytesAndANewImage() async throws {
    server.set(
      "/ada.png", .cached(TestImages.solid(Self.red), etag: "\"v1\"", cacheControl: "max-age=0"))
    let pipeline = pipeline()
    _ = try await loadAndStore(pipeline, "/ada.png")
    let blue = TestImages.solid(Self.blue)
    server.set("/ada.png", .cached(blue, etag: "\"v2\"", cacheControl: "max-age=0"))

    let image = try await pipeline.image(for: request("/ada.png"))
    XCTAssertEqual(server.lastHeaders("/ada.png")?["if-none-match"], "\"v1\"")
    XCTAssertEqual(server.notModified("/ada.png"), 0)
    XCTAssertEqual(TestImages.centerColor(of: image), Self.blue)
    XCTAssertEqual(pipeline.statistics().decodes, 2)
    let key = server.url("/ada.png").absoluteString
    let replaced = await waitUntil { pipeline.diskCache?.stored(for: key)?.policy.etag == "\"v2\"" }
    XCTAssertTrue(replaced, "the new ETag is stored")
    XCTAssertEqual(pipeline.diskCache?.bytes(for: key), blue)
    await pipeline.shutdown()
  }

  @MainActor
  func testNoStoreIsNotWrittenToDisk() async throws {
    server.set(
      "/secret.png", .cached(TestImages.solid(Self.red), etag: "\"s\"", cacheControl: "no-store"))
    server.set("/ada.png", .cached(TestImages.solid(Self.blue), etag: "\"a\""))
    let pipeline = pipeline()
    _ = try await pipeline.image(for: request("/secret.png"))
    // Queued after the first one's store would have been.
    _ = try await loadAndStore(pipeline, "/ada.png")
    XCTAssertEqual(pipeline.statistics().diskCacheCount, 1)
    XCTAssertNil(pipeline.diskCache?.bytes(for: server.url("/secret.png").absoluteString))
    await pipeline.shutdown()

    let restarted = self.pipeline()
    _ = try await restarted.image(for: request("/secret.png"))
    XCTAssertEqual(server.hits("/secret.png"), 2, "downloaded again")
    XCTAssertNil(server.lastHeaders("/secret.png")?["if-none-match"])
    await restarted.shutdown()
  }

  /// An entry of the first format (no fields) or a damaged one is a miss: downloaded again.
  @MainActor
  func testAnOldFormatOrCorruptFileIsAMissNotACrash() async throws {
    let red = TestImages.solid(Self.red)
    server.set("/ada.png", .cached(red, etag: "\"v1\"", cacheControl: "max-age=3600"))
    let key = server.url("/ada.png").absoluteString
    let file = folder.path + "/" + StableHash.hex(key) + ".avatar"
    let versions: [[UInt8]] = [
      Array("ROSTER-AVATAR-1\n\(key)\n".utf8) + red,
      Array("ROSTER-AVATAR-2\n\(key)\nfresh-until soon\n\n".utf8) + red,
      Array("ROSTER-AVATAR-2\n\(key)\netag \"v1\"\n".utf8),
      Array("ROSTER-AVATAR-2\n\(key)\nfavourite-colour red\n\n".utf8) + red,
      Array("ROSTER-AVATAR-2\n\(key)\netag ".utf8) + [UInt8](repeating: 0x41, count: 5000),
      Array("ROSTER-AVATAR-2\n".utf8),
      [0xFF, 0xD8, 0x00],
    ]
    for (index, contents) in versions.enumerated() {
      try Data(contents).write(to: URL(fileURLWithPath: file))
      let pipeline = pipeline()
      XCTAssertNil(pipeline.diskCache?.stored(for: key), "version \(index)")
      let image = try await pipeline.image(for: request("/ada.png"))
      XCTAssertEqual(TestImages.centerColor(of: image), Self.red)
      XCTAssertEqual(pipeline.statistics().diskHits, 0, "version \(index)")
      XCTAssertEqual(server.hits("/ada.png"), index + 1)
      // The download replaces the file; the next version is written over it afterwards.
      let replaced = await waitUntil { pipeline.diskCache?.stored(for: key) != nil }
      XCTAssertTrue(replaced, "version \(index)")
      await pipeline.shutdown()
    }
  }

  /// A stale entry whose server cannot be reached is shown all the same, unless the server
  /// said it must be revalidated: then the row shows initials.
  @MainActor
  func testAStaleEntryIsShownWhenItsServerIsGoneUnlessItMustBeRevalidated() async throws {
    server.set(
      "/ada.png", .cached(TestImages.solid(Self.red), etag: "\"v1\"", cacheControl: "max-age=0"))
    let strict = ["/must.png": "max-age=0, must-revalidate", "/nocache.png": "no-cache"]
    for (path, cacheControl) in strict {
      server.set(
        path, .cached(TestImages.solid(Self.blue), etag: "\"v1\"", cacheControl: cacheControl))
    }
    let first = pipeline()
    _ = try await loadAndStore(first, "/ada.png")
    _ = try await loadAndStore(first, "/must.png")
    _ = try await loadAndStore(first, "/nocache.png")
    await first.shutdown()
    try await server.stop()

    let second = pipeline()
    let image = try await second.image(for: request("/ada.png"))
    XCTAssertEqual(TestImages.centerColor(of: image), Self.red)
    XCTAssertEqual(second.statistics().staleServed, 1)
    XCTAssertEqual(second.statistics().revalidations, 1)
    for path in strict.keys.sorted() {
      do {
        _ = try await second.image(for: request(path))
        XCTFail("\(path): a stale image that must be revalidated is not shown")
      } catch {
        XCTAssertEqual(error as? ImageFailure, .network, path)
      }
    }
    XCTAssertEqual(second.statistics().staleServed, 1, "no more")
    XCTAssertEqual(second.statistics().revalidations, 3)
    await second.shutdown()
    server = try await TestHTTPServer.start()  // for tearDown
  }

  /// A row showing a stale image from memory keeps it when the revalidation fails, and goes to
  /// initials when the server had said the image must be revalidated.
  @MainActor
  func testARowLetsGoOfAStaleImageThatMustBeRevalidatedWhenItsServerIsGone() async throws {
    server.set(
      "/kept.png", .cached(TestImages.solid(Self.red), etag: "\"v1\"", cacheControl: "max-age=0"))
    server.set(
      "/strict.png",
      .cached(TestImages.solid(Self.blue), etag: "\"v1\"", cacheControl: "no-cache"))
    let pipeline = pipeline()
    let kept = try await pipeline.image(for: request("/kept.png"))
    let strict = try await pipeline.image(for: request("/strict.png"))
    try await server.stop()

    let keptRow = AppliedImages()
    let strictRow = AppliedImages()
    let keptSlot = ImageSlot(pipeline: pipeline) { keptRow.record($0, $1) }
    let strictSlot = ImageSlot(pipeline: pipeline) { strictRow.record($0, $1) }
    keptSlot.bind(identity: "kept", request: request("/kept.png"), priority: .visible)
    strictSlot.bind(identity: "strict", request: request("/strict.png"), priority: .visible)
    XCTAssertTrue(keptRow.last === kept, "shown at once while it is revalidated")
    XCTAssertTrue(strictRow.last === strict, "shown at once while it is revalidated")
    let settled = await pipeline.waitUntilIdle()
    XCTAssertTrue(settled)
    await drainMainQueue()

    XCTAssertFalse(keptSlot.isLoading)
    XCTAssertFalse(strictSlot.isLoading)
    XCTAssertEqual(keptRow.log.count, 1)
    XCTAssertTrue(keptRow.last === kept, "a failed revalidation leaves the stale image")
    XCTAssertEqual(strictRow.log.count, 2)
    XCTAssertNil(strictRow.last, "initials once the server could not vouch for it")
    XCTAssertNotNil(pipeline.cachedImage(for: request("/kept.png")))
    XCTAssertNil(pipeline.cachedImage(for: request("/strict.png")), "not shown again")
    await pipeline.shutdown()
    server = try await TestHTTPServer.start()  // for tearDown
  }
}
