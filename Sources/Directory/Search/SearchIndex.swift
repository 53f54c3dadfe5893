/// Finds people by username, display name, email and role for a search
/// field, fast enough for a million people: built once off the main thread,
/// queried off it too.
///
/// Text is matched folded (lower-cased, diacritics removed, so "jose" finds
/// "José"). The index reads it from the directory's ``UserTable`` itself: a
/// plain-ASCII value is folded while it is compared (one OR per byte), and
/// only values with other characters are stored folded (``FoldedTexts``) —
/// so the index costs next to nothing beside the table. A query is split
/// into words; a person matches when every word is part of one of the
/// searched fields or of the role text. Queries scan in parallel chunks and
/// stop early when cancelled. A query that extends the previous one (the
/// user typed more) scans only the previous matches.
///
/// Threading: an immutable `Sendable` value; build and query it off the main thread.
public struct SearchIndex: Sendable {
  /// The fields a search looks in, besides the role.
  static let searchedFields: [UserTable.OwnField] = [.username, .displayName, .email]

  private let table: UserTable
  /// The folded values that are not plain ASCII, one store per searched field.
  private let folded: [FoldedTexts]

  /// How many users the index covers.
  public var count: Int { table.userCount }

  /// Indexes the people of `table` (tens of milliseconds for a million
  /// mostly-ASCII names: only the others are folded now).
  public init(_ table: UserTable) {
    self.table = table
    folded = Self.searchedFields.map { field in
      FoldedTexts(
        (0..<table.userCount).lazy.map {
          table.scanned($0)
          return (index: $0, bytes: table.bytes(field, at: $0))
        })
    }
    table.releaseMappedPages()
  }

  /// Indexes `viewModels` (tests and small lists).
  public init(_ viewModels: [UserViewModel]) {
    self.init(UserTable(viewModels.map(\.user)))
  }

  /// The positions (ascending) of the users matching `query`; all of them
  /// for an empty query. Scans only `within` when given (a refinement).
  /// Returns nil if `isCancelled` turned true while scanning.
  public func matches(
    _ query: String, within candidates: [Int]? = nil,
    isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    let words = SearchText.words(of: query)
    if words.isEmpty { return candidates ?? Array(0..<count) }
    let roleMatches = Self.roleMatches(words)
    return ParallelScan.positions(
      of: candidates ?? Array(0..<count), in: table, isCancelled: isCancelled
    ) { matches($0, words: words, roleMatches: roleMatches) }
  }

  /// The first `limit` positions (ascending) of the users matching
  /// `query`, read in order until `limit` are found: what a launcher's few
  /// results need (GNOME Shell's search shows a handful), without scanning
  /// everyone for a common word. Returns nil if `isCancelled` turned true.
  public func firstMatches(
    _ query: String, limit: Int, isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    let words = SearchText.words(of: query)
    if words.isEmpty { return Array(0..<min(limit, count)) }
    let roleMatches = Self.roleMatches(words)
    var found: [Int] = []
    defer { table.releaseMappedPages() }
    for index in 0..<count {
      if index & 0xFFF == 0, isCancelled() { return nil }
      table.scanned(index)
      guard matches(index, words: words, roleMatches: roleMatches) else { continue }
      found.append(index)
      if found.count >= limit { break }
    }
    return found
  }

  /// Which roles match each word, decided once per query.
  private static func roleMatches(_ words: [[UInt8]]) -> [[Bool]] {
    words.map { word in
      Role.allCases.map { role in SearchText.folded(role.displayText).contains(word) }
    }
  }

  private func matches(_ index: Int, words: [[UInt8]], roleMatches: [[Bool]]) -> Bool {
    // Role.allCases is in the order of the roles' stored bytes.
    let role = Int(table.role(at: index).byte)
    for (wordIndex, word) in words.enumerated() where !roleMatches[wordIndex][role] {
      guard contains(word, at: index) else { return false }
    }
    return true
  }

  /// Whether one of person `index`'s searched fields contains `word`.
  @inline(__always)
  private func contains(_ word: [UInt8], at index: Int) -> Bool {
    for (k, field) in Self.searchedFields.enumerated() {
      let bytes = table.bytes(field, at: index)
      if bytes.isEmpty { continue }
      if SearchText.isASCII(bytes) {
        if SearchText.containsFoldingASCII(bytes, word) { return true }
      } else if folded[k].contains(word, at: index) {
        return true
      }
    }
    return false
  }
}
