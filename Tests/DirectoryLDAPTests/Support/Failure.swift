import Directory
import XCTest

/// The error `body` throws, or nil when it succeeds.
func failure(_ body: () async throws(DirectoryError) -> some Any) async -> DirectoryError? {
  do throws(DirectoryError) {
    _ = try await body()
    return nil
  } catch {
    return error
  }
}

/// Checks that `body` fails with `expected` and that the user reads `sentence`.
func assertFails(
  _ expected: DirectoryError, saying sentence: String, file: StaticString = #filePath,
  line: UInt = #line, _ body: () async throws(DirectoryError) -> some Any
) async {
  let error = await failure(body)
  XCTAssertEqual(error, expected, file: file, line: line)
  XCTAssertEqual(error?.errorDescription, sentence, file: file, line: line)
}
