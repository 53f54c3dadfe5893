import Directory
import FoundationEssentials
import Glibc
import SharedSupport

/// Changing people's fields on a SCIM service with no lost update: the
/// user is read (its ETag with it), the fields the change names are
/// compared with what the person saw, and the change is sent as a PATCH
/// (RFC 7644 §3.5.2, ``SCIMFieldPlace``) with `If-Match` on the version
/// read. A 412 reads the user again: a field that moved is a conflict, and
/// a version moved by other fields only is sent again, a few times.
///
/// A service that versions nothing (no ETag, no `meta.version`) gets the
/// PATCH without a precondition, straight after the read it was compared
/// with: a change made by someone else between that read and the PATCH is
/// overwritten. That window is the service's, which offers no
/// precondition to close it.
///
/// Each change applied is appended to the SCIM change log
/// (``SCIMChangeLog``). A change costs three requests (the username's
/// id, the user, the PATCH); a 412 two more.
///
/// What scim2-server 0.8.3 does (checked against it in the tests): PATCH
/// with `replace`/`add`/`remove` and filtered paths, answered 204; weak
/// ETags (`W/"n"`) as `meta.version` and the `ETag` header, If-Match
/// answered 412 when stale; a member added twice listed once. Its
/// configuration can turn ETags off, and then it versions nothing.
extension SCIMDirectory: EditableDirectory {
  /// How many times a change is sent when 412 answers but its fields
  /// still hold what was seen.
  static let maxAttempts = 3
  /// The PATCH request's schema (RFC 7644 §3.5.2).
  static let patchSchema = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
  /// Who the change log says made a change: the token's holder, whom
  /// Roster does not know by name.
  static let author = "(bearer token)"

  public func values(of username: String, fields: [EditableField]) async throws(DirectoryError)
    -> [EditableField: [String]]?
  {
    guard let user = try await editedUser(username) else { return nil }
    var values: [EditableField: [String]] = [:]
    for field in fields {
      values[field] = SCIMFieldPlace(field)?.values(in: user.json) ?? []
    }
    return values
  }

  public func change(_ edit: PersonEdit) async throws(DirectoryError) -> EditOutcome {
    if let refusal = Self.refusal(of: edit) { return refusal }
    guard let user = try await editedUser(edit.username) else { return .noSuchPerson }
    return try await change(edit, from: user)
  }

  /// Applies `edit` to `user` as read: a conflict when its fields no
  /// longer hold what was seen, else the PATCH on the version read, read
  /// again and tried again after a 412 (``maxAttempts``).
  func change(_ edit: PersonEdit, from read: SCIMEditedUser) async throws(DirectoryError)
    -> EditOutcome
  {
    let places = edit.changes.compactMap { SCIMFieldPlace($0.field) }
    var user = read
    for _ in 1...Self.maxAttempts {
      let conflicts = edit.changes.enumerated().map { index, change in
        EditOutcome.Conflict(
          field: change.field, seen: change.seen, requested: change.new,
          current: places[index].values(in: user.json))
      }
      let moved = conflicts.filter { $0.current != $0.seen }
      guard moved.isEmpty else { return .conflict(moved) }
      var after = user.json
      for (index, change) in edit.changes.enumerated() {
        places[index].set(change.new.first, in: &after)
      }
      let operations = SCIMFieldPlace.patchOperations(places, from: user.json, to: after)
      guard !operations.isEmpty else { return .applied(logFailure: nil) }
      do {
        try await patch(user.path, operations, ifMatch: user.etag)
      } catch .httpStatus(412) {
        guard let fresh = try await editedUser(edit.username) else { return .noSuchPerson }
        user = fresh
        continue
      } catch .httpStatus(404) {
        return .noSuchPerson
      } catch .httpStatus(let status) where (400..<500).contains(status) {
        return .refused(reason: Self.reason(status))
      }
      let logFailure = log(
        resource: user.path, name: user.userName,
        edit.changes.enumerated().map { index, change in
          SCIMChangeRecord.Change(
            attribute: places[index].logName, before: change.seen, after: change.new)
        })
      return .applied(logFailure: logFailure)
    }
    // Every answer was 412 and the fields never moved: said as a conflict.
    return .conflict(
      edit.changes.map {
        EditOutcome.Conflict(field: $0.field, seen: $0.seen, requested: $0.new, current: $0.seen)
      })
  }

  /// Every field but the city, which a SCIM user keeps nowhere (the
  /// schema's `mutability` is not read: a field the service will not
  /// change is refused when saved, with its status).
  public func writableFields(of username: String, among fields: [EditableField])
    async throws(DirectoryError) -> Set<EditableField>?
  {
    Set(fields.filter { SCIMFieldPlace($0) != nil })
  }

  /// Why `edit` cannot be sent at all: a field SCIM keeps nowhere, or more
  /// than one value for a field that holds one; nil when it can.
  static func refusal(of edit: PersonEdit) -> EditOutcome? {
    for change in edit.changes {
      guard SCIMFieldPlace(change.field) != nil else {
        return .refused(
          reason: String(filling: tr("The SCIM service keeps no “%@” field"), change.field.rawValue)
        )
      }
      guard change.new.count <= 1 else {
        return .refused(
          reason: String(
            filling: tr("The SCIM service keeps one value of “%@”"), change.field.rawValue))
      }
    }
    return nil
  }

  /// The user with `username` read whole with its version; nil when no
  /// one has it, an error when several do.
  func editedUser(_ username: String) async throws(DirectoryError) -> SCIMEditedUser? {
    guard let id = try await userID(username), let path = SCIMQuery.resource("Users", id) else {
      return nil
    }
    do {
      let answer = try await client.get(path)
      return try SCIMEditedUser(decoding: answer.body, etag: answer.etag)
    } catch .httpStatus(404) {
      return nil
    }
  }

  /// The id of the user with `username`; nil when no one has it, an error
  /// when several do.
  func userID(_ username: String) async throws(DirectoryError) -> String? {
    let query = [
      ("filter", "userName eq \(SCIMFilter.literal(username))"), ("startIndex", "1"),
      ("count", "2"), ("attributes", "id,userName"),
    ]
    let page = try SCIMResponsePage(
      decoding: try await client.get("/Users?" + SCIMQuery.encode(query)).body)
    guard page.users.count < 2 else {
      throw .malformedJSON(
        offset: 0,
        reason: String(filling: tr("More than one user has the username “%@”"), username))
    }
    return page.users.first?.entry.id
  }

  /// Sends the PATCH `operations` to `path`, with If-Match when `etag` is
  /// given. A refusal throws its `.httpStatus`.
  func patch(_ path: String, _ operations: [JSONValue], ifMatch etag: String?)
    async throws(DirectoryError)
  {
    let request = JSONValue.object([
      "schemas": .array([.string(Self.patchSchema)]), "Operations": .array(operations),
    ])
    let body = (try? JSONEncoder().encode(request)).map { Array($0) } ?? []
    _ = try await client.write("PATCH", path, body: body, ifMatch: etag)
  }

  /// Appends a change of the resource at `resource` (a path under the
  /// base) to the change log; nil when written, else why not.
  func log(resource: String, name: String, _ changes: [SCIMChangeRecord.Change]) -> String? {
    client.options.changeLog.append(
      SCIMChangeRecord(
        time: Int64(time(nil)), by: Self.author, resource: url.base + resource, name: name,
        changes: changes))
  }

  /// A refusal's words: the status the service answered (its body is not
  /// read).
  static func reason(_ status: Int) -> String {
    String(filling: tr("The SCIM service answered HTTP %@"), String(status))
  }
}
