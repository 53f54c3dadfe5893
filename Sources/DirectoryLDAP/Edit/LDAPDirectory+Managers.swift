import Directory
import SharedSupport

/// A person's manager as `roster set` and the person page give it — a
/// username — and as the server keeps it: the manager's DN in the
/// `manager` attribute. Reading translates DNs to usernames, writing
/// usernames to DNs; a DN that names no one among the people (a manager
/// elsewhere in the tree, or gone) stays a DN both ways.
extension LDAPDirectory {
  /// The usernames of the people `references` (DNs) name, in order; a DN
  /// that names no one with a username stays as it is.
  func managerUsernames(_ references: [String]) async throws(DirectoryError) -> [String] {
    var usernames: [String] = []
    for reference in references {
      usernames.append(try await username(atDN: reference) ?? reference)
    }
    return usernames
  }

  /// The DNs of the people `usernames` name, in order: each the entry of
  /// the person with that username, or a value that reads as a DN itself;
  /// the first value that is neither fails with it.
  func managerReferences(_ usernames: [String]) async throws(DirectoryError) -> Result<
    [String], UnknownManager
  > {
    var references: [String] = []
    for username in usernames {
      if let entry = try await editedEntry(username, attributes: ["1.1"]) {
        references.append(entry.dn)
      } else if username.contains("=") {
        references.append(username)
      } else {
        return .failure(UnknownManager(username: username))
      }
    }
    return .success(references)
  }

  /// The username of the entry `dn`, read by a base search; nil when no
  /// entry is there (or it has no username).
  func username(atDN dn: String) async throws(DirectoryError) -> String? {
    let attribute = options.schema.usernameAttribute
    let request = LDAPSearchRequest(
      base: dn, scope: .base, filter: "(objectClass=*)", attributes: [attribute])
    do {
      return try await perform { session, flag throws(DirectoryError) in
        try session.search(request, cancel: flag).entries.first?.text(attribute)
      }
    } catch {
      switch error.ldap {
      case .noSuchBase?, .result(code: 34, _)?: return nil
      default: throw error
      }
    }
  }
}

/// A manager given by a username that no one in the directory has.
///
/// Threading: a plain value; `Sendable`.
struct UnknownManager: Error, Sendable {
  let username: String

  /// Why the change was not sent, for people to read.
  var reason: String {
    String(filling: tr("No one in the directory has the username “%@”"), username)
  }
}
