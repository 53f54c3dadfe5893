import Directory

/// One person, a group's people and a manager's reports: the people of
/// ``OrganisedDirectory``. A group's people are everyone narrowed by
/// `(memberOf=<group DN>)` where the server keeps memberOf (asked once per
/// directory: ``keepsMemberOf()``) one level deep, so they are sorted,
/// windowed, searched and filtered by the server exactly as everyone is;
/// else they are read from the group's member values in its own order
/// (``MemberReader``). 389 Directory Server's MemberOf Plugin (FreeIPA's)
/// writes every level into memberOf (``memberOfHoldsEveryLevel()``): there
/// memberOf narrows a group's people only when no group sits inside it, and
/// gives everyone at every level instead (``everyMember(of:)``). A
/// manager's reports are everyone narrowed by `(manager=<DN>)`.
extension LDAPDirectory: OrganisedDirectory {
  public func members(of group: DirectoryGroupEntry) -> any RangedDirectory {
    let schema = options.schema
    let dn = group.id
    return DeferredLDAPView(
      parent: self, query: Query(),
      shared: .init { directory throws(DirectoryError) in
        let notGroups = "(!\(schema.groupFilter))"
        guard try await directory.keepsMemberOf() else { return (notGroups, dn) }
        // Where memberOf holds every level, it names a group's own people
        // only while no group sits inside it.
        if try await directory.memberOfHoldsEveryLevel(),
          try await !directory.subgroups(of: group).isEmpty
        {
          return (notGroups, dn)
        }
        return ("(&(\(schema.memberOfAttribute)=\(LDAPFilter.escape(dn)))\(notGroups))", nil)
      })
  }

  /// Everyone in `group` at any depth, found by the server: on Active
  /// Directory through the in-chain matching rule
  /// (`memberOf:1.2.840.113556.1.4.1941:=<DN>`, which follows groups inside
  /// groups), and where memberOf holds every level (389's MemberOf Plugin)
  /// by `(memberOf=<DN>)` itself, once a search has found nobody in a group
  /// inside `group` without `group` in their memberOf. Nil elsewhere (the
  /// caller reads the levels one by one).
  public func everyMember(of group: DirectoryGroupEntry) async throws(DirectoryError)
    -> (any RangedDirectory)?
  {
    let schema = options.schema
    let dn = LDAPFilter.escape(group.id)
    let chain: String
    if case .activeDirectory = try await rootDSE().product {
      chain = "(\(schema.memberOfAttribute):\(Self.inChainRule):=\(dn))"
    } else if try await memberOfHoldsEveryLevel(), try await holdsEveryLevel(group) {
      chain = "(\(schema.memberOfAttribute)=\(dn))"
    } else {
      return nil
    }
    return DeferredLDAPView(
      parent: self, query: Query(),
      shared: .init { _ throws(DirectoryError) in ("(&\(chain)(!\(schema.groupFilter)))", nil) })
  }

  /// Whether the server's memberOf names every group above a person, not
  /// only those naming them as a member: 389 Directory Server's MemberOf
  /// Plugin does (its `memberOfSkipNested` is off as a new instance and
  /// FreeIPA have it; the setting lies in cn=config, which readers cannot
  /// see); slapd's overlay and Active Directory keep one level.
  func memberOfHoldsEveryLevel() async throws(DirectoryError) -> Bool {
    guard try await keepsMemberOf(), case .directoryServer389 = try await rootDSE().product
    else { return false }
    return true
  }

