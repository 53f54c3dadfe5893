import Directory
import DirectoryFileFormats
import Foundation
import TestSupport
import XCTest

/// Loads a CSV or vCard written to a temporary file the way a window
/// does (``DirectoryLoader``), for the people-file tests.
///
/// Threading: stateless.
enum PeopleFileLoading {
  /// The contents of a file named `name` holding `bytes`, read as `format`.
  static func load(_ bytes: [UInt8], as format: PeopleFileFormat, name: String = "people")
    async throws(DirectoryError) -> DirectoryContents
  {
    let folder = TemporaryDirectory()
    let path = folder.write(name, bytes)
    return try await DirectoryLoader().load(.file(URL(fileURLWithPath: path), format: format))
  }

  /// The same for `text` as UTF-8.
  static func load(_ text: String, as format: PeopleFileFormat) async throws(DirectoryError)
    -> DirectoryContents
  {
    try await load(Array(text.utf8), as: format)
  }

  /// The people-file error loading `bytes` as `format` fails with; nil (and
  /// a test failure) when it loads.
  static func error(
    _ bytes: [UInt8], as format: PeopleFileFormat, file: StaticString = #filePath,
    line: UInt = #line
  ) async -> PeopleFileError? {
    do {
      _ = try await load(bytes, as: format)
      XCTFail("the file loaded", file: file, line: line)
      return nil
    } catch {
      XCTAssertNotNil(error.peopleFile, "\(error)", file: file, line: line)
      return error.peopleFile
    }
  }
}
