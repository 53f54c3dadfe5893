import Directory
import FoundationEssentials

/// A group's people read in the group's order, for a server that keeps no
/// memberOf: its member values are read as far as a range needs
/// (``MemberRanges``, a range at a time where the server hands out
/// ranges), then each member's entry by a search on its DN with the
/// directory's filter (the URL's, the search text, the query's filter and
/// the exclusion of groups), in chunks of ``chunkSize``. A member the
/// filter does not match, that is a group, lies outside the URL's base or
/// no longer exists is skipped, so positions count people, and the count
/// grows as the members are read until the last (`isCountFinal`), as with
/// Paged Results. Nothing is sorted: the group's order stands.
///
/// The member DNs read stay (text only); the people read are kept in a
/// ``ForwardRangeCache`` (a range before them starts the reading of
/// entries again, not of the member values).
///
/// Threading: owned by one ``LDAPDirectory`` and used only on its
/// connection's queue.
final class MemberReader: @unchecked Sendable {
  /// How many member DNs one step turns into entries.
  static let chunkSize = 100

  private var ranges: MemberRanges
  private var dns: [String] = []
  /// The position in `dns` of the next member to look up.
  private var cursor = 0
  private var cache: ForwardRangeCache
  private let base: String
  private let filter: String
  private let mapper: LDAPEntryMapper

  /// A reader of `group`'s members under `base` that `filter` matches.
  init(
    group: String, base: String, filter: String, schema: LDAPSchema, mapper: LDAPEntryMapper,
    cacheLimit: Int = 20_000
  ) {
    ranges = MemberRanges(group: group, attributes: schema.memberAttributes)
    self.base = Self.normalized(base)
    self.filter = filter
    self.mapper = mapper
    cache = ForwardRangeCache(limit: max(cacheLimit, Self.chunkSize))
  }

  /// The people at `range` once read (fewer at the end), the count so far
  /// and how many searches this call made.
  func rows(_ range: Range<Int>, session: LDAPSession, cancel: CancellationFlag)
    throws(DirectoryError) -> (RowRange, searches: Int)
  {
    if cache.startsBefore(range.lowerBound) { restart() }
    var searches = 0
    while cache.needsMore(for: range) {
      searches += try step(session, cancel: cancel)
    }
    return (cache.rows(range), searches)
  }

  /// The first person read so far whose username is `sortKey` (ignoring
  /// case), else the top: the group's order has no "at or after".
  func position(ofFirstAtOrAfter sortKey: String, session: LDAPSession, cancel: CancellationFlag)
    throws(DirectoryError) -> RowRange
  {
    while !cache.isFinal && cache.readCount == 0 { _ = try step(session, cancel: cancel) }
    return cache.position(ofFirstAtOrAfter: sortKey)
  }

  private func restart() {
    cache.reset()
    cursor = 0
  }

  /// Reads the next member values, or looks up the next chunk of members;
  /// returns the searches made.
  private func step(_ session: LDAPSession, cancel: CancellationFlag) throws(DirectoryError) -> Int
  {
    if cancel.isCancelled { throw .cancelled }
    if cursor == dns.count {
      guard ranges.next != nil else {
        cache.append([], isFinal: true)
        return 0
      }
      dns += try ranges.readNext(session: session, cancel: cancel)
      if cursor == dns.count && ranges.next == nil { cache.append([], isFinal: true) }
      return 1
    }
    let chunk = dns[cursor..<min(cursor + Self.chunkSize, dns.count)]
    var people: [DirectoryEntry] = []
    var searches = 0
    for dn in chunk where isUnderBase(dn) {
      searches += 1
      if let entry = try lookUp(dn, session: session, cancel: cancel) { people.append(entry) }
    }
    cursor += chunk.count
    cache.append(people, isFinal: cursor == dns.count && ranges.next == nil)
    return searches
  }

  /// The member `dn` when it exists and the filter matches it.
  private func lookUp(_ dn: String, session: LDAPSession, cancel: CancellationFlag)
    throws(DirectoryError) -> DirectoryEntry?
  {
    let request = LDAPSearchRequest(
      base: dn, scope: .base, filter: filter, attributes: mapper.windowAttributes)
    do {
      return try session.search(request, cancel: cancel).entries.first.map { mapper.entry($0) }
    } catch {
      switch error.ldap {
      case .noSuchBase?, .result(code: 34, _)?: return nil  // gone, or not a DN
      default: throw error
      }
    }
  }

  private func isUnderBase(_ dn: String) -> Bool {
    base.isEmpty || Self.normalized(dn).hasSuffix("," + base)
  }

  /// A DN compared loosely: lower case, no spaces around separators, a
  /// special character escaped in hex (`\2c`, as slapd writes it) the
  /// same as with a backslash (`\,`, as an LDIF may).
  static func normalized(_ dn: String) -> String {
    var text = dn.lowercased()
    for special in ",+\"\\<>;=" {
      let hex = String(special.asciiValue ?? 0, radix: 16)
      text = text.replacing("\\\(hex)", with: "\\\(special)")
    }
    for separator in [",", "=", "+"] {
      text = text.replacing(" \(separator)", with: separator)
        .replacing("\(separator) ", with: separator)
    }
    return text
  }
}
