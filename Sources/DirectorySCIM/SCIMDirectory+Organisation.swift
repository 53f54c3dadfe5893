import Directory

/// Groups, members, reports and one person, read from the service.
///
/// What scim2-server 0.8.3 answers (checked against it in the tests):
/// `/Groups` pages sorted by `displayName` and filtered with `co` and `eq`;
/// `members.value eq` on /Groups; the enterprise `manager.value eq` on
/// /Users. It does not fill a User's `groups` (see ``SCIMMembership``) and
/// has no member count, so ``DirectoryGroupEntry/memberCount`` stays nil
/// rather than each group's member list being read to count it.
extension SCIMDirectory: OrganisedDirectory {
  /// The attributes a group of a range needs.
  static let groupAttributes = "id,displayName"

  public func groups(_ range: Range<Int>, matching text: String) async throws(DirectoryError)
    -> GroupRange
  {
    let size = pageSize(try await client.capabilities())
    let filter = text.isEmpty ? nil : "displayName co \(SCIMFilter.literal(text))"
    var groups: [DirectoryGroupEntry] = []
    var total = 0
    var next = range.lowerBound
    repeat {
      let wanted = min(range.upperBound - next, size)
      let page = try await groupPage(from: next, count: max(wanted, 0), filter: filter)
      total = page.total
      groups += page.groups.prefix(wanted)
      next += page.groups.count
      if page.groups.count < wanted || page.groups.isEmpty { break }
    } while next < range.upperBound
    return GroupRange(offset: min(range.lowerBound, total), groups: groups, count: total)
  }

  public func group(named nameOrID: String) async throws(DirectoryError) -> DirectoryGroupEntry? {
    let named = "displayName eq \(SCIMFilter.literal(nameOrID))"
    if let group = try await groupPage(from: 0, count: 1, filter: named).groups.first {
      return group
    }
    guard let path = SCIMQuery.resource("Groups", nameOrID) else { return nil }
    do {
      let body = try await client.get(path + "?attributes=" + Self.groupAttributes).body
      return try SCIMGroupResponsePage.group(decoding: body)
    } catch .httpStatus(404) {
      return nil
    }
  }

  public func members(of group: DirectoryGroupEntry) -> any RangedDirectory {
    SCIMGroupMembers(membership: SCIMMembership(client: client, group: group.id), query: Query())
  }

  /// The groups among the group's members, by name: their names are asked
  /// of /Groups a few ids at a time.
  public func subgroups(of group: DirectoryGroupEntry) async throws(DirectoryError)
    -> [DirectoryGroupEntry]
  {
    let ids = try await SCIMMembership.members(of: group.id, client: client).groups
    var groups: [DirectoryGroupEntry] = []
    let step = SCIMGroupMembers.idsPerRequest
    for start in stride(from: 0, to: ids.count, by: step) {
      let chunk = ids[start..<min(start + step, ids.count)]
      let page = try await groupPage(
        from: 0, count: chunk.count, filter: SCIMFilter.any("id", of: chunk))
      groups += page.groups
    }
    return groups.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
  }

  public func reports(to identity: String) -> any RangedDirectory {
    let manager = SCIMFilter.managerPath
    return SCIMDirectory(
      client: client, query: Query(scope: "\(manager) eq \(SCIMFilter.literal(identity))"))
  }

  public func person(username: String) async throws(DirectoryError) -> DirectoryEntry? {
    let lookup = "userName eq \(SCIMFilter.literal(username))"
    return try await page(from: 0, count: 1, sorted: false, filter: lookup).users.first?.entry
  }

  public func person(identity: String) async throws(DirectoryError) -> DirectoryEntry? {
    guard let path = SCIMQuery.resource("Users", identity) else { return nil }
    do {
      let body = try await client.get(path + "?attributes=" + Self.rowAttributes).body
      let user = try SCIMUser(decoding: body)
      client.remember([user])
      return user.entry
    } catch .httpStatus(404) {
      return nil
    }
  }

  /// From the user's `groups` where the server fills it, else the groups
  /// whose `members.value` is the user (at most one page of them).
  public func groups(of identity: String) async throws(DirectoryError) -> [DirectoryGroupEntry] {
    guard let path = SCIMQuery.resource("Users", identity) else { return [] }
    do {
      let body = try await client.get(path + "?attributes=groups").body
      if let groups = try SCIMGroupResponsePage.groups(ofUser: body) {
        return groups.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
      }
    } catch .httpStatus(404) {
      return []
    }
    let size = pageSize(try await client.capabilities())
    let member = "members.value eq \(SCIMFilter.literal(identity))"
    return try await groupPage(from: 0, count: size, filter: member).groups
  }

  /// `count` groups from position `start` (from 0), by name where the
  /// server sorts.
  private func groupPage(from start: Int, count: Int, filter: String?)
    async throws(DirectoryError) -> SCIMGroupResponsePage
  {
    var query = [("startIndex", "\(start + 1)"), ("count", "\(count)")]
    if try await client.capabilities().sorts {
      query += [("sortBy", "displayName"), ("sortOrder", "ascending")]
    }
    if let filter { query.append(("filter", filter)) }
    query.append(("attributes", Self.groupAttributes))
    return try SCIMGroupResponsePage(
      decoding: try await client.get("/Groups?" + SCIMQuery.encode(query)).body)
  }
}
