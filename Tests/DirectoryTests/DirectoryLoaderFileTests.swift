import Directory
import Foundation
import Synchronization
import TestSupport
import XCTest

final class DirectoryLoaderFileTests: XCTestCase {
  private var folder: TemporaryDirectory!

  override func setUpWithError() throws {
    folder = TemporaryDirectory()
  }

  override func tearDown() {
    folder = nil
  }

  func testAFileLoadsWithViewModelsAndTimings() async throws {
    let file = folder.write(
      "users.json",
      text:
        #"[{"id": 1, "username": "maria.garcia", "avatar": "avatars/m.jpg", "role": "Owner"}, {"username": 5}]"#
    )
    let source = try DirectorySource(argument: file.path)
    let contents = try await DirectoryLoader().load(source)

    XCTAssertEqual(contents.source, source)
    XCTAssertEqual(
      contents.viewModels,
      [
        UserViewModel(
          user: User(id: "1", username: "maria.garcia", avatar: "avatars/m.jpg", role: .owner))
      ])
    XCTAssertEqual(contents.viewModels.map(\.initials), ["MG"])
    XCTAssertEqual(contents.viewModels.map(\.identity), ["1"])
    XCTAssertEqual(contents.skippedEntries, 1)
    XCTAssertEqual(contents.warnings.count, 1)
    XCTAssertEqual(contents.byteCount, try Data(contentsOf: file).count)
    XCTAssertGreaterThan(contents.parseDuration, .zero)
    XCTAssertEqual(source.baseDirectory?.standardizedFileURL, folder.url.standardizedFileURL)
  }

  func testAFolderArgumentLoadsTheUsersJSONInside() async throws {
    folder.write("users.json", text: #"[{"username": "alice"}]"#)
    let contents = try await DirectoryLoader().load(try DirectorySource(argument: folder.url.path))
    XCTAssertEqual(contents.viewModels.map(\.username), ["alice"])
  }

  func testAMissingFileSaysWhichFile() async throws {
    let path = folder.url.appendingPathComponent("nope.json").path
    do throws(DirectoryError) {
      _ = try await DirectoryLoader().load(try DirectorySource(argument: path))
      XCTFail("a missing file must not load")
    } catch {
      XCTAssertEqual(error, .fileNotFound(path: path))
      XCTAssertEqual(error.errorDescription, "No file at \(path)")
    }
  }

  func testAFileOverTheSizeLimitIsRefused() async throws {
    let file = folder.write("users.json", text: "[" + String(repeating: " ", count: 2000) + "]")
    do throws(DirectoryError) {
      _ = try await DirectoryLoader(maxBytes: 1024).load(.file(file))
      XCTFail("an oversized file must not load")
    } catch {
      XCTAssertEqual(error, .tooLarge(limit: 1024))
      XCTAssertEqual(error.errorDescription, "The directory is larger than 1 KiB")
    }
  }

  func testAFIFOIsRefusedAtOnceInsteadOfWaitingForAWriter() async throws {
    let fifo = folder.path + "/users.json"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    // Watched against a deadline: a load that waits for a writer fails the test, not hangs it.
    let outcome = Mutex<DirectoryError??>(nil)
    Task.detached {
      do throws(DirectoryError) {
        _ = try await DirectoryLoader().load(.file(URL(fileURLWithPath: fifo)))
        outcome.withLock { $0 = .some(nil) }
      } catch {
        outcome.withLock { $0 = error }
      }
    }
    let deadline = ContinuousClock.now + .seconds(5)
    while outcome.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    let result = try XCTUnwrap(outcome.withLock { $0 }, "loading a FIFO hung")
    XCTAssertEqual(result, .unreadable(path: fifo, reason: "it is not a regular file"))
  }

  func testABrokenFileReportsTheParseError() async throws {
    let file = folder.write("users.json", text: #"{"username": "a"}"#)
    do throws(DirectoryError) {
      _ = try await DirectoryLoader().load(.file(file))
      XCTFail("an object must not load as a directory")
    } catch {
      XCTAssertEqual(error, .notAJSONArray)
    }
  }
}
