import CLDAP
import Directory
import Glibc
import SharedSupport

/// Changing people's fields on the server with no lost update: every
/// change carries the values the person saw (``LDAPModification``), sent
/// as the Assertion control's filter where the root DSE lists it, else as
/// deletes of exactly those values; each applied change is appended to the
/// change log (``LDAPChangeLog``).
extension LDAPDirectory: EditableDirectory {
  /// The Assertion control (RFC 4528), as `supportedControl` lists it.
  static let assertionOID = "1.3.6.1.1.12"

  /// Modifies the entry `dn` with `changes` if every attribute still holds
  /// the values seen: applied (and logged), a conflict with what the
  /// attributes hold now, or the server's refusal. On the connection's
  /// queue; never retried (a change sent twice could be reported as its
  /// own conflict). A connection failure throws. `condition`, a filter,
  /// is the Assertion control's in place of the values seen (an attribute
  /// without equality matching, such as slapd's `jpegPhoto`, cannot be
  /// asserted on); where the control is missing the values seen are
  /// deleted all the same.
  public func modify(dn: String, _ changes: [LDAPModification], condition: String? = nil)
    async throws(DirectoryError) -> LDAPModifyOutcome
  {
    guard !changes.isEmpty else { return .applied(logFailure: nil) }
    for change in changes {
      guard LDAPModification.isAttributeName(change.attribute) else {
        throw .ldap(.result(code: Int(LDAP_PARAM_ERROR), message: "bad attribute name"))
      }
      let limit =
        change.attribute.lowercased() == options.schema.photoAttribute.lowercased()
        ? LDAPModification.maxPhotoBytes : LDAPModification.maxValueBytes
      guard (change.seen + change.new).allSatisfy({ $0.count <= limit })
      else { throw .tooLarge(limit: limit) }
    }
    var asserts = false
    // Values put in or taken out need no filter: the server fails the
    // change when one is there already or gone.
    if options.usesAssertion, changes.allSatisfy(\.isWholeAttribute) {
      asserts = try await supportedControls().contains(Self.assertionOID)
    }
    // Without the control, an attribute seen empty and left empty sends
    // nothing (there is no value to delete or add); nothing at all is
    // nothing to write.
    let changes = asserts ? changes : changes.filter { !($0.seen.isEmpty && $0.new.isEmpty) }
    guard !changes.isEmpty else { return .applied(logFailure: nil) }
    let assertion = asserts ? condition ?? LDAPModification.assertion(for: changes) : nil
    // What a conflict reads back: the fields' values (a group's members,
    // put in or taken out, are not read: there may be millions).
    let attributes = changes.filter(\.isWholeAttribute).map(\.attribute)
    state.withLock {
      if asserts {
        $0.statistics.assertedChanges += 1
      } else {
        $0.statistics.valueDeletingChanges += 1
      }
    }
    let (author, log, writes) = (author, options.changeLog, writes)
    return try await connection.run { session, flag throws(DirectoryError) in
      let answer = try session.modify(dn: dn, changes, assertion: assertion, cancel: flag)
      switch answer.code {
      case LDAP_SUCCESS:
        writes.ring()
        // Logged on the connection's queue too: the caller's thread may
        // be one that must not wait for a disk.
        let record = LDIFChangeRecord(
          seconds: Int64(time(nil)), author: author, dn: dn, changes: changes)
        do throws(LDAPChangeLogFailure) {
          try log.append(record)
        } catch {
          return .applied(logFailure: error.description)
        }
        return .applied(logFailure: nil)
      case LDAP_ASSERTION_FAILED, LDAP_NO_SUCH_ATTRIBUTE, LDAP_TYPE_OR_VALUE_EXISTS:
        guard !attributes.isEmpty else { return .conflict(current: [:]) }
        let request = LDAPSearchRequest(
          base: dn, scope: .base, filter: "(objectClass=*)", attributes: attributes)
        let entry = try session.search(request, cancel: flag).entries.first
        var current: [String: [[UInt8]]] = [:]
        for attribute in attributes {
          current[attribute] =
            entry?.values(attribute).map { Array($0.prefix(LDAPModification.maxValueBytes)) } ?? []
        }
        return .conflict(current: current)
      case let code where code > 0:
        return .refused(code: Int(code), message: answer.message)
      default:
        throw session.error(answer.code)
      }
    }
  }

