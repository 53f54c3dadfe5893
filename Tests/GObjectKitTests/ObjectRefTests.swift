import CGLib
import Foundation
import GObjectKit
import XCTest

/// Where an owner's reference goes: a main-thread object's on the main thread wherever its
/// owner is dropped, a thread-safe object's on the thread that drops its owner.
final class ObjectRefTests: XCTestCase {
  /// Whether the watched object was finalized, and on the main thread.
  private final class Finalization: @unchecked Sendable {
    private let lock = NSLock()
    private var onMainThread: Bool?

    var finalized: Bool { lock.withLock { onMainThread != nil } }
    var wasOnMainThread: Bool? { lock.withLock { onMainThread } }

    func record() { lock.withLock { onMainThread = Thread.isMainThread } }
  }

  /// A new plain GObject whose finalization `finalization` records.
  private static func watchedObject(_ finalization: Finalization) -> UnsafeMutableRawPointer {
    let object = g_object_new_with_properties(g_object_get_type(), 0, nil, nil)!
    g_object_weak_ref(
      object,
      { data, _ in Unmanaged<Finalization>.fromOpaque(data!).takeUnretainedValue().record() },
      Unmanaged.passUnretained(finalization).toOpaque())
    return UnsafeMutableRawPointer(object)
  }

  /// Holds an owner until another thread lets go of it.
  private final class Hand: @unchecked Sendable {
    var owner: ObjectRef?
    init(_ owner: ObjectRef) { self.owner = owner }
  }

  /// Drops the owner `make` returns on a thread of its own and waits until that thread is done.
  private static func drop(onAnotherThread make: () -> ObjectRef) {
    let hand = Hand(make())
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      hand.owner = nil
      done.signal()
    }
    done.wait()
  }

  func testAMainThreadObjectDroppedElsewhereIsReleasedOnTheMainThread() {
    MainActor.assumeIsolated {
      GLibTestEnvironment.setUp()
      let finalization = Finalization()
      Self.drop { ObjectRef(Self.watchedObject(finalization), adopt: true) }
      XCTAssertFalse(finalization.finalized, "released before the main queue ran")
      XCTAssertTrue(MainContext.run(until: { finalization.finalized }, timeout: .seconds(5)))
      XCTAssertEqual(finalization.wasOnMainThread, true)
    }
  }

  func testAnObjectReleasedWhereDroppedGoesOnTheDroppingThread() {
    let finalization = Finalization()
    Self.drop {
      ObjectRef(Self.watchedObject(finalization), adopt: true, releasedOn: .droppingThread)
    }
    XCTAssertEqual(finalization.wasOnMainThread, false)
  }

  func testAnOwnerTakesAReferenceOfItsOwnUnlessItAdopts() {
    let finalization = Finalization()
    let object = Self.watchedObject(finalization)
    do {
      let owner = ObjectRef(object, releasedOn: .droppingThread)
      XCTAssertEqual(owner.pointer, object)
    }
    XCTAssertFalse(finalization.finalized, "the caller's own reference was taken")
    g_object_unref(object)
    XCTAssertTrue(finalization.finalized)
  }
}
