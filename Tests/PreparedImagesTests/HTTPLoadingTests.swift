import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

/// Avatars from a real HTTP server on 127.0.0.1, healthy and faulty.
final class HTTPLoadingTests: XCTestCase {
  private var server: TestHTTPServer!

  override func setUp() async throws {
    server = try await TestHTTPServer.start()
  }

  override func tearDown() async throws {
    try await server.stop()
  }

  /// Binds a slot to `path` and waits until its result, an image or a
  /// failure, has reached the slot (`isLoading` ends when it is delivered);
  /// returns what was applied. The minute waited is reached only on failure.
  @MainActor
  private func bind(_ path: String, _ configuration: ImagePipelineConfiguration = .testing())
    async -> (applied: AppliedImages, statistics: ImagePipelineStatistics)
  {
    let pipeline = ImagePipeline(configuration: configuration)
    let applied = AppliedImages()
    let slot = ImageSlot(pipeline: pipeline) { applied.record($0, $1) }
    slot.bind(identity: path, request: ImageRequest(source: .http(server.url(path)), pixelSize: 64))
    let settled = await waitUntil(timeout: .seconds(60)) { !slot.isLoading }
    XCTAssertTrue(settled, "\(path) did not settle")
    XCTAssertEqual(pipeline.statistics().inFlight, 0)
    let statistics = pipeline.statistics()
    await pipeline.shutdown()
    return (applied, statistics)
  }

  /// `http_proxy` sends an avatar's request through the proxy (in absolute
  /// form); `no_proxy` naming the host sends it straight.
  @MainActor
  func testAnAvatarComesThroughTheSystemsProxyUnlessNoProxyNamesIt() async throws {
    let proxy = try TestConnectProxy()
    defer { proxy.stop() }
    server.image("/ada.png", TestImages.solid(.init(red: 10, green: 20, blue: 30)))
    let host = "127.0.0.1:\(server.port)"
    let proxied = await withEnvironment(
      ["http_proxy": proxy.address, "HTTP_PROXY": nil, "no_proxy": nil, "NO_PROXY": nil]
    ) { await bind("/ada.png") }
    XCTAssertNotNil(proxied.applied.last)
    XCTAssertEqual(proxy.targets, [host])
    let straight = await withEnvironment(
      ["http_proxy": proxy.address, "HTTP_PROXY": nil, "no_proxy": "127.0.0.1", "NO_PROXY": nil]
    ) { await bind("/ada.png") }
    XCTAssertNotNil(straight.applied.last)
    XCTAssertEqual(proxy.targets, [host])
    XCTAssertEqual(server.hits("/ada.png"), 2)
  }

  @MainActor
  func testAnAvatarFromTheServerIsAppliedAsArrivingLate() async {
    server.image("/ada.png", TestImages.solid(.init(red: 10, green: 20, blue: 30)))
    server.image(
      "/bob.jpg", TestImages.solid(.init(red: 200, green: 200, blue: 200), format: "jpeg"),
      contentType: "image/jpeg")
    for path in ["/ada.png", "/bob.jpg"] {
      let (applied, statistics) = await bind(path)
      XCTAssertNotNil(applied.last, path)
      XCTAssertEqual(applied.lastArrivedLate, true)
      XCTAssertEqual(statistics.httpLoads, 1)
      XCTAssertEqual(statistics.decodes, 1)
    }
  }

  /// A local file skips the load slots (the decode thread reads it), so a download that
  /// holds every slot does not hold up the avatars on disk.
  @MainActor
  func testALocalAvatarDoesNotWaitForADownloadHoldingEveryLoadSlot() async throws {
    server.image(
      "/slow.png", TestImages.solid(.init(red: 9, green: 9, blue: 9)), latency: .seconds(60))
    var configuration = ImagePipelineConfiguration.testing()
    configuration.maxConcurrentLoads = 1
    let pipeline = ImagePipeline(configuration: configuration)
    let server = self.server!
    let download = Task {
      try await pipeline.image(
        for: ImageRequest(source: .http(server.url("/slow.png")), pixelSize: 48))
    }
    let holdsTheSlot = await waitUntil(timeout: .seconds(60)) { server.hits("/slow.png") == 1 }
    XCTAssertTrue(holdsTheSlot, "the download never reached the server")
    let directory = TemporaryDirectory()
    let path = directory.write("local.png", TestImages.solid(.init(red: 200, green: 10, blue: 10)))
    let local = try await pipeline.image(for: ImageRequest(source: .file(path), pixelSize: 48))
    XCTAssertEqual(TestImages.centerColor(of: local).red, 200)
    let statistics = pipeline.statistics()
    XCTAssertEqual(statistics.inFlight, 1, "the download still holds its slot")
    XCTAssertEqual(statistics.fileLoads, 1)
    download.cancel()
    await pipeline.shutdown()
  }

  @MainActor
  func testOctetStreamIsAcceptedBecauseTheBytesAreSniffed() async {
    server.image(
      "/a", TestImages.solid(.init(red: 1, green: 2, blue: 3)),
      contentType: "application/octet-stream")
    let (applied, _) = await bind("/a")
    XCTAssertNotNil(applied.last)
  }

