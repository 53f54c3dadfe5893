import Directory

/// Turning accounts on and off (the user's `active`, on the version read,
/// as every change is) and putting people in groups and taking them out: a
/// PATCH of the Group's `members`, `add` of the user's id or `remove` of
/// `members[value eq "<id>"]`, the other members left as they are. Whether
/// they are in it is asked first with a filter on /Groups, so a large
/// group is never read; the membership change carries no If-Match (a
/// group's version moves with every member, so it would fail for changes
/// of others), and the same change made by someone else meanwhile ends in
/// the same group.
extension SCIMDirectory {
  public func setActive(_ active: Bool, username: String) async throws(DirectoryError)
    -> SwitchOutcome
  {
    guard let user = try await editedUser(username) else { return .noSuchPerson }
    let seen = user.isActive
    guard seen != active else { return .alreadySo }
    let operation = JSONValue.object([
      "op": .string("replace"), "path": .string("active"), "value": .bool(active),
    ])
    do {
      try await patch(user.path, [operation], ifMatch: user.etag)
    } catch .httpStatus(412) {
      return .changedMeanwhile
    } catch .httpStatus(404) {
      return .noSuchPerson
    } catch .httpStatus(let status) where (400..<500).contains(status) {
      return .refused(reason: Self.reason(status))
    }
    let change = SCIMChangeRecord.Change(
      attribute: "active", before: [String(seen)], after: [String(active)])
    return .changed(logFailure: log(resource: user.path, name: user.userName, [change]))
  }

  public func setMember(_ member: Bool, username: String, group: String)
    async throws(DirectoryError) -> SwitchOutcome
  {
    guard let found = try await self.group(named: group),
      let path = SCIMQuery.resource("Groups", found.id)
    else { return .noSuchGroup }
    guard let id = try await userID(username) else { return .noSuchPerson }
    guard try await holds(group: found.id, member: id) != member else { return .alreadySo }
    let operation: JSONValue
    if member {
      operation = .object([
        "op": .string("add"), "path": .string("members"),
        "value": .array([.object(["value": .string(id), "type": .string("User")])]),
      ])
    } else {
      operation = .object([
        "op": .string("remove"),
        "path": .string("members[value eq \(SCIMFilter.literal(id))]"),
      ])
    }
    do {
      try await patch(path, [operation], ifMatch: nil)
    } catch .httpStatus(404) {
      return .noSuchGroup
    } catch .httpStatus(let status) where (400..<500).contains(status) {
      return .refused(reason: Self.reason(status))
    }
    let change = SCIMChangeRecord.Change(
      attribute: "members", before: member ? [] : [id], after: member ? [id] : [])
    return .changed(logFailure: log(resource: path, name: found.name, [change]))
  }

  /// Whether the group `group` lists the user `member` (a filter on
  /// /Groups: no member list travels).
  private func holds(group: String, member: String) async throws(DirectoryError) -> Bool {
    let filter =
      "id eq \(SCIMFilter.literal(group)) and members.value eq \(SCIMFilter.literal(member))"
    let query = [("filter", filter), ("startIndex", "1"), ("count", "0"), ("attributes", "id")]
    let body = try await client.get("/Groups?" + SCIMQuery.encode(query)).body
    return try SCIMResponsePage(decoding: body).total > 0
  }
}
