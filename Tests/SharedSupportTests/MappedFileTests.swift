import Foundation
import SharedSupport
import XCTest

/// A mapped file reads as the file, refuses what the bounded reader refuses,
/// and reads the same again after its pages were handed back.
final class MappedFileTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-mapped-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func write(_ bytes: [UInt8]) throws -> String {
    let url = folder.appendingPathComponent("file")
    try Data(bytes).write(to: url)
    return url.path
  }

  func testReleasedPagesReadTheSameAgain() throws {
    // A pattern that differs from page to page, so a wrong page shows.
    let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }
    let file = try MappedFile(path: try write(bytes), maxBytes: 4 << 20)
    XCTAssertEqual(file.count, bytes.count)
    XCTAssertTrue(file.bytes.elementsEqual(bytes))
    file.release(upTo: 2 << 20)
    file.release(upTo: .max)
    XCTAssertTrue(file.bytes.elementsEqual(bytes), "the pages come back from the file")
  }

  func testAnEmptyFileMapsToNoBytes() throws {
    let file = try MappedFile(path: try write([]), maxBytes: 10)
    XCTAssertEqual(file.bytes.count, 0)
    file.release(upTo: 100)
  }

  func testTheBoundedReadersRefusalsHold() throws {
    let path = try write([1, 2, 3])
    XCTAssertThrowsError(try MappedFile(path: path, maxBytes: 2)) { error in
      XCTAssertEqual(error as? BoundedFileReader.Failure, .tooLarge(limit: 2))
    }
    XCTAssertThrowsError(try MappedFile(path: folder.path, maxBytes: 10)) { error in
      XCTAssertEqual(error as? BoundedFileReader.Failure, .notARegularFile)
    }
    XCTAssertThrowsError(try MappedFile(path: folder.path + "/none", maxBytes: 10)) { error in
      XCTAssertEqual(error as? BoundedFileReader.Failure, .notFound)
    }
  }

  func testAWriterIsHeldBackUntilTheMappingIsGone() throws {
    // Truncating a mapped file would fault the reader (SIGBUS): the lease
    // holds another process's truncating open until the mapping is gone.
    let bytes = [UInt8](repeating: 7, count: 1 << 20)
    let path = try write(bytes)
    var file: MappedFile? = try MappedFile(path: path, maxBytes: 2 << 20)
    XCTAssertEqual(file?.isMapped, true)
    let truncated = DispatchSemaphore(value: 0)
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = ["-c", ": > \"$0\"", path]
    writer.terminationHandler = { _ in truncated.signal() }
    try writer.run()
    XCTAssertEqual(
      truncated.wait(timeout: .now() + 0.5), .timedOut, "the file was truncated while mapped")
    XCTAssertTrue(file?.bytes.elementsEqual(bytes) ?? false)
    file = nil
    XCTAssertEqual(truncated.wait(timeout: .now() + 10), .success, "the writer stayed held back")
    XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, 0)
  }

  func testAFileThatCannotBeLeasedIsReadInstead() throws {
    // A file open for writing (here by this process) cannot be leased.
    let bytes = Array("a file someone is writing".utf8)
    let path = try write(bytes)
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    defer { try? handle.close() }
    let file = try MappedFile(path: path, maxBytes: 100)
    XCTAssertFalse(file.isMapped)
    XCTAssertTrue(file.bytes.elementsEqual(bytes))
    file.release(upTo: .max)
    XCTAssertTrue(file.bytes.elementsEqual(bytes))
  }
}
