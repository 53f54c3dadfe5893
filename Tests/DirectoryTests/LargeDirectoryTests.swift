import Directory
import DirectoryGenerator
import Foundation
import TestSupport
import XCTest

/// A million users end to end through a real file. Timings are printed, not
/// asserted: this machine is shared and debug builds are far slower.
///
/// Threading: the test's own task; the users are ``MillionUsers``'.
final class LargeDirectoryTests: XCTestCase {
  func testAMillionUserFileLoadsCompletely() async throws {
    try MillionUsers.skipInSanitizerBuilds()
    let count = MillionUsers.count
    let clock = ContinuousClock()

    var start = clock.now
    let users = MillionUsers.users
    let json = UserGenerator.json(for: users)
    print(
      "generated \(count) users, \(json.count) bytes of JSON in \(start.duration(to: clock.now))")

    let folder = TemporaryDirectory()
    let file = URL(fileURLWithPath: folder.write("users.json", json))

    start = clock.now
    let contents = try await DirectoryLoader().load(.file(file))
    print(
      "loaded \(contents.viewModels.count) users: read \(contents.fetchDuration), parse \(contents.parseDuration), "
        + "view models \(contents.viewModelDuration), total \(start.duration(to: clock.now))")

    XCTAssertEqual(contents.viewModels.count, count)
    XCTAssertEqual(contents.skippedEntries, 0)
    XCTAssertEqual(contents.byteCount, json.count)
    for index in stride(from: 0, to: count, by: 99_991) {
      XCTAssertEqual(contents.viewModels.user(at: index), users[index])
    }
  }
}
