import Directory

/// A server's groups (`groupOfNames` and `groupOfUniqueNames`, Active
/// Directory's `group`) under ``groupsBase()``, the whole subtree. A range of groups is one search sorted by
/// name on the server (`cn:caseIgnoreOrderingMatch`) with virtual list
/// view, on a connection of its own per search text; without virtual list
/// view, the groups are read once with Paged Results and sorted here.
/// Member counts are left unknown: only reading every member value of
/// every group would tell them.
extension LDAPDirectory {
  /// Where groups are searched for: ``LDAPOptions/groupsBase``, else the
  /// naming context that holds the people (the root DSE's; groups usually
  /// sit beside the people, `ou=groups` next to `ou=people`, and Active
  /// Directory keeps them anywhere in the domain), else the URL's base.
  func groupsBase() async throws(DirectoryError) -> String {
    if let base = options.groupsBase { return base }
    return try await rootDSE().namingContext(holding: url.baseDN) ?? url.baseDN
  }

  public func groups(_ range: Range<Int>, matching text: String) async throws(DirectoryError)
    -> GroupRange
  {
    if try await mode() == .paged { return try await listedGroups(range, matching: text) }
    let reader = groupsView(matching: text)
    let view = LDAPSearchRequest.VirtualListView(
      offset: range.lowerBound + 1, afterCount: max(range.count - 1, 0),
      contentCount: reader.state.withLock { $0.lastCount })
    do {
      let rows = try await withSortKeys(options.schema.groupSortKey) {
        [self] key throws(DirectoryError) in
        let template = LDAPSearchRequest(
          base: try await groupsBase(), scope: .sub, filter: groupFilter(matching: text),
          attributes: [options.schema.groupNameAttribute], sortKey: key)
        return try await reader.sortedWindow(template, view) {
          [self] raw, _, _ throws(DirectoryError) in raw.map(groupEntry)
        }
      }
      return GroupRange(
        offset: rows.offset, groups: Array(rows.entries.prefix(range.count)),
        count: rows.count)
    } catch {
      guard readsForward(after: error) else { throw error }
      return try await listedGroups(range, matching: text)
    }
  }

  public func group(named nameOrID: String) async throws(DirectoryError) -> DirectoryGroupEntry? {
    let schema = options.schema
    let byName = LDAPSearchRequest(
      base: try await groupsBase(), scope: .sub,
      filter:
        "(&\(schema.groupFilter)(\(schema.groupNameAttribute)=\(LDAPFilter.escape(nameOrID))))",
      attributes: [schema.groupNameAttribute])
    let named = try await perform { session, flag throws(DirectoryError) in
      try session.search(byName, cancel: flag).entries.first
    }
    if let named { return groupEntry(named) }
    guard nameOrID.contains("=") else { return nil }
    return try await group(at: nameOrID)
  }

  /// With memberOf one level deep, the groups under the groups base whose
  /// memberOf names `group`; else (no memberOf, or memberOf of every
  /// level: ``memberOfHoldsEveryLevel()``) the groups under the groups base
  /// among its member values (all of them read). By name.
  public func subgroups(of group: DirectoryGroupEntry) async throws(DirectoryError)
    -> [DirectoryGroupEntry]
  {
    let schema = options.schema
    if try await keepsMemberOf(), try await !memberOfHoldsEveryLevel() {
      let request = LDAPSearchRequest(
        base: try await groupsBase(), scope: .sub,
        filter:
          "(&\(schema.groupFilter)(\(schema.memberOfAttribute)=\(LDAPFilter.escape(group.id))))",
        attributes: [schema.groupNameAttribute])
      return Self.byName(try await allEntries(request).map(groupEntry))
    }
    let dn = group.id
    let members = try await perform { session, flag throws(DirectoryError) in
      var ranges = MemberRanges(group: dn, attributes: schema.memberAttributes)
      var members = Set<String>()
      while ranges.next != nil {
        for value in try ranges.readNext(session: session, cancel: flag) {
          members.insert(MemberReader.normalized(value))
        }
      }
      return members
    }
    guard !members.isEmpty else { return [] }
    let every = LDAPSearchRequest(
      base: try await groupsBase(), scope: .sub, filter: schema.groupFilter,
      attributes: [schema.groupNameAttribute])
    return Self.byName(
      try await allEntries(every).filter { members.contains(MemberReader.normalized($0.dn)) }
        .map(groupEntry))
  }

  /// By the entry's memberOf where the server keeps it one level deep,
  /// else the groups under the groups base naming it as a member. By name.
  public func groups(of identity: String) async throws(DirectoryError) -> [DirectoryGroupEntry] {
    let schema = options.schema
    if try await keepsMemberOf(), try await !memberOfHoldsEveryLevel() {
      let primary = schema.primaryGroupAttribute.map { [$0, "objectSid"] } ?? []
      let raw = try await entry(identity, attributes: [schema.memberOfAttribute] + primary)
      var groups: [DirectoryGroupEntry] = []
      for value in raw?.values(schema.memberOfAttribute) ?? [] {
        if let group = try await group(at: String(decoding: value, as: UTF8.self)) {
          groups.append(group)
        }
      }
      if let raw, let group = try await primaryGroup(of: raw), !groups.contains(group) {
        groups.append(group)
      }
      return Self.byName(groups)
    }
    let dn = LDAPFilter.escape(try await dn(of: identity))
    let anyOf = schema.memberAttributes.map { "(\($0)=\(dn))" }.joined()
    let request = LDAPSearchRequest(
      base: try await groupsBase(), scope: .sub, filter: "(&\(schema.groupFilter)(|\(anyOf)))",
      attributes: [schema.groupNameAttribute])
    return Self.byName(try await allEntries(request).map(groupEntry))
  }

