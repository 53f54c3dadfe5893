import CGtk
import XCTest

@testable import PreparedImages

final class MemoryCacheTests: XCTestCase {
  /// A prepared image of `side` pixels (cost side * side * 4); the texture content does not matter.
  private static func image(side: Int) -> PreparedImage {
    let pixels = [UInt8](repeating: 0, count: side * side * 4)
    let data = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(data) }
    let texture = gdk_memory_texture_new(
      Int32(side), Int32(side), GDK_MEMORY_R8G8B8A8_PREMULTIPLIED, data, gsize(side * 4))!
    return PreparedImage(adoptingTexture: texture, pixelSize: side)
  }

  private static func key(_ index: Int, side: Int = 8) -> ImageRequest {
    ImageRequest(source: .file("/avatars/\(index).png"), pixelSize: side)
  }

  func testTheLeastRecentlyUsedImageIsEvictedFirst() {
    let cache = MemoryCache(costLimit: 3 * 256)  // three 8 px images
    for index in 0..<3 { cache.store(Self.image(side: 8), for: Self.key(index)) }
    XCTAssertNotNil(cache.image(for: Self.key(0)))  // 0 is now the most recent
    cache.store(Self.image(side: 8), for: Self.key(3))
    XCTAssertNil(cache.image(for: Self.key(1)), "1 was the least recently used")
    XCTAssertEqual(cache.keysByRecency, [Self.key(3), Self.key(0), Self.key(2)])
  }

  func testTheByteLimitIsNeverExceededUnderRandomTraffic() {
    let limit = 100_000
    let cache = MemoryCache(costLimit: limit)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3000 {
      let index = Int.random(in: 0..<200, using: &generator)
      let side = [8, 16, 48, 96, 200].randomElement(using: &generator)!
      if Bool.random(using: &generator) {
        cache.store(Self.image(side: side), for: Self.key(index, side: side))
      } else {
        _ = cache.image(for: Self.key(index, side: side))
      }
      XCTAssertLessThanOrEqual(cache.totalCost, limit)
    }
    XCTAssertGreaterThan(cache.count, 0)
  }

  func testAnImageLargerThanTheWholeLimitIsNotCached() {
    let cache = MemoryCache(costLimit: 1000)
    cache.store(Self.image(side: 8), for: Self.key(0))
    cache.store(Self.image(side: 64), for: Self.key(1))
    XCTAssertNil(cache.image(for: Self.key(1)))
    XCTAssertNotNil(cache.image(for: Self.key(0)), "nothing was evicted for it")
  }

  func testConcurrentUseIsSafe() {
    let cache = MemoryCache(costLimit: 50_000)
    let images = (0..<20).map { _ in Self.image(side: 16) }
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for step in 0..<2000 {
        let index = (step * 7 + worker) % 20
        if step % 3 == 0 {
          cache.store(images[index], for: Self.key(index, side: 16))
        } else {
          _ = cache.image(for: Self.key(index, side: 16))
        }
      }
    }
    XCTAssertLessThanOrEqual(cache.totalCost, 50_000)
  }
}
