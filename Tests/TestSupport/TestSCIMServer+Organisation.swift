import Foundation

/// Groups and managers on a ``TestSCIMServer``: groups are POSTed to /Groups
/// after the people (members by userName, subgroups by the name of a group
/// loaded before them), managers changed with PATCH (a cycle, or an id
/// nobody has), and the server's own answers read back raw, to compare
/// with Roster's.
extension TestSCIMServer {
  /// A group as the tests load it.
  public struct Group: Sendable {
    public var name: String
    /// The userNames of its people, in the group's order.
    public var members: [String]
    /// The names of groups inside it (loaded before it).
    public var subgroups: [String]

    public init(name: String, members: [String], subgroups: [String] = []) {
      self.name = name
      self.members = members
      self.subgroups = subgroups
    }
  }

  /// Every user's id by userName, as the server lists them.
  public func userIDs() async throws -> [String: String] {
    var ids: [String: String] = [:]
    while true {
      let page = try await json(
        "/Users?startIndex=\(ids.count + 1)&count=1000&attributes=id,userName")
      let resources = page["Resources"] as? [[String: Any]] ?? []
      for user in resources {
        if let name = user["userName"] as? String, let id = user["id"] as? String { ids[name] = id }
      }
      if resources.isEmpty || ids.count >= page["totalResults"] as? Int ?? 0 { return ids }
    }
  }

  /// Loads `groups` in order; answers each group's id by name.
  @discardableResult
  public func load(groups: [Group]) async throws -> [String: String] {
    let users = try await userIDs()
    var groupIDs: [String: String] = [:]
    for group in groups {
      let people = try group.members.map { name in
        guard let id = users[name] else { throw TestSCIMServerError("no user \(name)") }
        return ["value": id, "type": "User"]
      }
      let inner = try group.subgroups.map { name in
        guard let id = groupIDs[name] else { throw TestSCIMServerError("no group \(name)") }
        return ["value": id, "type": "Group"]
      }
      let created = try await send(
        "POST", "/Groups",
        [
          "schemas": ["urn:ietf:params:scim:schemas:core:2.0:Group"],
          "displayName": group.name, "members": people + inner,
        ])
      guard let id = created["id"] as? String else {
        throw TestSCIMServerError("/Groups answered \(created)")
      }
      groupIDs[group.name] = id
    }
    return groupIDs
  }

  /// Makes `managerID` (an id, perhaps one nobody has) the manager of the
  /// user `id`.
  public func setManager(of id: String, to managerID: String) async throws {
    _ = try await send(
      "PATCH", "/Users/\(id)",
      [
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        "Operations": [
          ["op": "replace", "value": [Self.enterprise: ["manager": ["value": managerID]]]]
        ],
      ])
  }

  /// The server's JSON answer to GET `path` (with its query, already
  /// encoded), with the token.
  public func json(_ path: String) async throws -> [String: Any] {
    try await send("GET", path, nil)
  }

  private func send(_ method: String, _ path: String, _ body: [String: Any]?) async throws
    -> [String: Any]
  {
    var headers = ["Authorization": "Bearer \(Self.token)"]
    if body != nil { headers["Content-Type"] = "application/scim+json" }
    let answer = try await TestHTTPClient.send(
      method, "http://127.0.0.1:\(port)/v2\(path)", headers: headers,
      body: try body.map { Array(try JSONSerialization.data(withJSONObject: $0)) })
    guard (200...299).contains(answer.status) else {
      throw TestSCIMServerError("\(method) \(path) answered \(answer.status): \(answer.text)")
    }
    // PATCH may answer 204 without a body.
    guard !answer.body.isEmpty else { return [:] }
    guard
      let object = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
    else {
      throw TestSCIMServerError("\(method) \(path) answered \(answer.status): \(answer.text)")
    }
    return object
  }
}
