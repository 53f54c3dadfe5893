import Foundation
import SharedSupport
import TestSupport
import XCTest

@testable import PreparedImages

final class DiskCacheTests: XCTestCase {
  @MainActor
  func testASecondPipelineServesDownloadsFromDiskWithTheServerStopped() async throws {
    let folder = TemporaryDirectory()
    let server = try await TestHTTPServer.start()
    server.image("/ada.png", TestImages.solid(.init(red: 40, green: 50, blue: 60)))
    let request = ImageRequest(source: .http(server.url("/ada.png")), pixelSize: 48)

    let first = ImagePipeline(configuration: .testing(disk: folder.url))
    _ = try await first.image(for: request)
    let written = await waitUntil { first.statistics().diskCacheCount == 1 }
    XCTAssertTrue(written, "written to disk")
    await first.shutdown()
    try await server.stop()

    let second = ImagePipeline(configuration: .testing(disk: folder.url))
    let image = try await second.image(for: request)
    XCTAssertEqual(TestImages.centerColor(of: image), .init(red: 40, green: 50, blue: 60))
    let statistics = second.statistics()
    XCTAssertEqual(statistics.diskHits, 1)
    XCTAssertEqual(statistics.httpLoads, 0)
    await second.shutdown()
  }

  func testTheIndexIsRebuiltFromTheFolderAndTheOldestIsEvictedFirst() throws {
    let folder = TemporaryDirectory()
    let entry = [UInt8](repeating: 1, count: 1000)
    let cache = DiskCache(directory: folder.url, byteLimit: 10_000, maxEntryBytes: 5000)
    for index in 0..<5 { cache.store(entry, for: "http://x/\(index)") }
    // Age the files: 0 oldest ... 4 newest, then use 0 so it becomes the newest.
    for index in 0..<5 {
      let name = StableHash.hex("http://x/\(index)") + ".avatar"
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: Double(index - 100))],
        ofItemAtPath: folder.path + "/" + name)
    }
    let restarted = DiskCache(directory: folder.url, byteLimit: 10_000, maxEntryBytes: 5000)
    XCTAssertEqual(restarted.bytes(for: "http://x/0"), entry)
    XCTAssertEqual(restarted.count, 5)
    // Each file is 1000 bytes plus a short header: the tenth goes over the limit.
    for index in 5..<10 { restarted.store(entry, for: "http://x/\(index)") }
    XCTAssertLessThanOrEqual(restarted.totalBytes, 10_000)
    XCTAssertEqual(restarted.count, 8)
    XCTAssertNil(restarted.bytes(for: "http://x/1")?.count, "the oldest went first")
    XCTAssertNil(restarted.bytes(for: "http://x/2")?.count)
    XCTAssertEqual(restarted.bytes(for: "http://x/0")?.count, 1000, "it was used recently")
    XCTAssertEqual(restarted.bytes(for: "http://x/9")?.count, 1000)
  }

  func testAFileForAnotherKeyIsAMissNotAWrongImage() throws {
    let folder = TemporaryDirectory()
    let cache = DiskCache(directory: folder.url, byteLimit: 10_000, maxEntryBytes: 5000)
    cache.store([1, 2, 3], for: "http://x/a")
    // Pretend "b" collides with "a": copy a's file under b's name.
    let a = folder.path + "/" + StableHash.hex("http://x/a") + ".avatar"
    let b = folder.path + "/" + StableHash.hex("http://x/b") + ".avatar"
    try FileManager.default.copyItem(atPath: a, toPath: b)
    let restarted = DiskCache(directory: folder.url, byteLimit: 10_000, maxEntryBytes: 5000)
    XCTAssertNil(restarted.bytes(for: "http://x/b"))
    XCTAssertEqual(restarted.bytes(for: "http://x/a"), [1, 2, 3])
  }

  func testWritesLeaveNoTemporaryFilesAndOtherFilesAreLeftAlone() throws {
    let folder = TemporaryDirectory()
    folder.write("users.json", [1])
    let cache = DiskCache(directory: folder.url, byteLimit: 10_000, maxEntryBytes: 5000)
    cache.store([UInt8](repeating: 0, count: 100), for: "http://x/a")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    XCTAssertEqual(names, [StableHash.hex("http://x/a") + ".avatar", "users.json"])
  }
}
