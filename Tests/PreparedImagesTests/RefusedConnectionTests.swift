import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

/// An avatar server that refuses connections fails its avatars at once, so they do not hold
/// their load slots for the connect timeout.
final class RefusedConnectionTests: XCTestCase {
  @MainActor
  func testARefusedConnectionFailsAtOnceNotAfterTheConnectTimeout() async throws {
    let refusing = try RefusingPort()
    var configuration = ImagePipelineConfiguration.testing()
    // Retried until the connect timeout, as before, the refusal took all 10 s of it.
    configuration.connectTimeout = .seconds(10)
    let pipeline = ImagePipeline(configuration: configuration)
    let requests = ["/a.png", "/b.png", "/c.png"].map {
      ImageRequest(source: .http(URL(string: refusing.httpURL($0))!), pixelSize: 32)
    }
    let clock = ContinuousClock()
    let start = clock.now
    let failures = await withTaskGroup(of: ImageFailure?.self) { group in
      for request in requests {
        group.addTask {
          do {
            _ = try await pipeline.image(for: request)
            return nil
          } catch {
            return error as? ImageFailure
          }
        }
      }
      var failures: [ImageFailure?] = []
      for await failure in group { failures.append(failure) }
      return failures
    }
    let elapsed = start.duration(to: clock.now)
    XCTAssertEqual(failures, [.network, .network, .network])
    print("three refused avatars failed after \(elapsed)")
    // Loose, so a loaded machine cannot fail it; the old behaviour took 10 s.
    XCTAssertLessThan(elapsed, .seconds(5))
    XCTAssertEqual(pipeline.statistics().failures(.network), 3)
    await pipeline.shutdown()
  }
}
