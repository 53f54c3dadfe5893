import CGtk
import Directory
import DirectoryGenerator
import Foundation
import XCTest

final class DirectoryGeneratorTests: XCTestCase {
  private var folders: [URL] = []

  override func tearDown() {
    for folder in folders { try? FileManager.default.removeItem(at: folder) }
  }

  private func makeFolder() -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-generator-tests-\(UUID().uuidString)", isDirectory: true)
    folders.append(folder)
    return folder
  }

  private func avatarURL(_ summary: GenerationSummary, _ fileName: String) -> URL {
    summary.avatarsFolder.appendingPathComponent(fileName)
  }

  /// Decodes with gdk-pixbuf, as the app does; nil and the message on failure.
  private func decodedSize(_ url: URL) -> (width: Int, height: Int)? {
    var error: UnsafeMutablePointer<GError>?
    guard let pixbuf = gdk_pixbuf_new_from_file(url.path, &error) else {
      g_clear_error(&error)
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    return (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
  }

  func testTheUsersWithoutTheFilesAreTheOnesWritten() throws {
    let summary = try DirectoryGenerator.write(users: 300, avatars: 16, seed: 5, to: makeFolder())
    let users = try DirectoryGenerator.users(count: 300, avatars: 16, seed: 5)
    let groups = GroupGenerator.groups(for: users, seed: 5)
    XCTAssertEqual(summary.groupCount, 6)
    XCTAssertEqual(
      Data(UserGenerator.json(for: users, groups: groups)), try Data(contentsOf: summary.jsonURL))
    let other = try DirectoryGenerator.users(count: 300, avatars: 16, seed: 6)
    XCTAssertNotEqual(other, users, "the seed is not used")
  }

  func testTheSameSeedWritesByteIdenticalFiles() throws {
    let first = try DirectoryGenerator.write(users: 300, avatars: 16, seed: 5, to: makeFolder())
    let second = try DirectoryGenerator.write(users: 300, avatars: 16, seed: 5, to: makeFolder())
    XCTAssertEqual(try Data(contentsOf: first.jsonURL), try Data(contentsOf: second.jsonURL))
    XCTAssertEqual(first.avatars, second.avatars)
    for avatar in first.avatars {
      XCTAssertEqual(
        try Data(contentsOf: avatarURL(first, avatar.fileName)),
        try Data(contentsOf: avatarURL(second, avatar.fileName)), avatar.fileName)
    }
    let other = try DirectoryGenerator.write(users: 300, avatars: 4, seed: 6, to: makeFolder())
    XCTAssertNotEqual(try Data(contentsOf: first.jsonURL), try Data(contentsOf: other.jsonURL))
  }

  func testEveryAvatarDecodesAtItsDeclaredSizeAndFormat() throws {
    let summary = try DirectoryGenerator.write(users: 100, avatars: 40, seed: 11, to: makeFolder())
    XCTAssertEqual(summary.avatars.count, 40)
    for avatar in summary.avatars {
      let url = avatarURL(summary, avatar.fileName)
      let size = decodedSize(url)
      XCTAssertEqual(size?.width, avatar.width, avatar.fileName)
      XCTAssertEqual(size?.height, avatar.height, avatar.fileName)
      XCTAssertTrue((96...1024).contains(avatar.width) && (96...1024).contains(avatar.height))
      let magic = [UInt8](try Data(contentsOf: url).prefix(4))
      switch avatar.format {
      case .jpeg:
        XCTAssertEqual(Array(magic.prefix(2)), [0xFF, 0xD8], avatar.fileName)
        XCTAssertTrue(avatar.fileName.hasSuffix(".jpg"))
      case .png:
        XCTAssertEqual(magic, [0x89, 0x50, 0x4E, 0x47], avatar.fileName)
        XCTAssertTrue(avatar.fileName.hasSuffix(".png"))
      }
    }
  }

  func testBrokenAvatarsAreReferencedAndFailToDecode() throws {
    let summary = try DirectoryGenerator.write(
      users: 400, avatars: 8, seed: 3, to: makeFolder(),
      brokenAvatars: BrokenAvatar.Kind.allCases.count)
    XCTAssertEqual(summary.brokenAvatars.map(\.kind), BrokenAvatar.Kind.allCases)
    let referenced = Set(
      try DirectoryParser.parse(Data(contentsOf: summary.jsonURL)).users.map(\.avatar))
    for broken in summary.brokenAvatars {
      let url = avatarURL(summary, broken.fileName)
      XCTAssertTrue(referenced.contains("avatars/" + broken.fileName), broken.fileName)
      switch broken.kind {
      case .missing:
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
      case .hugeDimensions:
        // Only the header is read: decoding would try to allocate ~10 GB.
        var width: Int32 = 0
        var height: Int32 = 0
        XCTAssertNotNil(gdk_pixbuf_get_file_info(url.path, &width, &height))
        XCTAssertEqual([width, height], [60_000, 60_000])
      default:
        XCTAssertNil(decodedSize(url), "\(broken.kind) must not decode")
      }
    }
    XCTAssertEqual(summary.brokenAvatars.first { $0.kind == .empty }?.byteCount, 0)
  }

  func testAboutOneUserInTwentyHasNoAvatar() throws {
    let summary = try DirectoryGenerator.write(
      users: 4000, avatars: 4, seed: 2026, to: makeFolder())
    let users = try DirectoryParser.parse(Data(contentsOf: summary.jsonURL)).users
    XCTAssertEqual(users.count, 4000)
    XCTAssertEqual(summary.usersWithoutAvatar, users.count { $0.avatar.isEmpty })
    XCTAssertEqual(Double(summary.usersWithoutAvatar) / 4000, 0.05, accuracy: 0.015)
  }

  /// The demo's default data set at its full size; the smaller tests paint the same way.
  func testTheDefaultDataSetLooksLikeRealUploadsAndStaysUnderTwentyMegabytes() throws {
    #if ROSTER_SANITIZED
      throw XCTSkip(
        "a test of the default data set's size alone, slow under a sanitizer: "
          + "make test's step \"tests under X11 (Xvfb)\" runs it")
    #else
      try checkTheDefaultDataSet()
    #endif
  }

  private func checkTheDefaultDataSet() throws {
    let summary = try DirectoryGenerator.write(users: 2000, avatars: 320, to: makeFolder())
    print(
      "default data set: \(summary.totalBytes) bytes (\(summary.jsonBytes) JSON), \(summary.jpegCount) JPEG, "
        + "\(summary.pngCount) PNG, avatars in \(summary.avatarDuration), users in \(summary.userDuration)"
    )
    XCTAssertLessThanOrEqual(summary.totalBytes, 20_000_000)
    var onDisk = try Data(contentsOf: summary.jsonURL).count
    for name in try FileManager.default.contentsOfDirectory(atPath: summary.avatarsFolder.path) {
      onDisk += try Data(contentsOf: avatarURL(summary, name)).count
    }
    XCTAssertEqual(onDisk, summary.totalBytes)
    XCTAssertEqual(Double(summary.jpegCount) / 320, 0.7, accuracy: 0.1)
    let common = summary.avatars.count { (256...512).contains(max($0.width, $0.height)) }
    XCTAssertGreaterThan(common, 320 / 2, "most avatars are 256-512 px")
    XCTAssertTrue(summary.avatars.contains { $0.width != $0.height }, "a few are not square")
    XCTAssertEqual(Set(summary.avatars.map(\.fileName)).count, 320)
  }

  func testARerunWithFewerAvatarsLeavesNoStrays() throws {
    let folder = makeFolder()
    _ = try DirectoryGenerator.write(users: 50, avatars: 12, seed: 1, to: folder)
    let summary = try DirectoryGenerator.write(
      users: 50, avatars: 3, seed: 1, to: folder, brokenAvatars: 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: summary.avatarsFolder.path)
    XCTAssertEqual(
      Set(files), Set(summary.avatars.map(\.fileName) + summary.brokenAvatars.map(\.fileName)))
  }
}
