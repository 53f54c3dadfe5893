import Foundation
import XCTest

@testable import Directory

/// An LDAP server's copy knows people by entryUUID while reports name
/// their manager by DN: the copy links them by the names it keeps beside
/// it (`links-G`), after a refresh, a change, a reopening, a fold and a
/// rename, and a change that keeps the manager is no move in the history.
final class ReplicaLinkNameTests: XCTestCase {
  private var copy: ReplicaTestCopy!

  override func setUp() {
    super.setUp()
    copy = ReplicaTestCopy()
  }

  override func tearDown() {
    copy.remove()
    super.tearDown()
  }

  /// Someone with id `id`, named `uid=<username>,ou=people` by others,
  /// whose manager is named `manager` (a DN).
  private static func person(
    _ id: String, _ username: String, title: String? = nil, manager: String? = nil,
    linkName: String? = nil
  ) -> DirectoryEntry {
    var entry = ReplicaTestCopy.person(id, username, title: title)
    entry.details.manager = manager
    entry.linkName = linkName ?? dn(username)
    return entry
  }

  private static func dn(_ username: String) -> String { "uid=\(username),ou=people" }

  /// The username of the manager linked to `username`'s entry in `store`,
  /// nil when none is linked.
  private static func manager(of username: String, in store: ReplicaStore) -> String? {
    let table = store.table
    guard let position = (0..<table.userCount).first(where: { table.username(at: $0) == username }),
      let manager = table.managerIndex(at: position)
    else { return nil }
    return table.username(at: manager)
  }

  private var history: [PersonChange] {
    get throws { try ChangeHistory.changes(in: copy.folder) ?? [] }
  }

  func testManagersNamedByDNAreLinkedAfterARefreshAChangeAReopenAndAFold() throws {
    let store = try copy.filled([
      Self.person("u-ada", "ada", manager: Self.dn("boss")),
      Self.person("u-boss", "boss"),
      Self.person("u-eve", "eve", manager: Self.dn("ada")),
    ])
    XCTAssertTrue(copy.files().contains("links-1"))
    XCTAssertEqual(Self.manager(of: "ada", in: store), "boss")
    XCTAssertEqual(Self.manager(of: "eve", in: store), "ada")
    XCTAssertNil(Self.manager(of: "boss", in: store))

    // A new title, the manager named by DN as always: still linked, and no move.
    try store.apply([
      .person(Self.person("u-ada", "ada", title: "Lead", manager: Self.dn("boss"))), .cookie([2]),
    ])
    XCTAssertEqual(Self.manager(of: "ada", in: store), "boss")
    XCTAssertEqual(try history.map(\.kind), [.title])
    store.close()

    // Reopened, the names are read back from beside the copy.
    let reopened = try ReplicaStore(folder: copy.folder)
    reopened.catchUp()
    XCTAssertEqual(Self.manager(of: "ada", in: reopened), "boss")
    try reopened.apply([
      .person(Self.person("u-eve", "eve", title: "New", manager: Self.dn("ada"))), .cookie([3]),
    ])
    XCTAssertEqual(Self.manager(of: "eve", in: reopened), "ada")

    // Folded: the next generation keeps the names at the people's new places.
    try reopened.fold()
    XCTAssertTrue(copy.files().contains("links-2"))
    XCTAssertFalse(copy.files().contains("links-1"))
    reopened.close()
    let folded = try ReplicaStore(folder: copy.folder)
    try folded.apply([
      .person(Self.person("u-boss", "boss", title: "Chief")),
      .person(Self.person("u-eve", "eve", title: "Newer", manager: Self.dn("boss"))), .cookie([4]),
    ])
    XCTAssertEqual(Self.manager(of: "eve", in: folded), "boss")
    XCTAssertEqual(Self.manager(of: "ada", in: folded), "boss")
    XCTAssertEqual(
      try history.filter { $0.kind == .moved }.map { "\($0.old) → \($0.new)" }, ["Ada → Boss"],
      "eve's manager changed once, by name")
  }

