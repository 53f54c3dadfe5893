/// Finds people by username, display name, email, role and telephone
/// number for a search field, fast enough for a million people: built once
/// off the main thread, queried off it too.
///
/// Text is matched folded (``SearchText``: case, diacritics, width and
/// ligatures set aside, so "jose" finds "José" and "ss" finds "Straße").
/// The index reads it from the directory's ``UserTable`` itself: a
/// plain-ASCII value is folded while it is compared (one OR per byte), and
/// only values with other characters are stored folded (``FoldedTexts``) —
/// so the index costs next to nothing beside the table. A query is split
/// into words; a person matches when every word is part of one of the
/// searched fields or of the role text. A word of five letters or more
/// also matches with one typo (``NearWord``): such people come after the
/// exact matches (``SearchMatches``), and a query without such a word
/// costs nothing more. A query that is a telephone number or its end, six
/// digits or more, also finds the people whose number ends so in E.164
/// form (``PhoneQuery``, in the index's ``PhoneRegion``). Queries scan in
/// parallel chunks and stop early when cancelled. A query that extends
/// the previous one (the user typed more) scans only the previous matches
/// (``canRefine(_:to:)``).
///
/// Threading: an immutable `Sendable` value; build and query it off the main thread.
public struct SearchIndex: Sendable {
  /// The fields a search looks in, besides the role.
  static let searchedFields: [UserTable.OwnField] = [.username, .displayName, .email]

  private let table: UserTable
  /// The folded values that are not plain ASCII, one store per searched field.
  private let folded: [FoldedTexts]
  /// The region national numbers are read in.
  public let region: PhoneRegion?
  /// Everyone's number, made on the first query that is a number.
  private let phones = MadeOnce<PhoneDigits>()
  /// Everyone's letters and which of their fields are plain ASCII.
  private let signatures: TextSignatures

  /// How many users the index covers.
  public var count: Int { table.userCount }

  /// Indexes the people of `table` (a few tenths of a second for a
  /// million mostly-ASCII names: only the others are folded now, and each
  /// person's letters noted, ``TextSignatures``), reading national
  /// telephone numbers in `region`'s way.
  public init(_ table: UserTable, region: PhoneRegion? = nil) {
    self.table = table
    self.region = region
    folded = Self.searchedFields.map { field in
      FoldedTexts(
        (0..<table.userCount).lazy.map {
          table.scanned($0)
          return (index: $0, bytes: table.bytes(field, at: $0))
        })
    }
    signatures = TextSignatures(table, fields: Self.searchedFields, folded: folded)
    table.releaseMappedPages()
  }

  /// Indexes `viewModels` (tests and small lists).
  public init(_ viewModels: [UserViewModel], region: PhoneRegion? = nil) {
    self.init(UserTable(viewModels.map(\.user)), region: region)
  }

  /// The positions of the users matching `query`, those matched exactly
  /// first, each part ascending; all of them for an empty query. Scans
  /// only `within` when given (a refinement). Returns nil if `isCancelled`
  /// turned true while scanning.
  public func matches(
    _ query: String, within candidates: [Int]? = nil,
    isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    rankedMatches(query, within: candidates, isCancelled: isCancelled)?.ranked
  }

