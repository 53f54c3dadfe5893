import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

final class FileLoadingTests: XCTestCase {
  /// "At once" is before a byte is read: a read of /dev/zero would end in
  /// `.tooLarge` after the limit's 10 MiB, and this thread's read count
  /// (`ThreadReads`) would hold them.
  func testDevZeroIsRefusedAtOnceInsteadOfReadForever() {
    let reads = ThreadReads()
    XCTAssertEqual(FileLoader(maxBytes: 10 << 20).load(path: "/dev/zero").failure, .forbiddenPath)
    XCTAssertLessThan(reads.bytesSince, ThreadReads.noFileRead, "/dev/zero was read")
  }

  func testAHugeFileIsRefusedWithoutReadingIt() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/huge.jpg"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 4 << 30)  // sparse: 4 GiB that take no disk
    try handle.close()
    // Read up to the limit, the file would cost 10 MiB of reads before `.tooLarge`.
    let reads = ThreadReads()
    XCTAssertEqual(FileLoader(maxBytes: 10 << 20).load(path: path).failure, .tooLarge)
    XCTAssertLessThan(reads.bytesSince, ThreadReads.noFileRead, "the huge file was read")
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

/// The bytes the calling thread has read (`read` and the like, from any
/// file, /proc included) since this was made, from the kernel's own count
/// (`rchar` in /proc/thread-self/io): what a loader read, not how long it took.
///
/// Threading: use on the thread that made it; the loaders under test read on
/// the calling thread.
struct ThreadReads {
  /// Less than any file's read could cost but more than reading the count
  /// itself does (a few hundred bytes a look).
  static let noFileRead = 64 << 10
  private let start = Self.count()

  var bytesSince: Int { Self.count() - start }

  private static func count() -> Int {
    let fd = open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC)
    precondition(fd >= 0, "no /proc/thread-self/io")
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let length = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    precondition(length > 0)
    let text = String(decoding: buffer.prefix(length), as: UTF8.self)
    let line = text.split(separator: "\n").first { $0.hasPrefix("rchar:") }
    return Int(line!.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))!
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
