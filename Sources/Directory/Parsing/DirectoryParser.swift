import FoundationEssentials

/// Reads users.json (see README.md, "The data format") into users.
///
/// The top level is the people's array, or an object whose "people" is
/// that array and whose "groups" lists the directory's groups
/// (``GroupReader`` reads them; other keys are ignored). Each person that is not an object, lacks
/// a non-empty string "username", or has a field of the wrong type is skipped
/// and counted, and the rest of the file still loads:
/// - "avatar": string; missing or null means no avatar ("").
/// - "role": string, unknown values read as `.unknown`; missing or null is
///   `.unknown` too.
/// - "id": string or integer (kept as its decimal text); missing, null or ""
///   means the username is the identity.
/// - "active": `false` for a disabled account; `true`, missing or null is
///   active, and another type is left out (the person loads, as with a
///   detail of the wrong type).
/// - any other key is ignored, whatever its value.
/// If a key repeats, the last one wins. A field longer than
/// `FieldLimit.maxBytes` is cut (an avatar over it is left out); the entry
/// loads, and is counted as `cut` with a warning like a skipped one. Bytes
/// that are not JSON fail the whole file with the offset where reading
/// stopped.
///
/// It scans bytes directly (see `JSONScanner`) because a million users must
/// load in well under a second.
///
/// Threading: stateless and `Sendable`; `parse` blocks the calling thread for
/// as long as the file takes, so call it off the main thread.
public struct DirectoryParser: Sendable {
  /// How many warnings (skipped or cut entries) are kept; the counts cover
  /// the rest.
  public static let maxWarnings = 20

