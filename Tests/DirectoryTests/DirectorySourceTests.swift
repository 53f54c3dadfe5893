import Directory
import Foundation
import XCTest

final class DirectorySourceTests: XCTestCase {
  func testARelativePathResolvesAgainstTheCurrentDirectory() throws {
    let source = try DirectorySource(argument: "some/dir/users.json")
    let cwd = FileManager.default.currentDirectoryPath
    XCTAssertEqual(source, .file(URL(fileURLWithPath: cwd + "/some/dir/users.json")))
    XCTAssertEqual(source.baseDirectory?.path, cwd + "/some/dir")
    XCTAssertEqual(source.baseURL, URL(fileURLWithPath: cwd + "/some/dir/users.json"))
    XCTAssertEqual(source.description, cwd + "/some/dir/users.json")
  }

  func testAbsolutePathsAndFileURLsAreFiles() throws {
    XCTAssertEqual(
      try DirectorySource(argument: "/tmp/x/users.json"),
      .file(URL(fileURLWithPath: "/tmp/x/users.json")))
    XCTAssertEqual(
      try DirectorySource(argument: "file:///tmp/x/users.json"),
      .file(URL(fileURLWithPath: "/tmp/x/users.json")))
  }

  func testHTTPURLsAreRemoteAndResolveAvatarsAgainstThemselves() throws {
    let source = try DirectorySource(argument: "https://example.com/team/users.json")
    XCTAssertEqual(source, .remote(URL(string: "https://example.com/team/users.json")!))
    XCTAssertNil(source.baseDirectory)
    XCTAssertEqual(
      URL(string: "avatars/a.png", relativeTo: source.baseURL)?.absoluteString,
      "https://example.com/team/avatars/a.png")
    XCTAssertEqual(
      try DirectorySource(argument: "HTTP://example.com/u.json").description,
      "HTTP://example.com/u.json")
  }

  func testOtherSchemesAreRefusedWithAClearMessage() {
    for argument in ["ftp://example.com/users.json", "https://", ""] {
      XCTAssertThrowsError(try DirectorySource(argument: argument)) { error in
        XCTAssertEqual(error as? DirectoryError, .unsupportedSource(argument))
      }
    }
    XCTAssertEqual(
      DirectoryError.unsupportedSource("ftp://x").errorDescription,
      "“ftp://x” is neither a file nor an http(s) URL")
  }
}
