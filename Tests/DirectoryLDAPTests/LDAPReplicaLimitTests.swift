import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import SharedSupport
import TestSupport
import XCTest

/// A copy of a slapd configured as many sites configure it: a soft size
/// limit of 500 for every search (`sizelimit size.soft=500
/// size.prtotal=unlimited`) and nothing lifting it for Content Sync. The
/// refresh of 600 people stops at 500 with sizeLimitExceeded every time:
/// the copy says so and stops, rather than asking again forever with
/// nothing to show.
final class LDAPReplicaLimitTests: XCTestCase {
  func testARefreshStoppedByTheSizeLimitIsRefusedOnceAndLeavesNoCopy() async throws {
    let server = try TestServer(people: TestPeople.people(count: 600, seed: 5)) {
      $0.contentSync = true
      $0.contentSyncHonoursSizeLimit = true
    }
    defer { server.shutDown() }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-ldap-replica-limit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let replica = try LDAPReplica(url: server.peopleURL, options: LDAPOptions(), folder: folder)
    let statuses = Locked<[LDAPReplicaStatus]>([])
    let ended = Locked(false)
    let run = Task {
      try await replica.run(backoff: .milliseconds(10)...Duration.milliseconds(20)) { _, _ in
        XCTFail("a table was delivered from a refresh the server cut short")
      } status: { status in
        statuses.withLock { $0.append(status) }
      }
      ended.withLock { $0 = true }
    }
    defer { run.cancel() }
    // The run ends by itself: a refusal is not retried (with retries, it
    // would go on until cancelled, reporting each try).
    let deadline = ContinuousClock.now + .seconds(60)
    while !ended.withLock({ $0 }) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    XCTAssertTrue(ended.withLock { $0 }, "still trying: \(statuses.withLock { $0 })")
    let reported = statuses.withLock { $0 }
    XCTAssertEqual(reported, [.refused(.ldap(.sizeLimitExceeded), received: 500)])
    XCTAssertFalse(ReplicaStore.holdsCopy(folder: folder))
  }
}
