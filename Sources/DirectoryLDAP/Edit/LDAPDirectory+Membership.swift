import Directory

/// Putting people in groups and taking them out: the member value (their
/// DN in `member` or `uniqueMember`, their username in a POSIX group's
/// `memberUid`) added or deleted alone, the group's other members left as
/// they are. Whether they are in it is asked first with a filter on the
/// group entry, so a group of a million is never read; a change that
/// meets the other state anyway (someone else did it meanwhile) writes
/// nothing.
extension LDAPDirectory {
  public func setMember(_ member: Bool, username: String, group: String)
    async throws(DirectoryError) -> SwitchOutcome
  {
    guard let found = try await self.group(named: group) else { return .noSuchGroup }
    guard let person = try await editedEntry(username, attributes: ["1.1"]) else {
      return .noSuchPerson
    }
    let (attribute, value) = try await memberValue(of: person.dn, username: username, in: found.id)
    let isIn = try await holds(found.id, attribute, value)
    guard isIn != member else { return .alreadySo }
    let change = LDAPModification(
      attribute: attribute, values: [Array(value.utf8)], removing: !member)
    switch try await modify(dn: found.id, [change]) {
    case .applied(let logFailure): return .changed(logFailure: logFailure)
    case .conflict: return .changedMeanwhile
    case .refused(let code, let message): return .refused(reason: Self.reason(code, message))
    }
  }

  /// The attribute the group `group` keeps its members in, by its object
  /// classes, and the value that names the person `dn` there.
  private func memberValue(of dn: String, username: String, in group: String)
    async throws(DirectoryError) -> (attribute: String, value: String)
  {
    let request = LDAPSearchRequest(
      base: group, scope: .base, filter: "(objectClass=*)", attributes: ["objectClass"])
    let entry = try await perform { session, flag throws(DirectoryError) in
      try session.search(request, cancel: flag).entries.first
    }
    let classes = Set(Self.texts(entry?.values("objectClass") ?? []).map { $0.lowercased() })
    if classes.contains("groupofuniquenames") { return ("uniqueMember", dn) }
    if classes.contains("posixgroup"), !classes.contains("groupofnames") {
      return ("memberUid", username)
    }
    return ("member", dn)
  }

  /// Whether the entry `dn`'s `attribute` holds `value` (a filter on the
  /// entry alone: none of its values is read).
  private func holds(_ dn: String, _ attribute: String, _ value: String)
    async throws(DirectoryError) -> Bool
  {
    let request = LDAPSearchRequest(
      base: dn, scope: .base, filter: "(\(attribute)=\(LDAPFilter.escape(value)))",
      attributes: ["1.1"])
    return try await perform { session, flag throws(DirectoryError) in
      !(try session.search(request, cancel: flag).entries.isEmpty)
    }
  }
}
