import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

final class SourceResolutionTests: XCTestCase {
  private var directory: TemporaryDirectory!
  private var users: URL { directory.url.appendingPathComponent("users.json") }

  override func setUp() {
    directory = TemporaryDirectory()
    directory.write("users.json", Array("[]".utf8))
    directory.write("avatars/ada.png", [1])
  }

  func testARelativeAvatarResolvesToTheFileInsideTheDirectory() throws {
    let real = try XCTUnwrap(SourceResolver.realPath(directory.path))
    XCTAssertEqual(
      ImageSource.resolve("avatars/ada.png", relativeTo: users),
      .success(.file(real + "/avatars/ada.png")))
    XCTAssertEqual(
      ImageSource.resolve("./avatars/../avatars/ada.png", relativeTo: directory.url),
      .success(.file(real + "/avatars/ada.png")))
  }

  func testAnEmptyAvatarMeansNoImage() {
    XCTAssertNil(ImageSource.resolve("", relativeTo: users))
    XCTAssertNil(ImageSource.resolve("  ", relativeTo: users))
  }

  func testPathsThatLeaveTheDirectoryAreRefused() {
    for avatar in [
      "../../etc/passwd", "avatars/../../x.png", "/etc/passwd", "file:///etc/passwd",
      "file:///dev/zero", "..", ".",
    ] {
      XCTAssertEqual(
        ImageSource.resolve(avatar, relativeTo: users), .failure(.forbiddenPath), avatar)
    }
  }

  func testASymlinkPointingOutsideTheDirectoryIsRefused() throws {
    try FileManager.default.createSymbolicLink(
      atPath: directory.path + "/escape.png", withDestinationPath: "/etc/passwd")
    try FileManager.default.createSymbolicLink(
      atPath: directory.path + "/outside", withDestinationPath: "/etc")
    XCTAssertEqual(ImageSource.resolve("escape.png", relativeTo: users), .failure(.forbiddenPath))
    XCTAssertEqual(
      ImageSource.resolve("outside/passwd", relativeTo: users), .failure(.forbiddenPath))
  }

  func testAFileURLInsideALocalDirectoryIsAllowed() throws {
    let real = try XCTUnwrap(SourceResolver.realPath(directory.path))
    let avatar = URL(fileURLWithPath: directory.path + "/avatars/ada.png").absoluteString
    XCTAssertEqual(
      ImageSource.resolve(avatar, relativeTo: users), .success(.file(real + "/avatars/ada.png")))
  }

  func testHTTPURLsAreAcceptedAndOtherSchemesAreNot() {
    let url = URL(string: "https://example.invalid/a.png")!
    XCTAssertEqual(
      ImageSource.resolve("https://example.invalid/a.png", relativeTo: users), .success(.http(url)))
    XCTAssertEqual(
      ImageSource.resolve("ftp://example.invalid/a.png", relativeTo: users),
      .failure(.unsupportedScheme))
    XCTAssertEqual(
      ImageSource.resolve("data:image/png;base64,AAAA", relativeTo: users),
      .failure(.unsupportedScheme))
  }

  func testARemoteDirectoryResolvesRelativeAvatarsOnItsServerButNoFileURLs() {
    let base = URL(string: "http://127.0.0.1:8080/dir/users.json")!
    XCTAssertEqual(
      ImageSource.resolve("avatars/a.png", relativeTo: base),
      .success(.http(URL(string: "http://127.0.0.1:8080/dir/avatars/a.png")!)))
    XCTAssertEqual(
      ImageSource.resolve("file:///etc/passwd", relativeTo: base), .failure(.unsupportedScheme))
    XCTAssertEqual(ImageSource.resolve("../secret.png", relativeTo: base), .failure(.forbiddenPath))
    XCTAssertEqual(
      ImageSource.resolve("%2e%2e/secret.png", relativeTo: base), .failure(.forbiddenPath))
    XCTAssertEqual(
      ImageSource.resolve("//elsewhere.invalid/a.png", relativeTo: base), .failure(.forbiddenPath))
  }
}
