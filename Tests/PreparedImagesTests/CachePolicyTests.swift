import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

/// What the caching headers become.
final class CachePolicyTests: XCTestCase {
  private let now: Int64 = 1_700_000_000

  private func policy(_ headers: [String: String]) -> CachePolicy {
    CachePolicy(
      header: { name in headers.first { $0.key.lowercased() == name.lowercased() }?.value },
      now: now)
  }

  func testMaxAgeLessAgeThenExpiresAgainstDate() {
    XCTAssertEqual(policy(["Cache-Control": "public, max-age=600"]).freshUntil, now + 600)
    XCTAssertEqual(
      policy(["Cache-Control": "max-age=\"600\"", "Age": "100"]).freshUntil, now + 500)
    XCTAssertEqual(
      policy([
        "Date": "Tue, 14 Nov 2023 22:13:20 GMT", "Expires": "Tue, 14 Nov 2023 23:13:20 GMT",
      ]).freshUntil, now + 3600)
    XCTAssertEqual(
      policy(["Cache-Control": "max-age=5", "Expires": "Tue, 14 Nov 2023 23:13:20 GMT"])
        .freshUntil, now + 5, "max-age wins")
    XCTAssertEqual(policy(["Expires": "0"]).freshUntil, now, "an unreadable Expires is past")
    XCTAssertEqual(
      policy(["Cache-Control": "max-age=99999999999999999999"]).freshUntil, now + (1 << 31))
  }

  func testNoCacheIsStaleAtOnceAndNoStoreIsMarked() {
    let noCache = policy(["Cache-Control": "no-cache, max-age=600", "ETag": "\"x\""])
    XCTAssertEqual(noCache.freshUntil, now)
    XCTAssertFalse(noCache.isFresh(at: now))
    XCTAssertTrue(policy(["Cache-Control": "No-Store"]).noStore)
    XCTAssertFalse(policy(["Cache-Control": "max-age=1"]).noStore)
  }

  func testMustRevalidateNoCachePragmaAndVaryStarForbidShowingStaleBytes() {
    let must = policy(["Cache-Control": "max-age=600, Must-Revalidate", "ETag": "\"x\""])
    XCTAssertEqual(must.freshUntil, now + 600, "fresh for its lifetime")
    XCTAssertTrue(must.mustRevalidate)
    XCTAssertTrue(policy(["Cache-Control": "no-cache"]).mustRevalidate)
    XCTAssertFalse(policy(["Cache-Control": "max-age=0"]).mustRevalidate)
    XCTAssertFalse(
      policy(["Cache-Control": "no-cache=\"Set-Cookie\""]).mustRevalidate,
      "no-cache naming fields concerns those fields only")

    let pragma = policy(["Pragma": "no-cache", "ETag": "\"x\""])
    XCTAssertEqual(pragma.freshUntil, now)
    XCTAssertTrue(pragma.mustRevalidate)
    let pragmaUnderCacheControl = policy(["Pragma": "no-cache", "Cache-Control": "max-age=60"])
    XCTAssertEqual(pragmaUnderCacheControl.freshUntil, now + 60, "Cache-Control wins")
    XCTAssertFalse(pragmaUnderCacheControl.mustRevalidate)

    let varyStar = policy(["Vary": "Accept-Encoding, *", "Cache-Control": "max-age=600"])
    XCTAssertEqual(varyStar.freshUntil, now, "no later request matches Vary: *")
    XCTAssertTrue(varyStar.mustRevalidate)
    let vary = policy(["Vary": "Accept-Encoding", "Cache-Control": "max-age=600"])
    XCTAssertEqual(vary.freshUntil, now + 600, "the same request fields every time: a match")
    XCTAssertFalse(vary.mustRevalidate)
  }