  /// The primary group of the person `raw` (Active Directory: the group
  /// whose `objectSid` is the person's domain SID and their
  /// `primaryGroupID`), which memberOf does not list; nil where the schema
  /// has no primary group or the entry says none.
  private func primaryGroup(of raw: LDAPRawEntry) async throws(DirectoryError)
    -> DirectoryGroupEntry?
  {
    guard let attribute = options.schema.primaryGroupAttribute,
      let rid = raw.text(attribute).flatMap({ UInt32($0) }),
      let sid = raw.values("objectSid").first.flatMap(ObjectSID.init)
    else { return nil }
    let group = sid.withRelativeID(rid)
    let request = LDAPSearchRequest(
      base: try await groupsBase(), scope: .sub,
      filter: "(&\(options.schema.groupFilter)(objectSid=\(group.filterValue)))",
      attributes: [options.schema.groupNameAttribute])
    return try await allEntries(request).first.map(groupEntry)
  }

  /// The groups matching `text`: `(&<group classes>(cn=*text*))`, escaped.
  private func groupFilter(matching text: String) -> String {
    let schema = options.schema
    guard !text.isEmpty else { return schema.groupFilter }
    return "(&\(schema.groupFilter)(\(schema.groupNameAttribute)=*\(LDAPFilter.escape(text))*))"
  }

  private func groupEntry(_ raw: LDAPRawEntry) -> DirectoryGroupEntry {
    DirectoryGroupEntry(id: raw.dn, name: raw.text(options.schema.groupNameAttribute) ?? raw.dn)
  }

  /// The group whose DN is `dn`; nil when there is none or it is no group.
  private func group(at dn: String) async throws(DirectoryError) -> DirectoryGroupEntry? {
    let request = LDAPSearchRequest(
      base: dn, scope: .base, filter: options.schema.groupFilter,
      attributes: [options.schema.groupNameAttribute])
    do {
      return try await perform { session, flag throws(DirectoryError) in
        try session.search(request, cancel: flag).entries.first
      }.map(groupEntry)
    } catch {
      switch error.ldap {
      case .noSuchBase?, .result(code: 34, _)?: return nil
      default: throw error
      }
    }
  }

  /// The view a range of the groups matching `text` is read from: one
  /// connection keeps one sorted list, so a new text gets a new one.
  private func groupsView(matching text: String) -> LDAPDirectory {
    if let known = state.withLock({ $0.groupsView }), known.text == text { return known.view }
    let view = view(Query())
    state.withLock { $0.groupsView = (text, view) }
    return view
  }

  /// A range of the groups matching `text`, read once with Paged Results
  /// and sorted here (a server without virtual list view).
  private func listedGroups(_ range: Range<Int>, matching text: String) async throws(DirectoryError)
    -> GroupRange
  {
    var groups = state.withLock { $0.groupList }.flatMap { $0.text == text ? $0.groups : nil }
    if groups == nil {
      let request = LDAPSearchRequest(
        base: try await groupsBase(), scope: .sub, filter: groupFilter(matching: text),
        attributes: [options.schema.groupNameAttribute])
      let sorted = Self.byName(try await allEntries(request).map(groupEntry))
      state.withLock { $0.groupList = (text, sorted) }
      groups = sorted
    }
    let all = groups ?? []
    let lower = min(range.lowerBound, all.count)
    let upper = min(max(range.upperBound, lower), all.count)
    return GroupRange(offset: lower, groups: Array(all[lower..<upper]), count: all.count)
  }

  /// Every entry `request` finds, read with Paged Results (past the
  /// server's size limit) on one connection.
  func allEntries(_ request: LDAPSearchRequest) async throws(DirectoryError) -> [LDAPRawEntry] {
    let pageSize = options.pageSize
    return try await perform { session, flag throws(DirectoryError) in
      var entries: [LDAPRawEntry] = []
      var cookie: [UInt8] = []
      repeat {
        var page = request
        page.page = (pageSize, cookie)
        let response = try session.search(page, cancel: flag)
        entries += response.entries
        cookie = response.pageCookie ?? []
      } while !cookie.isEmpty
      return entries
    }
  }

  /// Groups by name, ignoring case, then by DN.
  private static func byName(_ groups: [DirectoryGroupEntry]) -> [DirectoryGroupEntry] {
    groups.sorted { left, right in
      let (a, b) = (left.name.lowercased(), right.name.lowercased())
      return a == b ? left.id < right.id : a < b
    }
  }
}
