import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

final class FileLoadingTests: XCTestCase {
  func testDevZeroIsRefusedAtOnceInsteadOfReadForever() {
    let start = ContinuousClock.now
    XCTAssertEqual(FileLoader(maxBytes: 10 << 20).load(path: "/dev/zero").failure, .forbiddenPath)
    XCTAssertLessThan(ContinuousClock.now - start, .milliseconds(100))
  }

  func testAHugeFileIsRefusedWithoutReadingIt() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/huge.jpg"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 4 << 30)  // sparse: 4 GiB that take no disk
    try handle.close()
    let start = ContinuousClock.now
    XCTAssertEqual(FileLoader(maxBytes: 10 << 20).load(path: path).failure, .tooLarge)
    XCTAssertLessThan(ContinuousClock.now - start, .milliseconds(100))
  }

  func testAFileOneByteOverTheLimitIsTooLargeAndOneAtTheLimitIsRead() {
    let directory = TemporaryDirectory()
    let atLimit = directory.write("a", [UInt8](repeating: 7, count: 1000))
    let overLimit = directory.write("b", [UInt8](repeating: 7, count: 1001))
    XCTAssertEqual(FileLoader(maxBytes: 1000).load(path: atLimit).success?.count, 1000)
    XCTAssertEqual(FileLoader(maxBytes: 1000).load(path: overLimit).failure, .tooLarge)
  }

  func testMissingFilesDirectoriesAndFIFOsGiveClearFailures() {
    let directory = TemporaryDirectory()
    XCTAssertEqual(
      FileLoader(maxBytes: 100).load(path: directory.path + "/missing.png").failure, .notFound)
    XCTAssertEqual(FileLoader(maxBytes: 100).load(path: directory.path).failure, .forbiddenPath)
    let fifo = directory.path + "/fifo"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertEqual(FileLoader(maxBytes: 100).load(path: fifo).failure, .forbiddenPath)
  }

  @MainActor
  func testThePipelineGivesThePlaceholderForDevZero() async {
    let pipeline = ImagePipeline(configuration: .testing())
    let request = ImageRequest(source: .file("/dev/zero"), pixelSize: 48)
    await assertFailure(try await pipeline.image(for: request), .forbiddenPath)
    XCTAssertEqual(pipeline.statistics().failures(.forbiddenPath), 1)
  }
}

extension Result {
  var success: Success? { if case .success(let value) = self { value } else { nil } }
  var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}

/// Asserts that `expression` throws exactly `expected`.
@MainActor
func assertFailure<T>(
  _ expression: @autoclosure () async throws -> T, _ expected: ImageFailure,
  file: StaticString = #filePath, line: UInt = #line
) async {
  do {
    _ = try await expression()
    XCTFail("expected \(expected), got an image", file: file, line: line)
  } catch {
    XCTAssertEqual(error as? ImageFailure, expected, file: file, line: line)
  }
}
