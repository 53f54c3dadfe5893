import Directory
import FoundationEssentials

/// SCIM groups (RFC 7643 §4.2) decoded from the server's bytes: a page of a
/// `GET /Groups` list response as groups with their count, or one group's
/// `members` split into people and groups. The bytes are untrusted: they
/// are bounded before they get here (``SCIMClient``), every text is cut to
/// `FieldLimit.maxBytes`, and anything else is a clear error, never a
/// crash.
///
/// Threading: plain values; `Sendable`.
struct SCIMGroupResponsePage: Sendable, Equatable {
  /// `totalResults`: the groups the (filtered) query matches.
  var total: Int
  var groups: [DirectoryGroupEntry]

  /// Reads a list response of groups; throws `.malformedJSON` for anything
  /// else.
  init(decoding bytes: some Collection<UInt8>) throws(DirectoryError) {
    let list = try SCIMGroupResponsePage.decode(GroupList.self, from: bytes, what: "list response")
    guard list.totalResults >= 0 else {
      throw .malformedJSON(offset: 0, reason: "a negative totalResults")
    }
    total = list.totalResults
    groups = (list.resources ?? []).map(\.entry)
  }

  fileprivate static func decode<Value: Decodable>(
    _ type: Value.Type, from bytes: some Collection<UInt8>, what: String
  ) throws(DirectoryError) -> Value {
    do {
      return try JSONDecoder().decode(type, from: Data(bytes))
    } catch {
      throw .malformedJSON(offset: 0, reason: "not a SCIM \(what)")
    }
  }
}

/// The members of one group (`GET /Groups/{id}?attributes=members`), in
/// the group's order: the people's ids and the groups' ids. A member is a
/// group when its `type` is "Group" or its `$ref` points into /Groups.
///
/// Threading: a plain value; `Sendable`.
struct SCIMMemberList: Sendable, Equatable {
  var people: [String]
  var groups: [String]

  init(people: [String] = [], groups: [String] = []) {
    self.people = people
    self.groups = groups
  }

  /// Reads a group resource; throws `.malformedJSON` for anything else.
  init(decoding bytes: some Collection<UInt8>) throws(DirectoryError) {
    let group = try SCIMGroupResponsePage.decode(GroupResource.self, from: bytes, what: "group")
    self.init()
    for member in group.members ?? [] {
      guard let value = member.value.map(clip), !value.isEmpty else { continue }
      if member.type?.lowercased() == "group" || member.ref?.contains("/Groups/") == true {
        groups.append(value)
      } else {
        people.append(value)
      }
    }
  }
}

extension SCIMGroupResponsePage {
  /// One group resource as a group of a range; throws `.malformedJSON`
  /// for anything else.
  static func group(decoding bytes: some Collection<UInt8>) throws(DirectoryError)
    -> DirectoryGroupEntry
  {
    try decode(GroupResource.self, from: bytes, what: "group").entry
  }

  /// The groups a user resource lists in its read-only `groups` attribute,
  /// nil when it lists none or leaves a name out (the server then has to be
  /// asked by membership).
  static func groups(ofUser bytes: some Collection<UInt8>) throws(DirectoryError)
    -> [DirectoryGroupEntry]?
  {
    let listed = try decode(UserGroups.self, from: bytes, what: "user").groups ?? []
    let groups = listed.compactMap { group in
      group.value.flatMap { id in
        group.display.map { DirectoryGroupEntry(id: clip(id), name: clip($0)) }
      }
    }
    guard !groups.isEmpty, groups.count == listed.count else { return nil }
    return groups
  }
}

/// A list response of groups; only what Roster reads.
///
/// Threading: plain values (this, `UserGroups` and `GroupResource`), made
/// and read on the decoding thread.
private struct GroupList: Decodable {
  var totalResults: Int
  var resources: [GroupResource]?
  enum CodingKeys: String, CodingKey {
    case totalResults
    case resources = "Resources"
  }
}

/// A user's read-only `groups`: each group's id and name.
private struct UserGroups: Decodable {
  struct Group: Decodable {
    var value: String?
    var display: String?
  }
  var groups: [Group]?
}

/// One group resource as the server sends it; only what Roster reads.
private struct GroupResource: Decodable {
  struct Member: Decodable {
    var value: String?
    var type: String?
    var ref: String?
    enum CodingKeys: String, CodingKey {
      case value, type
      case ref = "$ref"
    }
  }

  var id: String
  var displayName: String?
  var members: [Member]?

  var entry: DirectoryGroupEntry {
    DirectoryGroupEntry(id: clip(id), name: clip(displayName ?? id))
  }
}
