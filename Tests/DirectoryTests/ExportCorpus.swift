import Directory
import Foundation
import SharedSupport
import TestSupport
import XCTest

/// Hostile people for the export tests: cells a spreadsheet would run,
/// line breaks that would start a new property or entry, bidi overrides,
/// NUL and other control characters, quotes, separators, and fields a
/// megabyte long (which the table cuts to `FieldLimit.maxBytes`), mixed
/// over ordinary people by a seeded generator.
///
/// Threading: stateless.
enum ExportCorpus {
  /// Values that break one format or another when written carelessly.
  static let hostileValues: [String] = [
    "=1+2", "+SUM(A1:A9)", "-2+3", "@cmd|' /C calc'!A0", "\t=tab first", "\r=cr first",
    "=HYPERLINK(\"http://example.com\",\"click\")", "a\nb", "a\r\nb", "a\rb", "\n",
    "x\nBEGIN:VCARD", "x\r\nEMAIL:evil@example.com", "x\ndn: uid=evil,dc=example,dc=org",
    "\u{202E}gpj.exe", "\u{202D}\u{2066}bidi\u{2069}\u{200F}", "nul\u{0}byte", "\u{0}lead",
    "bell\u{7}", "del\u{7F}", "\"quoted\"", "a,b,c", "semi;colon;", "back\\slash\\",
    ":colon first", "mid:colon", " leading space", "trailing space ", "<less than",
    "mid<less", "#hash first", "emoji 👩🏽‍💻 and 😀", "Zoë Ünïcødé", "日本語の名前", "Ελληνικά",
    String(repeating: "é", count: 700), String(repeating: "x", count: 1_000_000),
    String(repeating: "😀", count: 300_000),
  ]

  /// Ordinary values.
  static let plainValues = ["Ada Lovelace", "Engineer", "Sales", "Berlin", "+49 30 1234", "E-1"]

  /// `count` people, the first of them each hostile value in turn, all with
  /// unique usernames; managers point at earlier people.
  static func users(count: Int = 80, seed: UInt64 = 2049) -> [User] {
    var random = SplitMix64(seed: seed)
    func value() -> String? {
      switch random.next(below: 6) {
      case 0: nil
      case 1: plainValues[random.next(below: plainValues.count)]
      default: hostileValues[random.next(below: hostileValues.count)]
      }
    }
    return (0..<count).map { number in
      let name =
        number < hostileValues.count ? hostileValues[number] : (value() ?? "person")
      // The number first for long values, which the table cuts from the end.
      let username = name.utf8.count > 500 ? "\(number)" + name : name + "\(number)"
      var details = PersonDetails()
      for field in DetailField.allCases where field != .manager { details[field] = value() }
      if number > 0, random.next(below: 2) == 0 {
        details.manager = "id-\(random.next(below: number))"
      }
      let roles: [Role] = [.user, .owner, .admin]
      return User(
        id: "id-\(number)", username: username, role: roles[random.next(below: 3)],
        details: details)
    }
  }

  /// The table of ``users(count:seed:)``.
  static func table(count: Int = 80, seed: UInt64 = 2049) -> UserTable {
    UserTable(users(count: count, seed: seed))
  }

  /// Every field of person `index` as the table holds it ("" for none).
  static func values(_ table: UserTable, at index: Int) -> [String] {
    PersonField.allCases.map { table.text(of: $0, at: index) ?? "" }
  }

  /// Exports `table` to a fresh file in `folder`; the file's bytes.
  static func export(
    _ table: UserTable, as export: PersonExport, in folder: TemporaryDirectory,
    photo: (@Sendable (String) -> ExportPhoto?)? = nil
  ) async throws -> [UInt8] {
    let file = folder.url.appendingPathComponent("people.\(export.format.fileExtension)")
    let progress = try await PersonExporter.export(table, as: export, to: file, photo: photo)
    XCTAssertEqual(progress.done, table.userCount)
    return Array(try Data(contentsOf: file))
  }

  /// Runs `/usr/bin/python3` on `script` with `arguments`; its standard
  /// output, or a failure with its standard error.
  static func python(_ script: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let problems = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolFailure(message: "python3: " + String(decoding: problems, as: UTF8.self))
    }
    return data
  }
}

/// A helper program that failed, with what it said.
struct ToolFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