  @MainActor
  func testServerErrorsKeepThePlaceholderAndAreCountedByStatus() async {
    server.set("/gone.png", .status(404))
    server.set("/broken.png", .status(500))
    for (path, failure) in [
      ("/gone.png", ImageFailure.httpStatus(404)), ("/broken.png", .httpStatus(500)),
    ] {
      let (applied, statistics) = await bind(path)
      XCTAssertNil(applied.last)
      XCTAssertEqual(statistics.failures(failure), 1, statistics.description)
    }
  }

  @MainActor
  func testASlowDripIsCutOffByTheDeadline() async {
    server.set(
      "/drip.png",
      .drip(TestImages.solid(.init(red: 1, green: 1, blue: 1)), interval: .milliseconds(100)))
    // Each byte comes well within the read timeout: only the whole
    // download's deadline (connect + read, 1 s) can end it, and a failure
    // `.timedOut` (not an image) is that deadline, however slow the machine.
    var configuration = ImagePipelineConfiguration.testing()
    configuration.connectTimeout = .milliseconds(300)
    configuration.readTimeout = .milliseconds(700)
    let (applied, statistics) = await bind("/drip.png", configuration)
    XCTAssertNil(applied.last)
    XCTAssertEqual(statistics.failures(.timedOut), 1, statistics.description)
  }

  @MainActor
  func testAServerThatNeverAnswersTimesOut() async {
    server.image(
      "/late.png", TestImages.solid(.init(red: 1, green: 1, blue: 1)), latency: .seconds(30))
    // Waited for, the answer would come as an image after 30 s: `.timedOut`
    // is the timeout, not the machine's speed.
    var configuration = ImagePipelineConfiguration.testing()
    configuration.connectTimeout = .milliseconds(500)
    configuration.readTimeout = .milliseconds(500)
    let (applied, statistics) = await bind("/late.png", configuration)
    XCTAssertNil(applied.last)
    XCTAssertEqual(statistics.failures(.timedOut), 1, statistics.description)
  }

  @MainActor
  func testATruncatedBodyIsANetworkFailure() async {
    let jpeg = TestImages.photo(side: 128, format: "jpeg")
    server.set("/cut.jpg", .truncated(jpeg, sent: jpeg.count / 2))
    let (applied, statistics) = await bind("/cut.jpg")
    XCTAssertNil(applied.last)
    XCTAssertEqual(statistics.failures(.network), 1, statistics.description)
  }

  @MainActor
  func testAWrongContentTypeIsRefused() async {
    server.image(
      "/page.png", TestImages.solid(.init(red: 1, green: 1, blue: 1)),
      contentType: "text/html; charset=utf-8")
    let (applied, statistics) = await bind("/page.png")
    XCTAssertNil(applied.last)
    XCTAssertEqual(statistics.failures(.wrongContentType), 1)
  }

  @MainActor
  func testA50MegabyteBodyIsRefusedWhileStreamingWithOrWithoutContentLength() async {
    server.set("/declared.jpg", .flood(count: 50 << 20, declared: true))
    server.set("/chunked.jpg", .flood(count: 50 << 20, declared: false))
    for path in ["/declared.jpg", "/chunked.jpg"] {
      let (applied, statistics) = await bind(path)
      XCTAssertNil(applied.last)
      XCTAssertEqual(statistics.failures(.tooLarge), 1, "\(path): \(statistics.description)")
    }
  }

  @MainActor
  func testRedirectsAreFollowedUpToTheLimit() async {
    server.image("/final.png", TestImages.solid(.init(red: 9, green: 9, blue: 9)))
    server.set("/r1", .redirect("/r2"))
    server.set("/r2", .redirect("/r3"))
    server.set("/r3", .redirect(server.url("/final.png").absoluteString))
    server.set("/r0", .redirect("/r1"))
    let (followed, _) = await bind("/r1")
    XCTAssertNotNil(followed.last, "three redirects are fine")
    let (tooMany, statistics) = await bind("/r0")
    XCTAssertNil(tooMany.last)
    XCTAssertEqual(statistics.failures(.redirectLimit), 1, "four are not")
  }

  @MainActor
  func testARedirectLoopEndsWithRedirectLimit() async {
    server.set("/loop-a", .redirect("/loop-b"))
    server.set("/loop-b", .redirect("/loop-a"))
    let (applied, statistics) = await bind("/loop-a")
    XCTAssertNil(applied.last)
    XCTAssertEqual(statistics.failures(.redirectLimit), 1)
    XCTAssertLessThanOrEqual(server.hits("/loop-a"), 2)
  }

  @MainActor
  func testARedirectToAFileURLIsRefused() async {
    server.set("/sneaky.png", .redirect("file:///etc/passwd"))
    let (applied, statistics) = await bind("/sneaky.png")
    XCTAssertNil(applied.last)
    XCTAssertEqual(statistics.failures(.badRedirect), 1)
  }

  @MainActor
  func testNobodyListeningIsANetworkFailure() async throws {
    let port = server.port
    try await server.stop()
    let pipeline = ImagePipeline(configuration: .testing())
    let request = ImageRequest(
      source: .http(URL(string: "http://127.0.0.1:\(port)/a.png")!), pixelSize: 32)
    await assertFailure(try await pipeline.image(for: request), .network)
    await pipeline.shutdown()
    server = try await TestHTTPServer.start()
  }
}
