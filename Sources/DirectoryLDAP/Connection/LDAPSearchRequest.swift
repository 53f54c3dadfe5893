/// One search as the session sends it, with the controls that make it a
/// sorted range or a page.
///
/// Threading: a plain value; `Sendable`.
struct LDAPSearchRequest: Sendable {
  /// Virtual list view (draft-ietf-ldapext-ldapv3-vlv): a range around a
  /// target, by offset (1-based) or by the first key at or after a value.
  struct VirtualListView: Sendable {
    var offset = 1
    var beforeCount = 0
    var afterCount = 0
    /// The client's idea of the count (0: none); the server scales
    /// `offset` when its count differs.
    var contentCount = 0
    /// A greaterThanOrEqual target instead of the offset.
    var atOrAfter: String?
    var context: [UInt8]?
  }

  var base: String
  var scope: LDAPURL.Scope
  var filter: String
  var attributes: [String]
  /// At most this many entries (0: the server's limit); past it the server
  /// answers "size limit exceeded".
  var sizeLimit = 0
  /// Ask for attribute names without their values.
  var attributesOnly = false
  /// The sort control (RFC 2891) key, e.g. "uid:caseIgnoreOrderingMatch".
  var sortKey: String?
  var isSortCritical = true
  var virtualListView: VirtualListView?
  /// Paged Results (RFC 2696): the page size and the cookie from the last
  /// page (empty for the first).
  var page: (size: Int, cookie: [UInt8])?
  /// Active Directory's DirSync (critical): the changes since `cookie`
  /// (empty: every entry), with DirSync's `flags`.
  var dirSync: (flags: Int32, cookie: [UInt8])?
  /// 389 Directory Server's Get Effective Rights control: the rights of
  /// this authorization identity ("dn:uid=ada,…") on each entry come back
  /// as its `attributeLevelRights` and `entryLevelRights`.
  var effectiveRightsOf: String?

  /// The attributes of the sort keys, without their direction or rules.
  var sortAttributes: [String] { Self.attributes(ofSortKeys: sortKey ?? "") }

  /// The attributes of space-separated sort keys ("-title:rule uid" →
  /// ["title", "uid"]).
  static func attributes(ofSortKeys keys: String) -> [String] {
    keys.split(separator: " ").map { key in
      String(key.drop(while: { $0 == "-" }).prefix(while: { $0 != ":" }))
    }
  }
}

/// What a search returned: the entries, and the answers of the controls.
///
/// Threading: a plain value; `Sendable`.
struct LDAPSearchResponse: Sendable {
  struct VirtualListView: Sendable {
    /// 1-based position of the target entry.
    var targetPosition: Int
    var contentCount: Int
    var context: [UInt8]?
    var resultCode: Int32
  }

  var entries: [LDAPRawEntry] = []
  var virtualListView: VirtualListView?
  /// The cookie for the next page; empty after the last.
  var pageCookie: [UInt8]?
  /// DirSync's answer: whether more changes wait (ask again at once), and
  /// the cookie to ask from.
  var dirSync: (more: Bool, cookie: [UInt8])?
}
