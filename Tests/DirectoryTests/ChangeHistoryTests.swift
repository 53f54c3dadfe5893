import Foundation
import SharedSupport
import XCTest

@testable import Directory

/// The history kept beside an offline copy: who joined, left, moved or
/// took a new title, written as the copy takes each change or compared
/// from a full refresh, bounded by age and size, and read back after a
/// damaged file is set aside.
final class ChangeHistoryTests: XCTestCase {
  private var copy: ReplicaTestCopy!

  override func setUp() {
    super.setUp()
    copy = ReplicaTestCopy()
  }

  override func tearDown() {
    copy.remove()
    super.tearDown()
  }

  private static func person(
    _ id: String, _ username: String, title: String? = nil, department: String? = nil,
    manager: String? = nil
  ) -> DirectoryEntry {
    var entry = ReplicaTestCopy.person(id, username, title: title)
    entry.details.department = department
    entry.details.manager = manager
    return entry
  }

  private var history: [PersonChange] {
    get throws { try XCTUnwrap(ChangeHistory.changes(in: copy.folder)) }
  }

  /// (kind, username, field, old, new) of each change, newest first.
  private func summary(_ changes: [PersonChange]) -> [String] {
    changes.map {
      [$0.kind.rawValue, $0.username, $0.field?.rawValue ?? "", $0.old, $0.new]
        .joined(separator: " ")
    }
  }

  func testJoinersLeaversMovesAndNewTitlesAreKeptNewestFirst() throws {
    let store = try copy.filled([
      Self.person("a", "ada", title: "Engineer", department: "Platform"),
      Self.person("b", "grace", title: "Designer", department: "Design", manager: "a"),
      Self.person("c", "alan", title: "Accountant"),
    ])
    XCTAssertNil(try ChangeHistory.changes(in: copy.folder), "the first refresh is no change")
    try store.apply([
      .person(Self.person("a", "ada", title: "Senior Engineer", department: "Platform")),
      .cookie([2]),
    ])
    try store.apply([
      .person(Self.person("b", "grace", title: "Designer", department: "Research", manager: "c")),
      .deleted("c"),
      .person(Self.person("d", "katherine", title: "Analyst")),
      .cookie([3]),
    ])
    // A phone or a photo changed is not history.
    var phone = Self.person("d", "katherine", title: "Analyst")
    phone.details.phone = "+49 30 1234"
    try store.apply([.person(phone), .cookie([4])])
    XCTAssertEqual(
      summary(try history),
      [
        "joined katherine   Analyst",
        "left alan  Accountant ",
        "moved grace manager Ada Alan",
        "moved grace department Design Research",
        "title ada title Engineer Senior Engineer",
      ])
    XCTAssertEqual(try history.first?.name, "Katherine")
    XCTAssertEqual(try history.last?.identity, "a")
    let mode = try FileManager.default.attributesOfItem(
      atPath: copy.folder.appendingPathComponent(ChangeHistory.fileName).path)[.posixPermissions]
    XCTAssertEqual(mode as? Int, 0o600)
    // Kept across a fold and a reopening.
    try store.fold()
    store.close()
    let reopened = try ReplicaStore(folder: copy.folder)
    XCTAssertNil(reopened.historyNotice)
    XCTAssertEqual(try history.count, 5)
  }

  func testAFullRefreshIsComparedWithTheCopyBeforeIt() throws {
    let store = try copy.filled([
      Self.person("a", "ada", title: "Engineer"), Self.person("b", "grace", title: "Designer"),
      Self.person("c", "alan", title: "Accountant"),
    ])
    try store.apply([.person(Self.person("c", "alan", title: "Controller")), .cookie([2])])
    // Everyone again, as a server sends them when it no longer knows the
    // copy's cookie: what changed meanwhile is found by comparing.
    try store.beginFullRefresh()
    for entry in [
      Self.person("a", "ada", title: "Engineer"), Self.person("c", "alan", title: "CFO"),
      Self.person("e", "edsger", title: "Engineer"),
    ] {
      try store.refreshed(.person(entry))
    }
    try store.finishFullRefresh(cookie: [3])
    XCTAssertEqual(
      Set(summary(try history)),
      [
        "title alan title Accountant Controller", "title alan title Controller CFO",
        "joined edsger   Engineer", "left grace  Designer ",
      ])
    XCTAssertEqual(
      try history.first.map { summary([$0]) }, ["left grace  Designer "],
      "the refresh's people in order, then those gone")
  }

  func testADamagedHistoryIsSetAsideWithASentenceAndTheChangesBeforeItKept() throws {
    let folder = copy.folder
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let history = try ChangeHistory(folder: folder)
    for index in 0..<3 {
      try history.record([
        PersonChange(
          seconds: history.now, kind: .title, field: .title, identity: "\(index)",
          username: "user\(index)", name: "", old: "A", new: "B")
      ])
    }
    let path = folder.appendingPathComponent(ChangeHistory.fileName)
    var bytes = try Data(contentsOf: path)
    // A byte of the second record's text flipped: the third follows it.
    let contents = ChangeHistoryFile.parse([UInt8](bytes))
    let second = ChangeHistoryFile.mark.count + contents.lengths[0] + 20
    bytes[second] ^= 0x40
    try bytes.write(to: path)
    XCTAssertEqual(ChangeHistoryFile.parse([UInt8](bytes)).damagedAt, second - 20)

    let reopened = try ChangeHistory(folder: folder)
    let notice = try XCTUnwrap(reopened.notice)
    XCTAssertTrue(notice.contains("damaged"), notice)
    XCTAssertTrue(notice.contains(ChangeHistory.damagedName), notice)
    XCTAssertEqual(
      try Data(contentsOf: folder.appendingPathComponent(ChangeHistory.damagedName)), bytes,
      "set aside as it was")
    XCTAssertEqual(try self.history.map(\.username), ["user0"])
    try reopened.record([
      PersonChange(seconds: reopened.now, kind: .joined, identity: "n", username: "new", name: "")
    ])
    XCTAssertEqual(try self.history.map(\.username), ["new", "user0"])
  }