  /// Whether everyone in a group inside `group` has `group` in their
  /// memberOf too (nobody found without it): what makes `(memberOf=<DN>)`
  /// every level of `group`, whatever the server's settings.
  private func holdsEveryLevel(_ group: DirectoryGroupEntry) async throws(DirectoryError) -> Bool {
    let inner = try await subgroups(of: group)
    guard !inner.isEmpty else { return true }
    let memberOf = options.schema.memberOfAttribute
    let anyInner = inner.map { "(\(memberOf)=\(LDAPFilter.escape($0.id)))" }.joined()
    var probe = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope,
      filter: "(&(|\(anyInner))(!(\(memberOf)=\(LDAPFilter.escape(group.id)))))",
      attributes: ["1.1"])
    probe.sizeLimit = 1
    do {
      return try await perform { [probe] session, flag throws(DirectoryError) in
        try session.search(probe, cancel: flag).entries.isEmpty
      }
    } catch {
      guard case .sizeLimitExceeded? = error.ldap else { throw error }
      return false
    }
  }

  /// Active Directory's LDAP_MATCHING_RULE_IN_CHAIN.
  static let inChainRule = "1.2.840.113556.1.4.1941"

  public func reports(to identity: String) -> any RangedDirectory {
    let manager = LDAPSchema.managerAttribute
    return DeferredLDAPView(
      parent: self, query: Query(),
      shared: .init { directory throws(DirectoryError) in
        let dn = try await directory.dn(of: identity)
        return ("(\(manager)=\(LDAPFilter.escape(dn)))", nil)
      })
  }

  public func person(username: String) async throws(DirectoryError) -> DirectoryEntry? {
    let name = options.schema.usernameAttribute
    let request = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope,
      filter: "(&\(options.schema.peopleFilter(of: url))(\(name)=\(LDAPFilter.escape(username))))",
      attributes: mapper.windowAttributes)
    let raw = try await perform { session, flag throws(DirectoryError) in
      try session.search(request, cancel: flag).entries.first
    }
    return raw.map { mapper.entry($0) }
  }

  public func person(identity: String) async throws(DirectoryError) -> DirectoryEntry? {
    try await entry(identity, attributes: mapper.windowAttributes).map { mapper.entry($0) }
  }

  /// The directory `view` reads its ranges from: `view` itself, or the
  /// view a group's people or a manager's reports read once their
  /// narrowing is worked out (asking the server when it is not yet); nil
  /// for a view of another kind. Its `filter` and `sortKeys` are what the
  /// server is sent.
  public static func reading(_ view: any RangedDirectory) async throws(DirectoryError)
    -> LDAPDirectory?
  {
    if let directory = view as? LDAPDirectory { return directory }
    guard let deferred = view as? DeferredLDAPView else { return nil }
    return try await deferred.resolved()
  }

  /// Whether the server keeps memberOf on the people: a search for anyone
  /// with a memberOf value, at most one entry, no attributes. Asked once
  /// per directory (its views share the answer).
  func keepsMemberOf() async throws(DirectoryError) -> Bool {
    if let known = traits.keepsMemberOf.withLock({ $0 }) { return known }
    var probe = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope, filter: "(\(options.schema.memberOfAttribute)=*)",
      attributes: ["1.1"])
    probe.sizeLimit = 1
    let found: Bool
    do {
      found = try await perform { [probe] session, flag throws(DirectoryError) in
        !(try session.search(probe, cancel: flag).entries.isEmpty)
      }
    } catch {
      guard case .sizeLimitExceeded? = error.ldap else { throw error }
      found = true  // more than the one asked for
    }
    traits.keepsMemberOf.withLock { $0 = found }
    return found
  }

  /// The DN of the entry `identity`: itself when entries are named by DN,
  /// else the entry's (the identity itself when there is no such entry).
  func dn(of identity: String) async throws(DirectoryError) -> String {
    guard options.identity == .uniqueID else { return identity }
    return try await entry(identity, attributes: ["1.1"])?.dn ?? identity
  }

  /// A range of a group's people read from its member values.
  func memberWindow(_ range: Range<Int>) async throws(DirectoryError) -> RowRange {
    guard let members else { return RowRange(offset: 0, entries: [], count: 0) }
    let (rows, _) = try await perform { session, flag throws(DirectoryError) in
      try members.rows(range, session: session, cancel: flag)
    }
    state.withLock { $0.statistics.rangesRead += 1 }
    return rows
  }
}
