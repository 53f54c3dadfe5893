import Foundation
import XCTest

@testable import Directory

/// The seeds of the change history's fuzz target
/// (`Tests/Fuzz/Corpus/change-history`, `FuzzChangeHistory`) are what
/// ``ChangeHistory`` writes today: whole histories, and the same cut
/// short or with a byte flipped, each read as whole, torn or damaged as
/// its name says. After a change of the file's form, write them again:
///
///     ROSTER_WRITE_FUZZ_SEEDS=1 swift test --filter ChangeHistorySeedTests
final class ChangeHistorySeedTests: XCTestCase {
  private static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/change-history")

  /// 2026-11-26 09:14 UTC, the day before the fuzz target reads them.
  private static let lastDay: Int64 = 1_795_655_640

  /// What a seed reads as.
  private enum Outcome: Equatable {
    case whole(changes: Int)
    case torn(changes: Int)
    case damaged(changes: Int)
  }

  private static func change(
    _ daysBefore: Double, _ kind: PersonChange.Kind, _ field: DetailField? = nil,
    _ username: String, name: String = "", old: String = "", new: String = ""
  ) -> PersonChange {
    PersonChange(
      seconds: lastDay - Int64(daysBefore * 86_400), kind: kind, field: field,
      identity: "id-" + username, username: username, name: name, old: old, new: new)
  }

  /// The history the writer makes of `batches` of changes, each recorded
  /// at the time of its last change.
  private static func written(_ batches: [[PersonChange]]) throws -> [UInt8] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-history-seeds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for batch in batches {
      let seconds = try XCTUnwrap(batch.last).seconds
      let history = try ChangeHistory(
        folder: folder, clock: { Date(timeIntervalSince1970: Double(seconds)) })
      try history.record(batch)
    }
    return Array(try Data(contentsOf: folder.appendingPathComponent(ChangeHistory.fileName)))
  }

  /// Each seed's name, bytes and what it reads as.
  private static func seeds() throws -> [(name: String, bytes: [UInt8], outcome: Outcome)] {
    let one = try written([[change(0, .joined, nil, "ada", name: "Ada Lovelace", new: "Engineer")]])
    let everyKind = try written([
      [
        change(3, .joined, nil, "maria", name: "María García", new: "Directora"),
        change(3, .left, nil, "alan", name: "Alan", old: "Accountant"),
      ],
      [change(2, .moved, .department, "grace", name: "Grace", old: "Design", new: "Research")],
      [
        change(1, .moved, .location, "grace", name: "Grace", old: "Berlin", new: "東京"),
        change(1, .moved, .manager, "grace", name: "Grace", old: "Ada Lovelace", new: ""),
      ],
      // A value with controls, as a hostile directory may hold.
      [change(0, .title, .title, "mallory", old: "Tab\there", new: "\u{1B}]52;c;aGk=\u{07}\n")],
    ])
    // The first change is kept as it is written, and over a year old (and
    // a day's slack) when the fuzz target reads the history.
    let overAYear = try written([
      [change(365.5, .joined, nil, "old", new: "Intern")],
      [change(200, .title, .title, "old", old: "Intern", new: "Engineer")],
      [change(0, .left, nil, "old", old: "Engineer")],
    ])
    let records = recordStarts(everyKind)
    var flipped = everyKind
    flipped[records[1] + 12] ^= 0x20
    var flippedLast = everyKind
    flippedLast[flippedLast.count - 3] ^= 0x01
    var wrongMark = one
    wrongMark[7] = UInt8(ascii: "2")
    return [
      ("one-change", one, .whole(changes: 1)),
      ("every-kind", everyKind, .whole(changes: 6)),
      ("over-a-year", overAYear, .whole(changes: 3)),
      ("torn-record", Array(everyKind.dropLast(5)), .torn(changes: 5)),
      ("torn-mark", Array(one.prefix(5)), .torn(changes: 0)),
      ("flipped-byte", flipped, .damaged(changes: 1)),
      ("flipped-last-byte", flippedLast, .torn(changes: 5)),
      ("wrong-mark", wrongMark, .damaged(changes: 0)),
    ]
  }

  /// Where each record of a whole history starts.
  private static func recordStarts(_ bytes: [UInt8]) -> [Int] {
    var starts: [Int] = []
    var start = ChangeHistoryFile.mark.count
    while start < bytes.count {
      starts.append(start)
      var length = 0
      for k in 0..<4 { length |= Int(bytes[start + k]) << (8 * k) }
      start += 8 + length
    }
    return starts
  }

  func testTheSeedsAreWhatTheWriterWritesAndReadAsTheirNamesSay() throws {
    let seeds = try Self.seeds()
    if ProcessInfo.processInfo.environment["ROSTER_WRITE_FUZZ_SEEDS"] != nil {
      try FileManager.default.createDirectory(at: Self.corpus, withIntermediateDirectories: true)
      for seed in seeds {
        try Data(seed.bytes).write(to: Self.corpus.appendingPathComponent(seed.name))
      }
    }
    for seed in seeds {
      let contents = ChangeHistoryFile.parse(seed.bytes)
      let outcome: Outcome =
        if contents.damagedAt != nil {
          .damaged(changes: contents.changes.count)
        } else if contents.tornBytes > 0 {
          .torn(changes: contents.changes.count)
        } else {
          .whole(changes: contents.changes.count)
        }
      XCTAssertEqual(outcome, seed.outcome, seed.name)
      XCTAssertEqual(
        try Data(contentsOf: Self.corpus.appendingPathComponent(seed.name)), Data(seed.bytes),
        "\(seed.name) is not what the writer writes now: write the seeds again")
    }
  }
}