  func testAStoreOpeningADamagedHistorySaysSoAndGoesOn() throws {
    let store = try copy.filled([Self.person("a", "ada", title: "Engineer")])
    try store.apply([.person(Self.person("a", "ada", title: "CTO")), .cookie([2])])
    store.close()
    let path = copy.folder.appendingPathComponent(ChangeHistory.fileName)
    try Data("not a history at all".utf8).write(to: path)
    let reopened = try ReplicaStore(folder: copy.folder)
    let notice = try XCTUnwrap(reopened.historyNotice)
    XCTAssertTrue(notice.contains("set aside as history.damaged"), notice)
    XCTAssertEqual(try history, [])
    try reopened.apply([.person(Self.person("a", "ada", title: "CEO")), .cookie([3])])
    XCTAssertEqual(summary(try history), ["title ada title CTO CEO"])
  }

  func testATornEndIsCutOffAndTheNextChangeFollowsTheLastWholeOne() throws {
    try FileManager.default.createDirectory(at: copy.folder, withIntermediateDirectories: true)
    let history = try ChangeHistory(folder: copy.folder)
    let change = PersonChange(
      seconds: history.now, kind: .left, identity: "x", username: "gone", name: "Gone")
    try history.record([change])
    let path = copy.folder.appendingPathComponent(ChangeHistory.fileName)
    let whole = try Data(contentsOf: path)
    // Half of a second record, as a write cut short leaves it.
    let record = ChangeHistoryFile.record(change)
    try (whole + record.prefix(record.count / 2)).write(to: path)
    XCTAssertEqual(
      ChangeHistoryFile.parse([UInt8](try Data(contentsOf: path))).tornBytes, record.count / 2)
    let reopened = try ChangeHistory(folder: copy.folder)
    XCTAssertNil(reopened.notice, "a torn end is no damage")
    XCTAssertEqual(try Data(contentsOf: path), whole, "cut back to the whole records")
    try reopened.record([change])
    XCTAssertEqual(try self.history.count, 2)
  }

  func testChangesOlderThanAYearGo() throws {
    try FileManager.default.createDirectory(at: copy.folder, withIntermediateDirectories: true)
    let day: Int64 = 86_400
    let clock = Locked(Date(timeIntervalSince1970: 1_000 * Double(day)))
    let limits = ChangeHistoryLimits(maxAge: 365 * day, maxBytes: 100_000_000, ageSlack: day)
    let history = try ChangeHistory(
      folder: copy.folder, limits: limits, clock: { clock.withLock { $0 } })
    func record(_ username: String) throws {
      try history.record([
        PersonChange(
          seconds: history.now, kind: .joined, identity: username, username: username, name: "")
      ])
    }
    try record("old")
    clock.withLock { $0 += 200 * Double(day) }
    try record("middle")
    let path = copy.folder.appendingPathComponent(ChangeHistory.fileName).path
    let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    // 366 days after the first: a reader leaves it out at once.
    clock.withLock { $0 += 166 * Double(day) }
    let now = clock.withLock { $0 }
    XCTAssertEqual(
      try ChangeHistory.changes(in: copy.folder, now: now, limits: limits)?.map(\.username),
      ["middle"])
    // A day later still, the next change drops it from the file.
    clock.withLock { $0 += 2 * Double(day) }
    try record("new")
    let after = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    XCTAssertLessThan(after, size + size / 2, "the oldest gone from the file")
    let contents = try ChangeHistoryFile.read(path)
    XCTAssertEqual(contents.changes.map(\.username), ["middle", "new"])
  }

  func testPastItsSizeTheOldestGo() throws {
    try FileManager.default.createDirectory(at: copy.folder, withIntermediateDirectories: true)
    let limits = ChangeHistoryLimits(maxAge: 365 * 86_400, maxBytes: 4_000)
    let history = try ChangeHistory(folder: copy.folder, limits: limits)
    for index in 0..<200 {
      try history.record([
        PersonChange(
          seconds: history.now, kind: .title, field: .title, identity: "\(index)",
          username: "user\(index)", name: "Someone", old: "Engineer", new: "Senior Engineer")
      ])
      XCTAssertLessThanOrEqual(history.size, limits.maxBytes, "after change \(index)")
    }
    let path = copy.folder.appendingPathComponent(ChangeHistory.fileName).path
    let kept = try ChangeHistoryFile.read(path).changes.map(\.username)
    XCTAssertEqual(kept.last, "user199", "the newest kept")
    XCTAssertGreaterThan(kept.count, 20)
    XCTAssertLessThan(kept.count, 200)
    XCTAssertEqual(kept, (200 - kept.count..<200).map { "user\($0)" }, "the oldest gone, in order")
  }
}
