import Foundation
import SharedSupport
import TestSupport
import XCTest

@testable import PreparedImages

/// Bytes the app supplies itself (an LDAP photo) go through the same pipeline as files.
final class ProvidedImageTests: XCTestCase {
  /// A provided image whose closure counts its calls and hands out `bytes` (or throws).
  private final class Provider: Sendable {
    let calls = Locked(0)
    let bytes: [UInt8]
    let fails: Bool

    init(_ bytes: [UInt8], fails: Bool = false) {
      self.bytes = bytes
      self.fails = fails
    }

    func image(key: String) -> ProvidedImage {
      ProvidedImage(key: key) { _ in
        self.calls.withLock { $0 += 1 }
        if self.fails { throw URLError(.resourceUnavailable) }
        return self.bytes
      }
    }
  }

  @MainActor
  func testAProvidedPhotoIsDecodedOnceAndThenServedFromMemory() async throws {
    let provider = Provider(TestImages.solid(.init(red: 200, green: 10, blue: 10), format: "jpeg"))
    let pipeline = ImagePipeline(configuration: .testing())
    let request = ImageRequest(source: .provided(provider.image(key: "uid=ada,v1")), pixelSize: 48)

    let first = try await pipeline.image(for: request)
    XCTAssertEqual(first.pixelSize, 48)
    XCTAssertGreaterThan(TestImages.centerColor(of: first).red, 150)
    // Another value with the same key is the same image: a memory hit, no second call.
    let again = ImageRequest(source: .provided(provider.image(key: "uid=ada,v1")), pixelSize: 48)
    XCTAssertTrue(pipeline.cachedImage(for: again) === first)
    let second = try await pipeline.image(for: again)
    XCTAssertTrue(second === first)
    XCTAssertEqual(provider.calls.withLock { $0 }, 1)
    let statistics = pipeline.statistics()
    XCTAssertEqual(statistics.providedLoads, 1)
    XCTAssertEqual(statistics.decodes, 1)
    XCTAssertEqual(statistics.memoryHits, 1)
    await pipeline.shutdown()
  }

  @MainActor
  func testAProviderThatThrowsLeavesThePlaceholder() async {
    let provider = Provider([], fails: true)
    let pipeline = ImagePipeline(configuration: .testing())
    let applied = AppliedImages()
    let slot = ImageSlot(pipeline: pipeline) { applied.record($0, $1) }
    slot.bind(
      identity: 1, request: ImageRequest(source: .provided(provider.image(key: "x")), pixelSize: 32)
    )
    let done = await waitUntil { !slot.isLoading }
    XCTAssertTrue(done)
    XCTAssertNil(applied.last)
    XCTAssertEqual(provider.calls.withLock { $0 }, 1)
    XCTAssertEqual(pipeline.statistics().failures(.providerFailed), 1)
    await pipeline.shutdown()
  }

  @MainActor
  func testProvidedBytesOverTheLimitAreRefused() async {
    var configuration = ImagePipelineConfiguration.testing()
    configuration.maxBodyBytes = 1000
    let seen = Locked<Int?>(nil)
    let big = ProvidedImage(key: "big") { maxBytes in
      seen.withLock { $0 = maxBytes }
      return [UInt8](repeating: 0xFF, count: 1001)
    }
    let pipeline = ImagePipeline(configuration: configuration)
    do {
      _ = try await pipeline.image(for: ImageRequest(source: .provided(big), pixelSize: 32))
      XCTFail("1001 bytes over a 1000-byte limit were accepted")
    } catch {
      XCTAssertEqual(error as? ImageFailure, .tooLarge)
    }
    XCTAssertEqual(seen.withLock { $0 }, 1000, "the closure is told the limit")
    XCTAssertEqual(pipeline.statistics().decodes, 0)
    await pipeline.shutdown()
  }

  @MainActor
  func testUnbindingCancelsTheProvidersTask() async {
    let started = Locked(false)
    let cancelled = Locked(false)
    let slow = ProvidedImage(key: "slow") { _ in
      started.withLock { $0 = true }
      do {
        try await Task.sleep(for: .seconds(30))
      } catch {
        cancelled.withLock { $0 = Task.isCancelled }
        throw error
      }
      return []
    }
    let pipeline = ImagePipeline(configuration: .testing())
    let slot = ImageSlot(pipeline: pipeline) { _, _ in }
    slot.bind(identity: 1, request: ImageRequest(source: .provided(slow), pixelSize: 32))
    let running = await waitUntil { started.withLock { $0 } }
    XCTAssertTrue(running)
    slot.unbind()
    let reached = await waitUntil { cancelled.withLock { $0 } }
    XCTAssertTrue(reached, "the closure's task saw the cancellation")
    XCTAssertEqual(pipeline.statistics().cancellations, 1)
    XCTAssertEqual(pipeline.statistics().inFlight, 0)
    await pipeline.shutdown()
  }
}
