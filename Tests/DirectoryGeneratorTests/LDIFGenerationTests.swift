import CGtk
import Directory
import DirectoryGenerator
import DirectoryLDAP
import Foundation
import LDAPDemo
import XCTest

/// users.ldif: the users of users.json with their details, loaded into a
/// real slapd and read back through LDAPDirectory.
final class LDIFGenerationTests: XCTestCase {
  private static let suffix = "dc=example,dc=com"
  private var folder: URL!

  override func setUp() {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-ldif-tests-\(UUID().uuidString)", isDirectory: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  func testAGeneratedLDIFLoadsIntoSlapdAndReadsBackAsTheJSONsUsers() async throws {
    let json = try DirectoryGenerator.write(
      users: 300, avatars: 8, seed: 3, to: folder.appendingPathComponent("json"))
    let users = try DirectoryParser.parse(try Data(contentsOf: json.jsonURL)).users
    let ldif = try DirectoryGenerator.writeLDIF(
      users: 300, avatars: 8, seed: 3, suffix: Self.suffix,
      to: folder.appendingPathComponent("ldif"))
    XCTAssertEqual(ldif.userCount, 300)
    // 8 avatars, then the broken ones: avatar-0009.jpg (truncated),
    // -0010.png (HTML), -0011.jpg (empty: no photo), -0012.png (corrupt).
    func hasPhoto(_ user: User) -> Bool {
      !user.avatar.isEmpty && user.avatar != "avatars/avatar-0011.jpg"
    }
    XCTAssertEqual(ldif.distinctPhotos, 8 + 3)
    XCTAssertEqual(ldif.usersWithPhoto, users.count(where: hasPhoto))
    XCTAssertLessThan(ldif.usersWithPhoto, 300)

    let configuration = { () -> SlapdConfiguration in
      var configuration = SlapdConfiguration(rootPassword: "pw")
      configuration.suffix = Self.suffix
      return configuration
    }()
    let server = try DemoLDAPServer(
      folder: folder.appendingPathComponent("slapd"), configuration: configuration)
    defer { server.stop() }
    try server.load(ldifFile: ldif.ldifURL)
    try server.start()
    let directory = try LDAPDirectory(
      url: "\(server.url)/\(ldif.peopleDN)??one?(objectClass=inetOrgPerson)")
    let window = try await directory.rows(0..<25)
    XCTAssertEqual(window.count, users.count)
    let sorted = users.sorted { $0.username.lowercased() < $1.username.lowercased() }
    XCTAssertEqual(window.entries.map(\.username), sorted.prefix(25).map(\.username))
    XCTAssertEqual(window.entries.map(\.role), sorted.prefix(25).map(\.role))
    XCTAssertEqual(
      window.entries.map { $0.photoVersion != nil }, sorted.prefix(25).map(hasPhoto))
    // The details of users.json, the manager as the DN of the manager's entry.
    let byID = Dictionary(uniqueKeysWithValues: users.map { ($0.id ?? "", $0) })
    for (entry, user) in zip(window.entries, sorted) {
      var expected = user.details
      expected.manager = user.details.manager.flatMap { byID[$0]?.details.employeeNumber }
        .map { "employeeNumber=\($0),\(ldif.peopleDN)" }
      XCTAssertEqual(entry.details, expected, user.username)
      XCTAssertEqual(
        entry.id, "employeeNumber=\(user.details.employeeNumber ?? ""),\(ldif.peopleDN)")
    }

    let valid = Set((1...8).map { AvatarName.jpeg($0) } + (1...8).map { AvatarName.png($0) })
    let withPhoto = try XCTUnwrap(
      zip(window.entries, sorted).first { valid.contains($0.1.avatar) }?.0)
    let photo = try await directory.photo(of: withPhoto.id, maxBytes: 1 << 20)
    let size = try XCTUnwrap(photo.flatMap(decodedSize), "the photo is a JPEG gdk-pixbuf decodes")
    XCTAssertEqual(max(size.width, size.height), DirectoryGenerator.ldifPhotoSide)
    XCTAssertEqual(Array(photo?.prefix(2) ?? []), [0xFF, 0xD8])
  }

