import SharedSupport

/// How an offline copy links a manager named otherwise than by identity
/// (an LDAP server's reports name their manager by DN; the copy knows
/// people by entryUUID or objectGUID): by the names kept beside the
/// generation (``ReplicaLinkNames``) and those of the people changed since.
///
/// Threading: as ``ReplicaStore``: one owner at a time.
extension ReplicaStore {
  /// `entry` with its manager named by the identity of the person the
  /// copy holds when the server named them otherwise (an LDAP DN, as a
  /// refresh links them: ``ReplicaLinkNames``); as it is when the copy
  /// holds no one so named. `batch` holds the people changed before it in
  /// the same changes, by identity (nil: gone).
  func linkingManager(
    of entry: DirectoryEntry, after batch: ChangedBefore = ChangedBefore()
  ) -> DirectoryEntry {
    guard let reference = entry.details.manager, !reference.isEmpty,
      let identity = identity(named: reference, after: batch), identity != entry.id
    else { return entry }
    var linked = entry
    linked.details.manager = identity
    return linked
  }

  /// The identity of the person the copy holds now (with `batch`, the
  /// people changed before in the same changes) who is named `name` where
  /// others refer to them; nil when no one is.
  func identity(named name: String, after batch: ChangedBefore) -> String? {
    /// Whether `identity` is still named `name`: not gone, nor renamed since.
    func stillNamed(_ identity: String) -> Bool {
      guard let now = batch.entries[identity] ?? overlay[identity] else { return true }
      return now?.linkName == name
    }
    for identity in [batch.names[name], overlayLinks[name]] {
      if let identity, stillNamed(identity) { return identity }
    }
    guard let position = links?.position(of: Array(name.utf8)), position < base.userCount
    else { return nil }
    let identity = base.identity(at: position)
    return stillNamed(identity) ? identity : nil
  }

  /// The people changed earlier in the changes being applied: by identity
  /// (nil: gone), and their link names (name → identity).
  struct ChangedBefore {
    var entries: [String: DirectoryEntry?] = [:]
    var names: [String: String] = [:]
  }

  /// The link names of the people the overlay holds: name → identity.
  static func linkNames(of overlay: [String: DirectoryEntry?]) -> [String: String] {
    var names: [String: String] = [:]
    for (identity, entry) in overlay {
      if let name = entry?.linkName { names[name] = identity }
    }
    return names
  }

  /// The link names of ``table`` (the fold's people): those of `base`
  /// unchanged since, then those of the people changed, each at their
  /// position in ``table``.
  func foldedLinkNames() -> [(hash: UInt64, position: Int)] {
    var names: [(hash: UInt64, position: Int)] = []
    links?.forEachName { hash, position in
      guard position < base.userCount else { return }
      let identity = base.identity(at: position)
      guard overlay[identity] == nil, let now = table.position(ofIdentity: identity) else {
        return
      }
      names.append((hash, now))
    }
    for (name, identity) in overlayLinks {
      guard (overlay[identity] ?? nil)?.linkName == name,
        let now = table.position(ofIdentity: identity)
      else { continue }
      names.append((StableHash.fnv1a(name), now))
    }
    return names
  }
}
