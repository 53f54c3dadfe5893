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
}