  /// Who the change log says made a change: the bind DN, or how the
  /// person signed in.
  var author: String {
    if let bindDN = options.bindDN, !bindDN.isEmpty { return bindDN }
    switch options.signIn {
    case .password: return "(anonymous)"
    case .kerberos: return "(Kerberos)"
    case .certificate: return "(client certificate)"
    }
  }

  /// The attribute that holds `field` on this server: the schema's, as
  /// the reader maps it, and `mobile` for the mobile number.
  public func attribute(for field: EditableField) -> String? {
    if field == .mobile { return "mobile" }
    return field.detail.flatMap { options.schema.attribute(for: $0) }
  }

  public func values(of username: String, fields: [EditableField]) async throws(DirectoryError)
    -> [EditableField: [String]]?
  {
    let attributes = fields.compactMap { attribute(for: $0) }
    guard let entry = try await editedEntry(username, attributes: attributes) else { return nil }
    var values: [EditableField: [String]] = [:]
    for field in fields {
      values[field] = attribute(for: field).map { Self.texts(entry.values($0)) } ?? []
    }
    if let managers = values[.manager], !managers.isEmpty {
      values[.manager] = try await managerUsernames(managers)
    }
    return values
  }

  public func change(_ edit: PersonEdit) async throws(DirectoryError) -> EditOutcome {
    var changes: [LDAPModification] = []
    for change in edit.changes {
      guard let attribute = attribute(for: change.field) else {
        return .refused(
          reason: String(
            filling: tr("The directory server keeps no “%@” field"), change.field.rawValue))
      }
      var (seen, new) = (change.seen, change.new)
      if change.field == .manager {
        // The server keeps the managers' DNs.
        switch try await managerReferences(seen + new) {
        case .success(let references):
          (seen, new) = (
            Array(references.prefix(seen.count)), Array(references.dropFirst(seen.count))
          )
        case .failure(let unknown):
          return .refused(reason: unknown.reason)
        }
      }
      changes.append(LDAPModification(attribute: attribute, seen: seen, new: new))
    }
    guard let entry = try await editedEntry(edit.username, attributes: ["1.1"]) else {
      return .noSuchPerson
    }
    switch try await modify(dn: entry.dn, changes) {
    case .applied(let logFailure):
      return .applied(logFailure: logFailure)
    case .refused(let code, let message):
      return .refused(reason: Self.reason(code, message))
    case .conflict(let current):
      var conflicts: [EditOutcome.Conflict] = []
      for (index, change) in edit.changes.enumerated() {
        var now = Self.texts(current[changes[index].attribute] ?? [])
        if change.field == .manager { now = try await managerUsernames(now) }
        conflicts.append(
          EditOutcome.Conflict(
            field: change.field, seen: change.seen, requested: change.new, current: now))
      }
      // The fields whose values moved; all of them when none seems to
      // have (a value changed and changed back, or equal by the server's
      // matching rule alone).
      let moved = conflicts.filter { $0.current.sorted() != $0.seen.sorted() }
      return .conflict(moved.isEmpty ? conflicts : moved)
    }
  }

  /// The entry of the person with `username` among the URL's people, with
  /// `attributes`; nil when no one has it, an error when several do.
  func editedEntry(_ username: String, attributes: [String]) async throws(DirectoryError)
    -> LDAPRawEntry?
  {
    let name = options.schema.usernameAttribute
    var request = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope,
      filter: "(&\(options.schema.peopleFilter(of: url))(\(name)=\(LDAPFilter.escape(username))))",
      attributes: attributes.isEmpty ? ["1.1"] : attributes)
    request.sizeLimit = 2
    let asked = request
    let entries = try await perform { session, flag throws(DirectoryError) in
      try session.search(asked, cancel: flag).entries
    }
    guard entries.count < 2 else {
      throw .ldap(
        .result(
          code: 4,
          message: String(filling: tr("More than one entry has the username “%@”"), username)))
    }
    return entries.first
  }

  /// Values as text (UTF-8; a byte that is not is replaced).
  static func texts(_ values: [[UInt8]]) -> [String] {
    values.map { String(decoding: $0.prefix(LDAPModification.maxValueBytes), as: UTF8.self) }
  }
}
