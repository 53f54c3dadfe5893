import Foundation
import FuzzSupport
import Glibc

@testable import Directory

/// Fuzzes the change history an offline copy keeps beside it (`history`,
/// ``ChangeHistoryFile``): a crash, a damaged disk or a person may leave
/// any bytes there, which the copy opens at every start
/// (``ChangeHistory``) and the Changes window and `roster changes` read
/// (``ChangeHistory/changes(in:now:limits:)``, ``ChangeListing``).
///
/// The input is the file, tried as it is and again with each record's
/// CRC-32 made right, so the mutations reach the decoding behind it
/// (the seeds: histories the real writer made, cut short and with a byte
/// flipped). Every file reads as whole, as whole with a torn end, or as
/// damaged at a byte; each change read is exactly the record's bytes,
/// dated so that `roster changes` prints its date; a reader gets the
/// changes before the damage and no other; opening sets a damaged file
/// aside whole as `history.damaged` with a sentence, keeps the changes
/// before the damage (less those past the age bound) in a whole file, and
/// the next change follows them.
///
/// Threading: libFuzzer's worker thread only.
@main
enum FuzzChangeHistory {
  /// The time the history is opened and read at (2026-11-26, the seeds'
  /// last day): the seeds' changes span it and the year before.
  static let now = Date(timeIntervalSince1970: 1_795_737_600)
  static let limits = ChangeHistoryLimits()

  static func main() {
    // In memory where there is a tmpfs: each opening and change syncs.
    let scratch = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    let folder = URL(fileURLWithPath: "\(scratch)/roster-fuzz-history-\(getpid())")
    mkdir(folder.path, 0o700)
    // Not on the main actor: libFuzzer calls it on its worker thread.
    Fuzzing.run { @Sendable input in fuzz(Array(input), in: folder) }
  }

  /// Checks one input, as it is and sealed.
  static func fuzz(_ bytes: [UInt8], in folder: URL) {
    check(bytes, in: folder)
    let sealed = sealed(bytes)
    if sealed != bytes { check(sealed, in: folder) }
  }

  /// Checks the history `bytes` read and opened in `folder`.
  static func check(_ bytes: [UInt8], in folder: URL) {
    let path = folder.appendingPathComponent(ChangeHistory.fileName).path
    let aside = folder.appendingPathComponent(ChangeHistory.damagedName).path
    for name in [ChangeHistory.fileName, ChangeHistory.damagedName, ".history.new"] {
      unlink(folder.appendingPathComponent(name).path)
    }
    write(bytes, to: path)
    let contents = ChangeHistoryFile.parse(bytes)
    checkFraming(contents, of: bytes)
    let cutoff = Int64(now.timeIntervalSince1970) - limits.maxAge

    // A reader: the changes before any damage or torn end, newest first.
    let listed = readChanges(in: folder)
    precondition(
      listed == contents.changes.reversed().filter { $0.seconds >= cutoff },
      "a reader gets the whole records and no other")
    for change in listed ?? [] { checkListing(change) }

    // The copy opening it.
    let history: ChangeHistory
    do {
      history = try ChangeHistory(folder: folder, clock: { now })
    } catch {
      preconditionFailure("a history in a folder Roster may write opens: \(error)")
    }
    if contents.damagedAt != nil {
      precondition(history.notice != nil, "damage is told")
      precondition(readFile(aside) == bytes, "a damaged file is set aside whole")
    } else {
      precondition(history.notice == nil, "only damage is told")
      precondition(readFile(aside) == nil, "only a damaged file is set aside")
    }
    let opened = ChangeHistoryFile.parse(readFile(path) ?? [])
    checkWhole(opened)
    // Past the age bound (and its slack), the oldest changes go: those
    // before the newest run of young ones.
    var kept = contents.changes
    if let oldest = kept.first, oldest.seconds < cutoff - limits.ageSlack {
      let young = kept.reversed().prefix { $0.seconds >= cutoff }.count
      kept = Array(kept.suffix(young))
    }
    precondition(opened.changes == kept, "opening keeps the changes before the damage")

    // The next change follows them.
    let next = PersonChange(
      seconds: history.now, kind: .title, field: .title, identity: "fuzz", username: "fuzz",
      name: "Fuzz", old: "Before", new: "After")
    do {
      try history.record([next])
    } catch {
      preconditionFailure("a change is recorded: \(error)")
    }
    let after = ChangeHistoryFile.parse(readFile(path) ?? [])
    checkWhole(after)
    precondition(after.changes == kept + [next], "the next change follows the last one kept")
    precondition(history.size == after.validLength, "the history knows its file's length")
  }