  func testTheGeneratedGroupsAddedThroughSlapdReadBackAsTheJSONsGroups() async throws {
    let json = try DirectoryGenerator.write(
      users: 400, avatars: 0, seed: 5, to: folder.appendingPathComponent("json"))
    let contents = try await DirectoryLoader().load(.file(json.jsonURL))
    let ldif = try DirectoryGenerator.writeLDIF(
      users: 400, avatars: 0, seed: 5, suffix: Self.suffix,
      to: folder.appendingPathComponent("ldif"))
    XCTAssertEqual(ldif.groupCount, contents.groups.count)
    XCTAssertGreaterThan(ldif.groupCount, 5)

    var configuration = SlapdConfiguration(rootPassword: "pw")
    configuration.suffix = Self.suffix
    let server = try DemoLDAPServer(
      folder: folder.appendingPathComponent("slapd"), configuration: configuration)
    defer { server.stop() }
    try server.load(ldifFile: ldif.ldifURL)
    try server.start()
    try server.add(ldifFile: ldif.groupsURL)
    var options = LDAPOptions()
    options.groupsBase = LDIFWriter.groupsDN(suffix: Self.suffix)
    let directory = try LDAPDirectory(
      url: "\(server.url)/\(ldif.peopleDN)??one?(objectClass=inetOrgPerson)", options: options)
    let window = try await directory.groups(0..<100, matching: "")
    XCTAssertEqual(window.count, contents.groups.count)
    XCTAssertEqual(
      window.groups.map(\.name),
      contents.groups.map(\.name).sorted { $0.lowercased() < $1.lowercased() })
    let table = contents.viewModels
    var nested = 0
    for group in contents.groups {
      let served = try XCTUnwrap(window.groups.first { $0.name == group.name })
      // memberOf kept by the overlay: the people narrowed on the server.
      var usernames: [String] = []
      try await PeopleListing(columns: [.username]).write(directory.members(of: served)) {
        usernames.append($0)
      }
      XCTAssertEqual(
        Set(usernames.dropFirst()), Set(group.members.map { table.username(at: Int($0)) }),
        group.name)
      let inner = try await directory.subgroups(of: served)
      XCTAssertEqual(
        Set(inner.map(\.name)), Set(group.subgroups.map { contents.groups[$0].name }),
        group.name)
      nested += inner.count
    }
    XCTAssertGreaterThan(nested, 0, "some groups hold others")
  }

  func testTheSameSeedWritesTheSameLDIF() throws {
    let first = try DirectoryGenerator.writeLDIF(
      users: 200, avatars: 4, seed: 9, suffix: Self.suffix, to: folder.appendingPathComponent("a"))
    let second = try DirectoryGenerator.writeLDIF(
      users: 200, avatars: 4, seed: 9, suffix: Self.suffix, to: folder.appendingPathComponent("b"))
    let bytes = try Data(contentsOf: first.ldifURL)
    XCTAssertEqual(bytes, try Data(contentsOf: second.ldifURL))
    XCTAssertEqual(bytes.count, first.ldifBytes)
  }

  /// "avatars/avatar-0003.jpg" and the like.
  private enum AvatarName {
    static func jpeg(_ number: Int) -> String { "avatars/avatar-000\(number).jpg" }
    static func png(_ number: Int) -> String { "avatars/avatar-000\(number).png" }
  }

  /// gdk-pixbuf's idea of the image's size, or nil when it cannot decode it.
  private func decodedSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let loader = gdk_pixbuf_loader_new()
    defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
    let written = bytes.withUnsafeBufferPointer {
      gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), nil)
    }
    guard written != 0, gdk_pixbuf_loader_close(loader, nil) != 0,
      let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader)
    else { return nil }
    return (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
  }
}
