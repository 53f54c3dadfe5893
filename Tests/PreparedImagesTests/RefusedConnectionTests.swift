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
    // Retried until the connect timeout, as before, the refusal took all of
    // it: ten minutes here, so an answer within the minute the test waits
    // can only be the refusal taken at once, on any machine.
    var configuration = ImagePipelineConfiguration.testing()
    configuration.connectTimeout = .seconds(600)
    configuration.readTimeout = .seconds(600)
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
    XCTAssertLessThan(elapsed, .seconds(60), "the refusal waited for the connect timeout")
    XCTAssertEqual(pipeline.statistics().failures(.network), 3)
    await pipeline.shutdown()
  }
}
