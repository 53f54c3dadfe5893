/// A directory server's groups and organisation, read the way its people
/// are: groups a range at a time, a group's people and a manager's
/// reports as windowed directories of their own (searched, filtered and
/// sorted like the whole where the server can), one person or their
/// groups by a single request. What the groups sidebar, the person page,
/// the org tree and `roster list --group/--groups/--reports-to` and
/// `roster person` read from a server.
///
/// Every method runs off the main thread and is cancellable through the
/// calling task, as ``RangedDirectory``'s are.
///
/// Threading: `Sendable`; conformers own their connections.
public protocol OrganisedDirectory: RangedDirectory {
  /// The groups whose name contains `text` ("": every group), ordered by
  /// name, at `range`, with the count.
  func groups(_ range: Range<Int>, matching text: String) async throws(DirectoryError)
    -> GroupRange

  /// The group whose name is `nameOrID`, else whose identity is; nil when
  /// none is.
  func group(named nameOrID: String) async throws(DirectoryError) -> DirectoryGroupEntry?

  /// The people directly in `group`, read a range at a time: searched,
  /// filtered and sorted on the server like everyone where the server
  /// can, else in the group's own order.
  func members(of group: DirectoryGroupEntry) -> any RangedDirectory

  /// The groups directly inside `group`.
  func subgroups(of group: DirectoryGroupEntry) async throws(DirectoryError)
    -> [DirectoryGroupEntry]

  /// Everyone in `group` or in the groups inside it at any depth, each
  /// once, as one view the server searches, filters and sorts; nil where
  /// the server has no such query (the caller then reads level by level).
  func everyMember(of group: DirectoryGroupEntry) async throws(DirectoryError)
    -> (any RangedDirectory)?

  /// The people whose manager is the entry `identity`, read a range at a
  /// time like everyone.
  func reports(to identity: String) -> any RangedDirectory

  /// The person whose username is `username`; nil when nobody's is.
  func person(username: String) async throws(DirectoryError) -> DirectoryEntry?

  /// The entry `identity` (an LDAP DN or entryUUID, a SCIM id); nil when it
  /// does not exist (a dangling manager reference).
  func person(identity: String) async throws(DirectoryError) -> DirectoryEntry?

  /// The groups the entry `identity` is directly in, by name.
  func groups(of identity: String) async throws(DirectoryError) -> [DirectoryGroupEntry]
}

extension OrganisedDirectory {
  /// No query for every level: the caller reads level by level.
  public func everyMember(of group: DirectoryGroupEntry) async throws(DirectoryError)
    -> (any RangedDirectory)?
  { nil }
}

/// A group of a directory server, as a range of groups lists it.
///
/// Threading: a plain value; `Sendable`.
public struct DirectoryGroupEntry: Sendable, Hashable, Identifiable {
  /// The server's identity for the group (an LDAP DN, a SCIM id).
  public var id: String
  /// Its name (LDAP `cn`, SCIM `displayName`).
  public var name: String
  /// How many members it has, when the server says so without reading
  /// them all; nil otherwise.
  public var memberCount: Int?

  /// A group with the given values.
  public init(id: String, name: String, memberCount: Int? = nil) {
    self.id = id
    self.name = name
    self.memberCount = memberCount
  }
}

/// A range of a server's groups: the groups from `offset` and the count.
///
/// Threading: a plain value; `Sendable`.
public struct GroupRange: Sendable, Equatable {
  public var offset: Int
  public var groups: [DirectoryGroupEntry]
  /// The number of groups (matching the text asked for).
  public var count: Int

  /// A range of `groups` starting at `offset` among `count`.
  public init(offset: Int, groups: [DirectoryGroupEntry], count: Int) {
    self.offset = offset
    self.groups = groups
    self.count = count
  }
}
