import Directory
import Foundation
import SharedSupport
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

  /// Loads `source` watched against a deadline: a load that blocks (on a FIFO waiting for a
  /// writer, on a device that never ends) fails the test instead of hanging it. Nil on success.
  private func loadPromptly(
    _ source: DirectorySource, file: StaticString = #filePath, line: UInt = #line
  )
    async throws -> DirectoryError?
  {
    let outcome = Locked<DirectoryError??>(nil)
    Task.detached {
      do throws(DirectoryError) {
        _ = try await DirectoryLoader().load(source)
        outcome.withLock { $0 = .some(nil) }
      } catch {
        outcome.withLock { $0 = error }
      }
    }
    let deadline = ContinuousClock.now + .seconds(5)
    while outcome.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    return try XCTUnwrap(outcome.withLock { $0 }, "loading \(source) hung", file: file, line: line)
  }

  func testAFIFOIsRefusedAtOnceInsteadOfWaitingForAWriter() async throws {
    let fifo = folder.path + "/users.json"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let result = try await loadPromptly(.file(URL(fileURLWithPath: fifo)))
    XCTAssertEqual(result, .unreadable(path: fifo, reason: "it is not a regular file"))
  }

  func testDevicesAreRefusedAtOnceInsteadOfReadUntilTheLimit() async throws {
    for device in ["/dev/zero", "/dev/urandom"] {
      let result = try await loadPromptly(try DirectorySource(argument: device))
      XCTAssertEqual(result, .unreadable(path: device, reason: "it is not a regular file"))
      XCTAssertEqual(
        result?.errorDescription, "Could not read \(device): it is not a regular file")
    }
  }

  func testAFolderWhereTheFileShouldBeIsRefused() async throws {
    // A folder argument means the users.json inside it; here that is a folder too.
    let inner = folder.url.appendingPathComponent("users.json")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    let source = try DirectorySource(argument: folder.path)
    XCTAssertEqual(source.description, inner.path)
    let result = try await loadPromptly(source)
    XCTAssertEqual(result, .unreadable(path: inner.path, reason: "it is not a regular file"))
    let direct = try await loadPromptly(.file(folder.url))
    XCTAssertEqual(direct, .unreadable(path: folder.url.path, reason: "it is not a regular file"))
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
