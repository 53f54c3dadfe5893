import Foundation
import SharedSupport
import TestSupport
import XCTest

@testable import PreparedImages

/// The GlitchyTable bug must not happen: a recycled row never shows another user's avatar.
final class StaleGuardTests: XCTestCase {
  private static func color(of user: Int) -> TestImages.RGB {
    .init(red: UInt8(user % 251), green: UInt8((user * 7) % 253), blue: UInt8(user / 251 + 17))
  }

  /// A small grey image, decoded on another thread as a worker would.
  private static func decodedOffMain(shade: UInt8) -> PreparedImage {
    onBackgroundThread {
      try! ImageDecoder(maxPixelSide: 100, maxMegapixels: 1).decode(
        TestImages.solid(.init(red: shade, green: shade, blue: shade)), pixelSize: 8
      ).get()
    }
  }

  @MainActor
  func testARecycledRowNeverShowsThePreviousUsersAvatar() async throws {
    let folder = TemporaryDirectory()
    let server = try await TestHTTPServer.start()
    let users = 120
    var requests: [Int: ImageRequest] = [:]
    for user in 0..<users {
      let bytes = TestImages.solid(Self.color(of: user), width: 24, height: 24)
      // Half the avatars are local files, half come from the server, some with delays of their own.
      if user % 2 == 0 {
        requests[user] = ImageRequest(
          source: .file(folder.write("\(user).png", bytes)), pixelSize: 24)
      } else {
        server.image("/\(user).png", bytes, latency: .milliseconds(Int64(user % 5) * 20))
        requests[user] = ImageRequest(source: .http(server.url("/\(user).png")), pixelSize: 24)
      }
    }
    var configuration = ImagePipelineConfiguration.testing()
    configuration.simulatedLatency = .zero ... .milliseconds(200)
    configuration.simulatedLatencySeed = 12
    // Every avatar must arrive: a server slowed by a busy machine is waited for, not timed out.
    configuration.connectTimeout = .seconds(60)
    configuration.readTimeout = .seconds(60)
    // Every avatar is decoded whatever else the machine runs (an idle-class thread beside busy
    // cores gets a three-hundredth of one).
    configuration.decodesInIdleClass = false
    // Tiny, two or three of the 24 avatars: most binds must load again.
    configuration.memoryCacheBytes = 4 * 24 * 24 * 4
    let pipeline = ImagePipeline(configuration: configuration)

    var violations: [String] = []
    var shown: [Int: PreparedImage?] = [:]
    var applies = 0
    var slots: [ImageSlot] = []
    for row in 0..<24 {
      let reference = SlotReference()
      let slot = ImageSlot(pipeline: pipeline) { image, _ in
        applies += 1
        shown[row] = image
        guard let image else { return }
        guard let user = reference.slot?.identity?.base as? Int else {
          violations.append("row \(row) got an image while unbound")
          return
        }
        let color = TestImages.centerColor(of: image)
        if color != Self.color(of: user) {
          violations.append("row \(row) shows \(color) for user \(user)")
        }
      }
      reference.slot = slot
      slots.append(slot)
    }

    var generator = SplitMix64(seed: 12)
    var races = 0
    for step in 0..<1500 {
      let slot = slots.randomElement(using: &generator)!
      if Int.random(in: 0..<10, using: &generator) == 0 {
        slot.unbind()
      } else {
        let user = Int.random(in: 0..<users, using: &generator)
        slot.bind(identity: user, request: requests[user])
        if Bool.random(using: &generator) { slot.setPriority(.visible) }
      }
      if step % 3 == 0 {
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...12, using: &generator)))
      }
      if step % 100 == 99 {
        // The race on purpose, on any machine: what every row asks for now is held on its way
        // to the main thread; once a result has arrived there, every row is re-bound, and
        // only then do the results go out, each to a row that moved on.
        pipeline.holdDeliveries()
        for slot in slots {
          let user = Int.random(in: 0..<users, using: &generator)
          slot.bind(identity: user, request: requests[user])
        }
        let arrived = await waitUntil(timeout: .seconds(15)) { pipeline.heldDeliveries > 0 }
        XCTAssertTrue(arrived, "no avatar the rows asked for was ever loaded")
        for slot in slots {
          let user = Int.random(in: 0..<users, using: &generator)
          slot.bind(identity: user, request: requests[user])
        }
        pipeline.releaseDeliveries()
        races += 1
      }
    }

    let done = await pipeline.waitUntilIdle(timeout: .seconds(15))
    // A wait that runs out names what is stuck: each task's stage, each download's step, the
    // network thread's backlog, and what the server does on each connection it holds open.
    XCTAssertTrue(
      done,
      pipeline.inFlightReport() + "\nserver:\n"
        + server.connectionsReport().joined(separator: "\n"))
    // Every bound row gets its avatar; then what the workers queued last is delivered.
    let allShown = await waitUntil(timeout: .seconds(15)) {
      slots.indices.allSatisfy { slots[$0].identity == nil || (shown[$0] ?? nil) != nil }
    }
    let unshown = slots.indices.filter { slots[$0].identity != nil && (shown[$0] ?? nil) == nil }
    XCTAssertTrue(allShown, "rows bound without their avatar: \(unshown)")
    await drainMainQueue()
    XCTAssertEqual(violations, [])
    for (row, slot) in slots.enumerated() {
      if let user = slot.identity?.base as? Int {
        let image = try XCTUnwrap(shown[row] ?? nil, "row \(row) ends without its avatar")
        XCTAssertEqual(TestImages.centerColor(of: image), Self.color(of: user), "row \(row)")
      } else {
        XCTAssertNil(shown[row] ?? nil, "unbound row \(row) is blank")
      }
    }
    // An unbind while the row's avatar waits for its decode cancels the work: made certain
    // once (decodes held, an avatar nobody else waits for and memory does not hold).
    let waiting = try XCTUnwrap(
      stride(from: 0, to: users, by: 2).first { !pipeline.holdsInMemory(requests[$0]!) })
    pipeline.holdDecoding(true)
    slots[0].bind(identity: waiting, request: requests[waiting])
    slots[0].unbind()
    pipeline.holdDecoding(false)

    let statistics = pipeline.statistics()
    print(statistics)
    XCTAssertEqual(statistics.mainThreadDecodes, 0)
    XCTAssertGreaterThan(statistics.cancellations, 0)
    XCTAssertEqual(races, 15)
    // Each forced race dropped at least the result that arrived before the re-binding.
    XCTAssertGreaterThanOrEqual(
      statistics.staleDrops, races, "the race happened and its results were dropped")
    XCTAssertGreaterThan(applies, 1500)
    await pipeline.shutdown()
    try await server.stop()
  }

  @MainActor
  func testALateResultForAnEarlierBindIsDroppedAndCounted() {
    let pipeline = ImagePipeline(configuration: .testing())
    let applied = AppliedImages()
    let slot = ImageSlot(pipeline: pipeline) { applied.record($0, $1) }
    slot.bind(identity: "ada", request: nil)
    let adasBind = slot.currentToken
    slot.bind(identity: "bob", request: nil)
    XCTAssertNotEqual(slot.currentToken, adasBind)

    let image = Self.decodedOffMain(shade: 1)
    slot.complete(with: .success(image), for: adasBind)
    XCTAssertNil(applied.last, "bob's row does not show ada's avatar")
    XCTAssertEqual(pipeline.statistics().staleDrops, 1)

    slot.complete(with: .success(image), for: slot.currentToken)
    XCTAssertTrue(applied.last === image)
    XCTAssertEqual(applied.lastArrivedLate, true)
  }

  @MainActor
  func testReBindingTheSameUserStillDropsTheEarlierBindsResult() {
    let pipeline = ImagePipeline(configuration: .testing())
    let applied = AppliedImages()
    let slot = ImageSlot(pipeline: pipeline) { applied.record($0, $1) }
    slot.bind(identity: "ada", request: nil)
    let first = slot.currentToken
    slot.bind(identity: "ada", request: nil)
    XCTAssertNotEqual(first, slot.currentToken, "the generation moved on")
    XCTAssertEqual(slot.generation, 2)

    let image = Self.decodedOffMain(shade: 2)
    slot.complete(with: .success(image), for: first)
    XCTAssertNil(applied.last, "the first bind's result does not show, though it is ada's")
    XCTAssertEqual(pipeline.statistics().staleDrops, 1)
    slot.complete(with: .success(image), for: slot.currentToken)
    XCTAssertTrue(applied.last === image, "the current bind's result shows")

    slot.unbind()
    XCTAssertNil(slot.identity)
    XCTAssertEqual(slot.generation, 3)
  }
}

/// Lets a slot's apply closure look at the slot itself.
@MainActor
private final class SlotReference {
  weak var slot: ImageSlot?
}
