import Directory
import SharedSupport

/// Who is directly in one SCIM group, found out once for all the views of
/// its members (searches and filters share it).
///
/// RFC 7643 derives a User's read-only `groups` from Group membership, so
/// a server that fills it answers `groups.value eq "<group id>"` on /Users,
/// and the members are read like everyone: sorted, searched, filtered and
/// paged on the server. scim2-server 0.8.3 does not fill it (that filter
/// matches nobody), so the group's own `members` list is read once and
/// the people come in its order. Which one holds is asked, not assumed:
/// the filter is used only when the server counts exactly the people the
/// group lists.
///
/// Threading: `Sendable`; what was found is behind a lock, and two views
/// that ask at once may both ask the server (the first answer stays).
final class SCIMMembership: Sendable {
  /// How the group's people are read.
  enum People: Sendable, Equatable {
    /// The server's filter on /Users selects them.
    case filtered(String)
    /// Their ids, in the group's order.
    case listed([String])
  }

  let client: SCIMClient
  let group: String
  private let found = Locked<People?>(nil)

  init(client: SCIMClient, group: String) {
    self.client = client
    self.group = group
  }

  /// What was found so far; nil before the first range.
  var known: People? { found.withLock { $0 } }

  /// How the group's people are read; asks the server the first time.
  func people() async throws(DirectoryError) -> People {
    if let known { return known }
    let people = try await find()
    return found.withLock { found in
      if found == nil { found = people }
      return found ?? people
    }
  }

  private func find() async throws(DirectoryError) -> People {
    let members = try await Self.members(of: group, client: client)
    guard !members.people.isEmpty else { return .listed([]) }
    let scope = "groups.value eq \(SCIMFilter.literal(group))"
    let query = [("filter", scope), ("startIndex", "1"), ("count", "0"), ("attributes", "id")]
    do {
      let counted = try SCIMResponsePage(
        decoding: try await client.get("/Users?" + SCIMQuery.encode(query)).body)
      if counted.total == members.people.count { return .filtered(scope) }
    } catch .httpStatus(let status) where (400..<500).contains(status) {
      // The server does not filter by `groups`: the list it is.
    }
    return .listed(members.people)
  }

  /// The group's `members`; none when the group is gone.
  static func members(of group: String, client: SCIMClient) async throws(DirectoryError)
    -> SCIMMemberList
  {
    guard let path = SCIMQuery.resource("Groups", group) else { return SCIMMemberList() }
    do {
      return try SCIMMemberList(decoding: try await client.get(path + "?attributes=members").body)
    } catch .httpStatus(404) {
      return SCIMMemberList()
    }
  }
}
