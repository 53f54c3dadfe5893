import Foundation
import SharedSupport
import XCTest

final class BoundedFileReaderTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-shared-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Reads on another thread and gives up waiting after 2 s, so a read that would block forever
  /// fails the test instead of hanging it.
  private func readPromptly(_ path: String, maxBytes: Int = 1 << 20)
    -> Result<[UInt8], BoundedFileReader.Failure>?
  {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<[UInt8], BoundedFileReader.Failure>?
    Thread.detachNewThread {
      result = Result { () throws(BoundedFileReader.Failure) in
        try BoundedFileReader.read(path: path, maxBytes: maxBytes)
      }
      done.signal()
    }
    guard done.wait(timeout: .now() + 2) == .success else { return nil }
    return result
  }

  func testAFIFOWithoutAWriterIsRefusedAtOnceInsteadOfHanging() throws {
    let fifo = folder.appendingPathComponent("fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let result = try XCTUnwrap(readPromptly(fifo), "reading a FIFO hung")
    XCTAssertEqual(result.failure, .notARegularFile)
  }

  func testADirectoryAndDevZeroAreRefusedBeforeAnyRead() throws {
    XCTAssertEqual(try XCTUnwrap(readPromptly(folder.path)).failure, .notARegularFile)
    XCTAssertEqual(try XCTUnwrap(readPromptly("/dev/zero")).failure, .notARegularFile)
  }

  func testAFileOverTheLimitIsRefusedWithoutReadingIt() throws {
    let path = folder.appendingPathComponent("huge").path
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 4 << 30)  // sparse: 4 GiB that take no disk
    try handle.close()
    XCTAssertEqual(
      try XCTUnwrap(readPromptly(path, maxBytes: 10 << 20)).failure, .tooLarge(limit: 10 << 20))
  }

  func testAFileAtTheLimitIsReadWholeAndAMissingOneIsNotFound() throws {
    let path = folder.appendingPathComponent("small").path
    XCTAssertTrue(
      FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 100)))
    XCTAssertEqual(
      try BoundedFileReader.read(path: path, maxBytes: 100), [UInt8](repeating: 7, count: 100))
    XCTAssertEqual(try BoundedFileReader.readHead(path: path, count: 10).count, 10)
    XCTAssertEqual(try XCTUnwrap(readPromptly(path, maxBytes: 99)).failure, .tooLarge(limit: 99))
    XCTAssertEqual(
      try XCTUnwrap(readPromptly(folder.appendingPathComponent("missing").path)).failure,
      .notFound)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
