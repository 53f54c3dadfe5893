/// A directory server on which an administrator resets people's
/// passwords, deletes people and adds new ones (``AccountOutcome``).
///
/// A capability, asked for by type (`directory as? any
/// AccountAdministration`); an LDAP server conforms. Whether the person
/// signed in may is the server's to say: a refusal comes back in its words.
///
/// Threading: `Sendable`; every member reads or writes the server off the
/// caller's thread.
public protocol AccountAdministration: EditableDirectory {
  /// Sets the password of the person with `username` to `password` (the
  /// old one is not asked for). The change log says that it was reset,
  /// never the value.
  func resetPassword(username: String, to password: Secret) async throws(DirectoryError)
    -> AccountOutcome

  /// Why a password reset would not be sent to this server as it is
  /// connected (Active Directory without TLS; no Password Modify
  /// operation), as a sentence; nil when it would be (the server may still
  /// refuse it).
  func passwordResetHindrance() async throws(DirectoryError) -> String?

  /// Deletes the person with `username` if their entry is still as read
  /// just before, after appending it whole to the change log so that it
  /// can be added back.
  func delete(username: String) async throws(DirectoryError) -> AccountOutcome

  /// What a new person needs on this server: the attributes the person
  /// class's schema says they must have, and common optional ones.
  func newPersonForm() async throws(DirectoryError) -> NewPersonForm

  /// Adds `person`, unless an attribute the schema requires is missing
  /// (then nothing is sent), and appends it to the change log.
  func create(_ person: NewPerson) async throws(DirectoryError) -> AccountOutcome
}