  /// Parses a whole users.json into `User` values and its groups (tools
  /// and tests; the loader keeps the compact ``UserTable`` instead);
  /// `groupProblems` counts the groups skipped or cut and a "groups" or
  /// "people" key read as no groups or not read.
  public static func parse(_ bytes: some ContiguousBytes) throws(DirectoryError) -> (
    users: [User], skipped: Int, warnings: [String], cut: Int, groups: DirectoryGroups,
    groupProblems: Int
  ) {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(DirectoryError) in try parseTable(buffer) }
    }
    let parsed = try result.get()
    return (
      parsed.table.users, parsed.skipped, parsed.warnings, parsed.cut, parsed.groups,
      parsed.groupProblems
    )
  }

  /// A parsed directory: its users in compact storage and what was left out.
  ///
  /// Threading: a `Sendable` value.
  struct Parsed: Sendable {
    var table: UserTable
    var groups: DirectoryGroups
    var skipped: Int
    var warnings: [String]
    var cut: Int
    /// Groups skipped or cut, and keys of the object form not read as such.
    var groupProblems = 0
  }

  /// Parses bytes that stay valid for the duration of the call straight
  /// into a ``UserTable``. `release` is told, every few megabytes, the
  /// offset before which the bytes will not be read again (a mapped file
  /// gives those pages back, so the whole file is never resident at once).
  static func parseTable(
    _ buffer: UnsafeRawBufferPointer, textLimit: Int = UserTable.maxTextBytes,
    release: ((Int) -> Void)? = nil
  ) throws(DirectoryError) -> Parsed {
    guard !buffer.isEmpty else { throw .malformedJSON(offset: 0, reason: "the file is empty") }
    var scanner = JSONScanner(buffer)
    var collector: Collector?
    do throws(JSONSyntaxError) {
      collector = try readDocument(
        &scanner, into: Collector(textLimit: textLimit, release: release))
    } catch {
      throw .malformedJSON(offset: error.offset, reason: error.reason)
    }
    guard let collector else { throw .notAJSONArray }
    if let failure = collector.failure { throw failure }
    let table = UserTable(collector.builder.finish())
    return Parsed(
      table: table, groups: collector.groups.resolved(against: table),
      skipped: collector.skipped, warnings: collector.warnings, cut: collector.cut,
      groupProblems: collector.groupProblems)
  }

  /// The people (and groups) of a top-level array or object, or nil when
  /// the top level is some other valid JSON value or an object without
  /// "people".
  private static func readDocument(
    _ scanner: inout JSONScanner, into collector: consuming Collector
  )
    throws(JSONSyntaxError) -> Collector?
  {
    scanner.skipWhitespace()
    var collector = collector
    switch scanner.peek() {
    case .openBracket:
      try readElements(&scanner, into: &collector)
    case .openBrace:
      guard try readObject(&scanner, into: &collector) else { return nil }
    default:
      // Still read it whole: invalid JSON is reported as such, not as "not an array".
      try scanner.skipValue()
      try expectEnd(&scanner)
      return nil
    }
    // A table that outgrew its arenas stops the parse where it is.
    if collector.failure == nil { try expectEnd(&scanner) }
    return collector
  }

  /// Reads the object form, `{"people": [...], "groups": [...]}` (up to
  /// `limit` people); false when it has no "people" array (the rest is
  /// still read, so that invalid JSON is reported as such).
  private static func readObject(
    _ scanner: inout JSONScanner, into collector: inout Collector, limit: Int = .max
  ) throws(JSONSyntaxError) -> Bool {
    try scanner.expect(.openBrace, "'{'")
    var hasPeople = false
    scanner.skipWhitespace()
    if scanner.consume(.closeBrace) { return false }
    while true {
      let key = try scanner.readString()
      let isPeople = key.elementsEqual("people".utf8)
      let isGroups = key.elementsEqual("groups".utf8)
      scanner.skipWhitespace()
      try scanner.expect(.colon, "':'")
      scanner.skipWhitespace()
      let offset = scanner.position
      if isPeople, !hasPeople, scanner.peek() == .openBracket {
        hasPeople = true
        try readElements(&scanner, into: &collector, limit: limit)
        if collector.failure != nil || collector.builder.count >= limit { return true }
      } else if isGroups, scanner.peek() == .openBracket {
        // Every problem counted, the first few kept as text.
        var problems: [String] = []
        var count = 0
        try GroupReader.readArray(&scanner, into: &collector.groups) { index, offset, reason in
          count += 1
          if problems.count < maxWarnings {
            problems.append("group \(index + 1) (byte \(offset)): \(reason)")
          }
        }
        collector.groupProblems += count
        for problem in problems { collector.warn(problem) }
      } else {
        if isGroups || (isPeople && hasPeople) {
          collector.groupProblems += 1
          let found = EntryReader.typeName(startingWith: scanner.peek())
          collector.warn(
            isGroups
              ? "\"groups\" (byte \(offset)) is \(found), not an array; no groups"
              : "\"people\" (byte \(offset)) repeats; the first is kept")
        }
        try scanner.skipValue(depth: 1)
      }
      guard try scanner.another(before: .closeBrace) else { return hasPeople }
    }
  }

  private static func expectEnd(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
    scanner.skipWhitespace()
    guard scanner.isAtEnd else {
      throw scanner.unexpected(expecting: "nothing after the top-level value")
    }
  }

  /// What a parse has gathered so far.
  private struct Collector {
    var builder: UserTableBuilder
    var fields = EntryReader.Fields()
    var groups = RawGroups()
    /// See ``Parsed/groupProblems``.
    var groupProblems = 0
    /// Why the table could not take more users; the parse stops there.
    var failure: DirectoryError?
    /// Told the offset the parse has passed (see `parseTable`), each time it
    /// passes `nextRelease`.
    var release: ((Int) -> Void)?
    var nextRelease = Collector.releaseStep
    static let releaseStep = 8 << 20
    var skipped = 0
    /// Entries loaded with a field cut to `FieldLimit.maxBytes`.
    var cut = 0
    var warnings: [String] = []

    init(textLimit: Int = UserTable.maxTextBytes, release: ((Int) -> Void)? = nil) {
      builder = UserTableBuilder(textLimit: textLimit)
      self.release = release
    }

    /// Adds the entry just read; false when the table is full.
    mutating func add() -> Bool {
      do throws(DirectoryError) {
        try builder.append(fields.entry)
        return true
      } catch {
        failure = error
        return false
      }
    }

    mutating func passed(offset: Int) {
      guard offset >= nextRelease, let release else { return }
      release(offset)
      nextRelease = offset + Self.releaseStep
    }

    mutating func skip(entry: Int, offset: Int, _ reason: String) {
      skipped += 1
      warn(entry: entry, offset: offset, reason)
    }

    mutating func noteCut(entry: Int, offset: Int, _ reason: String) {
      cut += 1
      warn(entry: entry, offset: offset, reason)
    }

    private mutating func warn(entry: Int, offset: Int, _ reason: String) {
      warn("entry \(entry + 1) (byte \(offset)): \(reason)")
    }

    mutating func warn(_ warning: String) {
      if warnings.count < DirectoryParser.maxWarnings { warnings.append(warning) }
    }
  }

  /// The first users of a directory from the start of its file, for showing
  /// rows before the whole file is parsed: reads up to `limit` entries and
  /// stops quietly where the bytes end or stop making sense. The full parse
  /// that follows is the one that reports errors.
  static func parsePrefix(_ buffer: UnsafeRawBufferPointer, limit: Int) -> UserTable {
    var collector = Collector()
    // An empty file has no first users (the scanner needs at least one byte).
    if !buffer.isEmpty {
      var scanner = JSONScanner(buffer)
      scanner.skipWhitespace()
      do throws(JSONSyntaxError) {
        switch scanner.peek() {
        case .openBracket: try readElements(&scanner, into: &collector, limit: limit)
        case .openBrace: _ = try readObject(&scanner, into: &collector, limit: limit)
        default: break
        }
      } catch {
        // A truncated last entry: keep the complete ones.
      }
    }
    return UserTable(collector.builder.finish())
  }

  private static func readElements(
    _ scanner: inout JSONScanner, into collector: inout Collector, limit: Int = .max
  ) throws(JSONSyntaxError) {
    try scanner.expect(.openBracket, "'['")
    scanner.skipWhitespace()
    if scanner.consume(.closeBracket) { return }
    var entry = 0
    while true {
      let offset = scanner.position
      if scanner.peek() == .openBrace {
        var cut: EntryReader.Problem?
        if let problem = try EntryReader.read(&scanner, into: &collector.fields, cut: &cut) {
          collector.skip(entry: entry, offset: offset, problem.description)
        } else {
          guard collector.add() else { return }
          if let cut { collector.noteCut(entry: entry, offset: offset, cut.description) }
        }
      } else {
        let kind = EntryReader.typeName(startingWith: scanner.peek())
        try scanner.skipValue(depth: 1)
        collector.skip(entry: entry, offset: offset, "\(kind), not an object")
      }
      entry += 1
      if collector.builder.count >= limit { return }
      collector.passed(offset: scanner.position)
      guard try scanner.another(before: .closeBracket) else { return }
    }
  }
}
