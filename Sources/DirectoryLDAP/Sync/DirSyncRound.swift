import CLDAP
import Directory
import FoundationEssentials

/// One DirSync question (``LDAPDirSync``) and what it brings: everyone
/// whole, or from a cookie the entries that changed (each read again whole)
/// and those deleted or moved out, reported to the handler as they come.
///
/// Threading: on the sync's thread only, like the session it searches on.
struct DirSyncRound {
  /// What the server answered besides its entries.
  struct Answer {
    /// Where the next question starts.
    var cookie: [UInt8]
    /// More changes wait: ask again at once.
    var more: Bool
    /// Whether anything was reported.
    var changed: Bool
  }

  let session: LDAPSession
  let mapper: LDAPEntryMapper
  /// The naming context searched (DirSync's base must be one).
  let base: String
  let handler: @Sendable (LDAPSyncChange) -> Void

  /// The URL's people filter, or tombstones (which keep `objectGUID` but
  /// lose the attributes a people filter tests).
  private var filter: String {
    "(|\(session.options.schema.peopleFilter(of: session.url))(isDeleted=TRUE))"
  }

  /// A person's attributes, the photo (whose checksum is its version) and
  /// `isDeleted`.
  private var attributes: [String] {
    mapper.personAttributes + [mapper.schema.photoAttribute, "isDeleted"]
  }

  /// Asks for the changes since `cookie` (`everyone`: every entry, whole)
  /// and reports them.
  func ask(from cookie: [UInt8]?, everyone: Bool, flag: CancellationFlag) throws(DirectoryError)
    -> Answer
  {
    var request = LDAPSearchRequest(
      base: base, scope: .sub, filter: filter, attributes: attributes)
    request.dirSync = (flags: 0, cookie: cookie ?? [])
    var changed = false
    var reread: [String] = []
    let response: LDAPSearchResponse
    do {
      // Each entry goes to the handler as it comes and is not kept: only
      // liblber's limit on one message applies, not the response's.
      (_, response) = try session.search(request, cancel: flag) { message in
        let raw = session.readEntry(message).entry
        guard let id = mapper.uniqueID(raw) else { return ((), 0) }
        if raw.text("isDeleted")?.uppercased() == "TRUE" {
          handler(.deleted(id))
          changed = true
        } else if !everyone {
          reread.append(id)
        } else if isInScope(raw.dn) {
          handler(.upserted(person(raw, id: id)))
          changed = true
        }
        return ((), 0)
      }
    } catch {
      if case .result(code: 50, _)? = error.ldap { throw .ldap(.changesRefused) }
      throw error
    }
    for id in reread {
      // Gone from the URL's base or filter since (moved, or no longer a
      // person): gone from the copy.
      handler(try read(id, flag: flag).map { .upserted($0) } ?? .deleted(id))
      changed = true
    }
    guard let answer = response.dirSync else {
      throw .ldap(.result(code: Int(LDAP_PROTOCOL_ERROR), message: "no DirSync control answered"))
    }
    return Answer(cookie: answer.cookie, more: answer.more, changed: changed)
  }

  /// The person `id` read whole under the URL's base, scope and filter;
  /// nil when no such person is there.
  private func read(_ id: String, flag: CancellationFlag) throws(DirectoryError) -> DirectoryEntry?
  {
    let url = session.url
    let request = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope,
      filter:
        "(&\(session.options.schema.peopleFilter(of: url))"
        + "\(LDAPUniqueID.filter(id, attribute: mapper.schema.uniqueIDAttribute)))",
      attributes: attributes)
    return try session.search(request, cancel: flag).entries.first.map { person($0, id: id) }
  }

  /// The person `raw` names, with a checksum of their photo as its
  /// version (DirSync sends no `modifyTimestamp`); no version without one.
  private func person(_ raw: LDAPRawEntry, id: String) -> DirectoryEntry {
    var entry = mapper.entry(raw, hasPhoto: false)
    entry.id = id
    if let photo = raw.values(mapper.schema.photoAttribute).first, !photo.isEmpty {
      entry.photoVersion = "c" + String(photo.withUnsafeBytes(Checksum64.of), radix: 16)
    }
    return entry
  }

  /// Whether `dn` lies where the URL's base and scope look.
  private func isInScope(_ dn: String) -> Bool {
    let url = session.url
    let (name, base) = (MemberReader.normalized(dn), MemberReader.normalized(url.baseDN))
    switch url.scope {
    case .base: return name == base
    case .sub: return base.isEmpty || name == base || name.hasSuffix("," + base)
    case .one:
      guard name.hasSuffix("," + base) else { return false }
      // One level: the relative name before the base has no separator of
      // its own (an escaped comma is part of a value).
      let relative = name.dropLast(base.count + 1)
      return !relative.replacing("\\,", with: "").contains(",")
    }
  }
}