  /// The users matching `query`: exactly, then only with a typo (unless
  /// `typos` is false), each part ascending; everyone (exactly) for an
  /// empty query. Scans only `within` when given. Returns nil if
  /// `isCancelled` turned true while scanning.
  public func rankedMatches(
    _ query: String, within candidates: [Int]? = nil, typos: Bool = true,
    isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> SearchMatches? {
    let words = SearchText.words(of: query)
    if words.isEmpty { return SearchMatches(exact: candidates ?? Array(0..<count)) }
    let test = Test(query: query, words: words, index: self, typos: typos)
    guard
      var found = ParallelScan.graded(
        of: candidates ?? Array(0..<count), in: table, isCancelled: isCancelled,
        grade: { test.grade($0) })
    else { return nil }
    if candidates != nil {
      found.exact.sort()
      found.near.sort()
    }
    return found
  }

  /// The first `limit` positions (ascending) of the users matching
  /// `query` exactly, read in order until `limit` are found: what a
  /// launcher's few results need (GNOME Shell's search shows a handful),
  /// without scanning everyone for a common word. Returns nil if
  /// `isCancelled` turned true.
  public func firstMatches(
    _ query: String, limit: Int, isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    let words = SearchText.words(of: query)
    if words.isEmpty { return Array(0..<min(limit, count)) }
    let test = Test(query: query, words: words, index: self, typos: false)
    var found: [Int] = []
    defer { table.releaseMappedPages() }
    for index in 0..<count {
      if index & 0xFFF == 0, isCancelled() { return nil }
      table.scanned(index)
      guard test.grade(index) == .exact else { continue }
      found.append(index)
      if found.count >= limit { break }
    }
    return found
  }

  /// Whether the matches of `old` hold every match of `new`, so a search
  /// for `new` may scan only them: `new` extends `old`, and no word gains
  /// a typo's tolerance `old` did not give ("kowa" finds no "kovalski",
  /// "kowal" does).
  public static func canRefine(_ old: String, to new: String) -> Bool {
    guard new.hasPrefix(old), PhoneQuery(new, region: nil) == nil else { return false }
    let oldWords = SearchText.words(of: old)
    let newWords = SearchText.words(of: new)
    for (k, word) in newWords.enumerated() where NearWord(word) != nil {
      guard k < oldWords.count, NearWord(oldWords[k]) != nil else { return false }
    }
    return true
  }

  /// One query's words prepared for testing people.
  ///
  /// Threading: an immutable value the scan's chunks share.
  private struct Test: Sendable {
    let index: SearchIndex
    let words: [[UInt8]]
    /// Each word of five letters or more, ready to match with a typo.
    let near: [NearWord?]
    /// Which roles match each word, decided once per query.
    let roleMatches: [[Bool]]
    let phone: PhoneQuery?
    let phones: PhoneDigits?
    /// Each word's letters (``TextSignatures/exactLetters(_:)``).
    let letters: [UInt32]

    init(query: String, words: [[UInt8]], index: SearchIndex, typos: Bool = true) {
      self.index = index
      self.words = words
      near = words.map { typos ? NearWord($0) : nil }
      roleMatches = words.map { word in
        Role.allCases.map { role in SearchText.folded(role.displayText).contains(word) }
      }
      phone = PhoneQuery(query, region: index.region)
      phones = phone.map { _ in
        index.phones.value { PhoneDigits(index.table, region: index.region) }
      }
      letters = words.map { TextSignatures.letters(of: $0).exact }
    }

    func grade(_ person: Int) -> MatchGrade {
      if let phone, let phones, phone.matches(phones[person]) { return .exact }
      // Role.allCases is in the order of the roles' stored bytes.
      let role = Int(index.table.role(at: person).byte)
      var grade = MatchGrade.exact
      let signatures = index.signatures
      for (k, word) in words.enumerated() where !roleMatches[k][role] {
        if let near = near[k], near.mayBeNear(signatures.nearLetters(person)) {
          switch index.grade(near, at: person) {
          case .exact: continue
          case .near: grade = .near
          case .none: return .none
          }
        } else if letters[k] & ~signatures.exactLetters(person) != 0
          || !index.contains(word, at: person)
        {
          return .none
        }
      }
      return grade
    }
  }

  /// Whether one of person `index`'s searched fields contains `word`.
  @inline(__always)
  private func contains(_ word: [UInt8], at index: Int) -> Bool {
    for (k, field) in Self.searchedFields.enumerated() {
      let bytes = table.bytes(field, at: index)
      if bytes.isEmpty { continue }
      if signatures.isASCII(index, field: k) {
        if SearchText.containsFoldingASCII(bytes, word) { return true }
      } else if folded[k].contains(word, at: index) {
        return true
      }
    }
    return false
  }

  /// How person `index`'s searched fields contain `near`: exactly in one,
  /// else with one typo in one (not in an email's domain), else not.
  private func grade(_ near: NearWord, at index: Int) -> MatchGrade {
    var best = MatchGrade.none
    for (k, field) in Self.searchedFields.enumerated() {
      let bytes = table.bytes(field, at: index)
      if bytes.isEmpty { continue }
      let isEmail = field == .email
      let grade =
        signatures.isASCII(index, field: k)
        ? near.grade(in: bytes, lowering: true, isEmail: isEmail)
        : folded[k].grade(near, at: index, isEmail: isEmail)
      if grade == .exact { return .exact }
      if grade == .near { best = .near }
    }
    return best
  }
}