  /// Checks that `contents` (of `bytes`) tell the bytes apart exactly: the
  /// mark and the whole records, then a torn end or the damage, and that
  /// each change read is its record's bytes.
  static func checkFraming(_ contents: ChangeHistoryFile.Contents, of bytes: [UInt8]) {
    precondition(contents.exists)
    precondition(contents.changes.count == contents.lengths.count)
    let recorded = contents.lengths.reduce(0, +)
    precondition(
      contents.validLength == (contents.validLength == 0 ? 0 : ChangeHistoryFile.mark.count)
        + recorded,
      "the whole part is the mark and the records read")
    if let damage = contents.damagedAt {
      precondition(
        damage == contents.validLength && damage < bytes.count, "damage is where reading stopped")
      precondition(contents.tornBytes == 0)
    } else {
      precondition(
        contents.validLength + contents.tornBytes == bytes.count,
        "every byte is whole or a torn end")
    }
    var offset = ChangeHistoryFile.mark.count
    for (change, length) in zip(contents.changes, contents.lengths) {
      precondition(
        ChangeHistoryFile.record(change)[...] == bytes[offset..<(offset + length)],
        "a change read is exactly the record's bytes")
      offset += length
    }
  }

  /// Checks that `contents` are a whole file: no torn end, no damage.
  static func checkWhole(_ contents: ChangeHistoryFile.Contents) {
    precondition(
      contents.damagedAt == nil && contents.tornBytes == 0, "a history opened is a whole file")
  }

  /// Checks `change`'s lines in `roster changes`: its date printed reads
  /// back as its time, and each line is one line of its fields.
  static func checkListing(_ change: PersonChange) {
    let date = ChangeSince.isoText(change.seconds)
    precondition(secondsOfISOText(date) == change.seconds, "a change's date prints as its time")
    let tsv = ChangeListing(format: .tsv).line(change)
    precondition(
      tsv.split(separator: "\t", omittingEmptySubsequences: false).count
        == ChangeListing.columns.count,
      "a TSV line holds each column once")
    let json = ChangeListing(format: .jsonl).line(change)
    for line in [tsv, json] {
      precondition(
        !line.unicodeScalars.contains { $0 != "\t" && TerminalText.isControl($0) },
        "a line holds no control")
    }
    let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
    precondition(
      object
        == [
          "date": date, "kind": change.kind.rawValue, "username": change.username,
          "name": change.name, "field": change.field?.rawValue ?? "", "old": change.old,
          "new": change.new,
        ], "a JSON line reads back as the change")
  }

  /// The seconds since 1970 of `YYYY-MM-DDTHH:MM:SSZ`; nil for any other text.
  static func secondsOfISOText(_ text: String) -> Int64? {
    let utf8 = Array(text.utf8)
    guard utf8.count == 20 else { return nil }
    func number(_ range: Range<Int>) -> Int32? {
      guard utf8[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
      else { return nil }
      return Int32(String(decoding: utf8[range], as: UTF8.self))
    }
    guard String(decoding: utf8[4..<5] + utf8[7..<8] + utf8[10..<11], as: UTF8.self) == "--T",
      String(decoding: utf8[13..<14] + utf8[16..<17] + utf8[19..<20], as: UTF8.self) == "::Z",
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    var fields = tm()
    fields.tm_year = year - 1900
    fields.tm_mon = month - 1
    fields.tm_mday = day
    fields.tm_hour = hour
    fields.tm_min = minute
    fields.tm_sec = second
    return Int64(timegm(&fields))
  }

  /// What a reader (the Changes window, `roster changes`) gets.
  static func readChanges(in folder: URL) -> [PersonChange]? {
    do {
      return try ChangeHistory.changes(in: folder, now: now)
    } catch {
      preconditionFailure("a history file Roster may read is read: \(error)")
    }
  }

  /// `bytes` with each record's CRC-32 made right, as the writer makes it,
  /// as far as the records' lengths frame them.
  static func sealed(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var start = ChangeHistoryFile.mark.count
    while start + 8 <= out.count {
      var length = 0
      for k in 0..<4 { length |= Int(out[start + k]) << (8 * k) }
      guard length <= ChangeHistoryFile.maxRecordBytes, start + 8 + length <= out.count else {
        break
      }
      let crc = CRC32.of(out[(start + 8)..<(start + 8 + length)])
      for k in 0..<4 { out[start + 4 + k] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(k))) }
      start += 8 + length
    }
    return out
  }

  /// The bytes of the file at `path`; nil when there is none. (Not
  /// `FileManager.contents(atPath:)`, which leaks its buffer on an empty file.)
  static func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      precondition(errno == ENOENT, "the fuzz target's scratch file")
      return nil
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      precondition(count >= 0, "the fuzz target's scratch file")
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  static func write(_ bytes: [UInt8], to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    precondition(fd >= 0, "the fuzz target's scratch file")
    defer { close(fd) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      precondition(written > 0, "the fuzz target's scratch file")
      offset += written
    }
  }
}
