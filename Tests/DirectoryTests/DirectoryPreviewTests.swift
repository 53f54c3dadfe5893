import Directory
import Foundation
import TestSupport
import XCTest

/// The first rows of a large local directory, read from the start of its file.
final class DirectoryPreviewTests: XCTestCase {
  private var folder: TemporaryDirectory!

  override func setUpWithError() throws {
    folder = TemporaryDirectory()
  }

  override func tearDown() {
    folder = nil
  }

  func testAPreviewHoldsTheFirstUsersInFileOrder() async throws {
    let users = (0..<5_000).map {
      User(username: "user\($0)", avatar: "avatars/a\($0 % 7).png", role: .admin)
    }
    let file = folder.write("users.json", text: Self.json(users))
    let source = try DirectorySource(argument: file.path)

    let result = await DirectoryLoader().preview(source, count: 150)
    let preview = try XCTUnwrap(result)
    XCTAssertEqual(preview.viewModels.count, 150)
    XCTAssertEqual(preview.viewModels, users.prefix(150).map(UserViewModel.init(user:)))

    // The whole load starts with the same users, so the rows shown stay valid.
    let full = try await DirectoryLoader().load(source)
    XCTAssertEqual(Array(full.viewModels.prefix(150)), preview.viewModels)
  }

  func testAPreviewReadsThePeopleOfTheObjectForm() async throws {
    let users = (0..<500).map { User(username: "user\($0)") }
    let file = folder.write(
      "users.json",
      text: #"{"groups": [{"name": "g", "members": ["user1"]}], "people": "#
        + Self.json(users) + "}")
    let result = await DirectoryLoader().preview(
      try DirectorySource(argument: file.path), count: 50)
    let preview = try XCTUnwrap(result)
    XCTAssertEqual(preview.viewModels.map(\.username), users.prefix(50).map(\.username))
  }

  func testAPreviewStopsCleanlyWhereTheHeadOfALargeFileEnds() async throws {
    // Long entries: 64 KiB hold fewer than the 200 asked for, and the last one is cut.
    let users = (0..<2_000).map {
      User(username: "person-\($0)-" + String(repeating: "x", count: 300))
    }
    let file = folder.write("users.json", text: Self.json(users))
    let result = await DirectoryLoader().preview(try DirectorySource(argument: file.path))
    let preview = try XCTUnwrap(result)
    XCTAssertGreaterThan(preview.viewModels.count, 100)
    XCTAssertLessThan(preview.viewModels.count, 200)
    XCTAssertEqual(
      preview.viewModels.map(\.username), users.prefix(preview.viewModels.count).map(\.username))
  }

  func testNoPreviewForABrokenFileOrAnotherShape() async throws {
    let notJSON = folder.write("a.json", text: "this is not json")
    let object = folder.write("b.json", text: #"{"users": []}"#)
    for file in [notJSON, object] {
      let preview = await DirectoryLoader().preview(try DirectorySource(argument: file.path))
      XCTAssertNil(preview, file.lastPathComponent)
    }
  }

  /// The directory parser's fuzz target's first input (docs/ROBUSTNESS.md):
  /// the preview of an empty file stopped the app on a precondition.
  func testAnEmptyFileHasNoPreviewAndLoadsAsAClearError() async throws {
    let empty = try DirectorySource(argument: folder.write("users.json", text: "").path)
    let preview = await DirectoryLoader().preview(empty)
    XCTAssertNil(preview)
    do {
      _ = try await DirectoryLoader().load(empty)
      XCTFail("an empty file is not a directory")
    } catch {
      XCTAssertEqual(error, .malformedJSON(offset: 0, reason: "the file is empty"))
    }
  }

  private static func json(_ users: [User]) -> String {
    "["
      + users.map {
        #"{"username": "\#($0.username)", "avatar": "\#($0.avatar)", "role": "\#($0.role.displayText)"}"#
      }.joined(separator: ",\n") + "]"
  }
}