  func testAManagerRenamedOrNewIsLinkedByTheirNewNameAndNotTheOld() throws {
    let store = try copy.filled([
      Self.person("u-ada", "ada", manager: Self.dn("boss")),
      Self.person("u-boss", "boss"),
      Self.person("u-eve", "eve"),
    ])
    // boss is renamed (a new DN); the server then names the new DN in ada's entry.
    try store.apply([
      .person(Self.person("u-boss", "boss", linkName: Self.dn("chief"))),
      .person(Self.person("u-ada", "ada", manager: Self.dn("chief"))),
      .person(Self.person("u-new", "newcomer")),
      .person(Self.person("u-eve", "eve", manager: Self.dn("newcomer"))),
      .cookie([2]),
    ])
    XCTAssertEqual(Self.manager(of: "ada", in: store), "boss")
    XCTAssertEqual(Self.manager(of: "eve", in: store), "newcomer")
    XCTAssertEqual(try history.filter { $0.kind == .moved }.count, 1, "eve's move alone")
    // The old name names no one now.
    try store.apply([
      .person(Self.person("u-late", "late", manager: Self.dn("boss"))), .cookie([3]),
    ])
    XCTAssertNil(Self.manager(of: "late", in: store))
  }

  func testADamagedFileOfNamesLinksByIdentityAloneAndNothingBreaks() throws {
    try copy.filled([
      Self.person("u-ada", "ada", manager: Self.dn("boss")), Self.person("u-boss", "boss"),
    ]).close()
    let file = copy.folder.appendingPathComponent("links-1")
    var bytes = try Data(contentsOf: file)
    bytes[20] ^= 0x40
    try bytes.write(to: file)
    let store = try ReplicaStore(folder: copy.folder)
    XCTAssertEqual(Self.manager(of: "ada", in: store), "boss", "the image keeps its links")
    try store.apply([
      .person(Self.person("u-ada", "ada", title: "Lead", manager: Self.dn("boss"))), .cookie([2]),
    ])
    XCTAssertNil(Self.manager(of: "ada", in: store), "a DN the damaged names cannot place")
    XCTAssertEqual(store.table.managerIdentity(at: 0), Self.dn("boss"), "kept as the server said")
  }

  func testARefreshOfACopyMadeWithoutNamesFindsNoMoves() throws {
    // A copy made before names were kept: managers stay DNs, linked to no one.
    var old = [
      Self.person("u-ada", "ada", manager: Self.dn("boss")), Self.person("u-boss", "boss"),
    ]
    for index in old.indices { old[index].linkName = nil }
    let store = try copy.filled(old)
    XCTAssertNil(Self.manager(of: "ada", in: store))
    XCTAssertFalse(copy.files().contains("links-1"))
    try store.beginFullRefresh()
    for entry in [
      Self.person("u-ada", "ada", manager: Self.dn("boss")), Self.person("u-boss", "boss"),
    ] {
      try store.refreshed(.person(entry))
    }
    try store.finishFullRefresh(cookie: [2])
    XCTAssertEqual(Self.manager(of: "ada", in: store), "boss")
    XCTAssertEqual(try history, [], "the same manager, named two ways, is no move")
  }

  func testARecordKeepsItsLinkNameAndOneWrittenBeforeReadsWithout() throws {
    let entry = Self.person("u-ada", "ada", manager: Self.dn("boss"))
    let bytes = ReplicaRecord.person(entry).bytes
    XCTAssertEqual(ReplicaRecord(bytes[...]), .person(entry))
    var unnamed = entry
    unnamed.linkName = nil
    let earlier = ReplicaRecord.person(unnamed).bytes
    XCTAssertEqual(ReplicaRecord(earlier[...]), .person(unnamed))
    XCTAssertEqual(earlier.count + 4 + Self.dn("ada").utf8.count, bytes.count)
    XCTAssertNil(ReplicaRecord(bytes.dropLast(2)), "a name cut short is no record")
  }
}