  func testTheFieldsThatSetFreshnessAreKeptForALater304() {
    let kept = policy([
      "Cache-Control": "no-cache", "Expires": "Tue, 14 Nov 2023 23:13:20 GMT", "Vary": "Accept",
      "Pragma": "no-cache", "ETag": "\"x\"", "Content-Type": "image/png",
    ])
    XCTAssertEqual(
      kept.freshnessFields,
      [
        "cache-control": "no-cache", "expires": "Tue, 14 Nov 2023 23:13:20 GMT",
        "vary": "Accept", "pragma": "no-cache",
      ])
    XCTAssertEqual(kept.storedField("Cache-Control"), "no-cache")
    XCTAssertEqual(kept.storedField("ETag"), "\"x\"")
    XCTAssertNil(kept.storedField("Content-Type"))
    XCTAssertNil(kept.storedField("Date"), "a 304's own Date counts")
    XCTAssertTrue(
      policy(["Cache-Control": "max-age=1, " + String(repeating: "x", count: 300)])
        .freshnessFields.isEmpty, "bounded like a validator")

    // A 304 that leaves Cache-Control out: the stored one still holds.
    let updated = CachePolicy(
      header: { name in name == "ETag" ? "\"x\"" : kept.storedField(name) }, now: now)
    XCTAssertTrue(updated.mustRevalidate)
    XCTAssertEqual(updated.freshUntil, now)
  }

  func testWithoutFreshnessAValidatorGivesAHeuristicLifetimeAndNothingMeansForever() {
    // Modified 10 days before Date: a tenth is a day, the ceiling.
    XCTAssertEqual(
      policy([
        "Last-Modified": "Sat, 04 Nov 2023 22:13:20 GMT", "Date": "Tue, 14 Nov 2023 22:13:20 GMT",
      ])
      .freshUntil, now + 86_400)
    XCTAssertEqual(
      policy([
        "Last-Modified": "Tue, 14 Nov 2023 12:13:20 GMT", "Date": "Tue, 14 Nov 2023 22:13:20 GMT",
      ])
      .freshUntil, now + 3600)
    XCTAssertEqual(policy(["ETag": "\"x\""]).freshUntil, now + 86_400)
    XCTAssertNil(policy([:]).freshUntil)
    XCTAssertTrue(policy([:]).isFresh(at: .max))
  }

  func testValidatorsFromAnUntrustedServerAreBounded() {
    XCTAssertNil(policy(["ETag": "\"" + String(repeating: "a", count: 300) + "\""]).etag)
    XCTAssertNil(policy(["ETag": "\"a\nb\""]).etag)
    XCTAssertNil(policy(["ETag": "\"ä\""]).etag)
    XCTAssertEqual(policy(["ETag": "W/\"a\""]).etag, "W/\"a\"")
    XCTAssertNil(policy(["Last-Modified": "yesterday"]).lastModified)
    let conditional = policy(["ETag": "\"a\"", "Last-Modified": "Tue, 14 Nov 2023 12:13:20 GMT"])
      .conditionalHeaders
    XCTAssertEqual(conditional.map(\.name), ["If-None-Match", "If-Modified-Since"])
  }

  func testAPolicyIsStoredAndReadBackWithItsBytes() {
    let folder = TemporaryDirectory()
    let cache = DiskCache(directory: folder.url, byteLimit: 10_000, maxEntryBytes: 5000)
    let stored = CachePolicy(
      etag: "\"v1\"", lastModified: "Tue, 14 Nov 2023 12:13:20 GMT", freshUntil: now)
    cache.store([1, 2, 3], policy: stored, for: "http://x/a")
    var strict = CachePolicy(etag: "\"v2\"", freshUntil: now, mustRevalidate: true)
    strict.freshnessFields = ["cache-control": "no-cache, max-age=60", "vary": "*"]
    cache.store([9], policy: strict, for: "http://x/b")
    let restarted = DiskCache(directory: folder.url, byteLimit: 10_000, maxEntryBytes: 5000)
    XCTAssertEqual(restarted.stored(for: "http://x/a")?.policy, stored)
    XCTAssertEqual(restarted.stored(for: "http://x/a")?.bytes, [1, 2, 3])
    XCTAssertEqual(restarted.stored(for: "http://x/b")?.policy, strict)
    XCTAssertEqual(restarted.stored(for: "http://x/b")?.policy.mustRevalidate, true)
    var noStore = stored
    noStore.noStore = true
    restarted.store([4], policy: noStore, for: "http://x/a")
    XCTAssertNil(restarted.stored(for: "http://x/a"), "no-store removes what was there")
    XCTAssertEqual(restarted.count, 1, "the other entry stays")
  }
}
