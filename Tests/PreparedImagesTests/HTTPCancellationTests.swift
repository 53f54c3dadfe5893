import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

/// A download cancelled from another thread (a row unbound on the main thread) at the moment
/// the network thread takes its answer: a cancellation or the image, never a crash.
final class HTTPCancellationTests: XCTestCase {
  /// libsoup hands the answer over (`soup_session_send_async`'s callback), and the exchange
  /// takes it (`soup_session_send_finish`), which checks the cancellable again: cancelled
  /// there, libsoup ends the message, then frees the answer's stream, which reaches into the
  /// ended message (libsoup 3.2's `soup_message_io_skip` with no I/O left: a null pointer).
  /// A network thread preempted between the two leaves that moment open to a cancellation
  /// from the main thread; the gate holds the thread there, and the test cancels meanwhile.
  @MainActor
  func testACancellationWhileTheNetworkThreadTakesTheAnswerEndsTheDownload() async throws {
    let server = try await TestHTTPServer.start()
    server.image("/a.png", TestImages.solid(.init(red: 9, green: 8, blue: 7)))
    let loader = HTTPLoader(configuration: .testing())
    let url = server.url("/a.png")
    loader.holdAnswers()
    let download = Task.detached { await loader.load(url, now: 0) }
    let held = await waitUntil(timeout: .seconds(60)) { loader.heldAnswers == 1 }
    XCTAssertTrue(held, "the answer never reached the network thread")
    download.cancel()
    loader.releaseAnswers()
    switch await download.value {
    case .failure(.cancelled), .success(.body): break
    case let other: XCTFail("a cancelled download ends as cancelled or with its bytes: \(other)")
    }
    // The session goes on serving.
    guard case .success(.body(let bytes, _)) = await loader.load(url, now: 0) else {
      return XCTFail("the next download failed")
    }
    XCTAssertEqual(bytes, TestImages.solid(.init(red: 9, green: 8, blue: 7)))
    await loader.shutdown()
    try await server.stop()
  }
}
