import Directory

extension LDAPDirectory {
  /// Whom the server says Roster is signed in as (RFC 4532 "Who am I?"),
  /// as it words it: "dn:uid=ada,ou=people,dc=example,dc=org" for an entry,
  /// "u:ada" for a name it could not map, "" when anonymous. Connects and
  /// signs in first if needed.
  public func signedInAs() async throws(DirectoryError) -> String {
    try await connection.run { session, cancel throws(DirectoryError) in
      try session.whoAmI(cancel: cancel)
    }
  }
}
