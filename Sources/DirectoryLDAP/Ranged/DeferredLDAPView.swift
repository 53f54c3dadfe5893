import Directory
import SharedSupport

/// A view of an ``LDAPDirectory`` whose narrowing needs an answer from the
/// server first: a group's members (through memberOf, or read from the
/// group when the server keeps none) and a manager's reports (their DN,
/// when entries are named by entryUUID). The narrowing is worked out on
/// first use and shared with the views made from this one by `searching`
/// and `querying`, which keep it; every range is then the inner view's.
///
/// Threading: `Sendable`; the narrowing and the inner view are behind
/// locks.
final class DeferredLDAPView: RangedDirectory {
  /// Works out the clause and group (``LDAPDirectory/Query``) a view adds.
  typealias Narrowing =
    @Sendable (LDAPDirectory) async throws(DirectoryError) -> (
      clause: String?, group: String?
    )

  /// The narrowing, once worked out, shared by the views made from one.
  final class Shared: Sendable {
    let narrowing: Narrowing
    let answer = Locked<(clause: String?, group: String?)?>(nil)

    init(_ narrowing: @escaping Narrowing) { self.narrowing = narrowing }
  }

  private let parent: LDAPDirectory
  private let query: LDAPDirectory.Query
  private let shared: Shared
  private let inner = Locked<LDAPDirectory?>(nil)

  /// A view of `parent` under `query` (search, filter and order) narrowed
  /// as `shared` works out.
  init(parent: LDAPDirectory, query: LDAPDirectory.Query, shared: Shared) {
    self.parent = parent
    self.query = query
    self.shared = shared
  }

  var location: String { parent.location }
  var settingsKey: String { parent.settingsKey }

  /// The view every range is read from, made on first use.
  func resolved() async throws(DirectoryError) -> LDAPDirectory {
    if let view = inner.withLock({ $0 }) { return view }
    let answer: (clause: String?, group: String?)
    if let known = shared.answer.withLock({ $0 }) {
      answer = known
    } else {
      answer = try await shared.narrowing(parent)
      shared.answer.withLock { $0 = answer }
    }
    var query = query
    query.clause = answer.clause
    query.group = answer.group
    // Asked once of the parent, the view inherits how the server is read.
    _ = try await parent.mode()
    let made = parent.view(query)
    return inner.withLock { view in
      if let view { return view }
      view = made
      return made
    }
  }

  func rows(_ range: Range<Int>) async throws(DirectoryError) -> RowRange {
    try await resolved().rows(range)
  }

  func searching(_ text: String) -> any RangedDirectory {
    var query = query
    query.search = text
    return DeferredLDAPView(parent: parent, query: query, shared: shared)
  }

  func querying(filter: PersonFilter?, sort: PersonSort?) -> any RangedDirectory {
    var query = query
    query.filter = filter
    query.sort = sort
    return DeferredLDAPView(parent: parent, query: query, shared: shared)
  }

  func sortRefusals() async throws(DirectoryError) -> [PersonField: String] {
    try await resolved().sortRefusals()
  }

  func position(ofFirstAtOrAfter sortKey: String) async throws(DirectoryError) -> RowRange {
    try await resolved().position(ofFirstAtOrAfter: sortKey)
  }

  func photo(of identity: String, maxBytes: Int) async throws(DirectoryError) -> [UInt8]? {
    try await parent.photo(of: identity, maxBytes: maxBytes)
  }

  func attributes(of identity: String) async throws(DirectoryError) -> [DirectoryAttribute] {
    try await parent.attributes(of: identity)
  }

  /// The directory's views share one failover handler.
  func observeFailovers(_ handler: @escaping @Sendable (DirectoryFailover) -> Void) {
    parent.observeFailovers(handler)
  }
}
