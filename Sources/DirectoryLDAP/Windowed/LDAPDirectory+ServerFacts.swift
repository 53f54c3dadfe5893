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

  /// Whether the server offers Content Sync (RFC 4533; slapd's `syncprov`):
  /// its root DSE lists ``LDAPContentSync/controlOID``. A copy kept by
  /// ``LDAPContentSync`` needs it.
  public func offersContentSync() async throws(DirectoryError) -> Bool {
    try await supportedControls().contains(LDAPContentSync.controlOID)
  }
}
