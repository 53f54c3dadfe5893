/// A directory server whose people's fields Roster can change, each change
/// carrying the values the person saw so that no one's update is lost
/// (``PersonEdit``, ``EditOutcome``).
///
/// A capability, asked for by type (`directory as? any
/// EditableDirectory`); an LDAP server conforms.
///
/// Threading: `Sendable`; every member reads or writes the server off the
/// caller's thread.
public protocol EditableDirectory: RangedDirectory {
  /// What `fields` of the person with `username` hold now, each field's
  /// values in the server's order (empty: none); nil when no one has the
  /// username.
  func values(of username: String, fields: [EditableField]) async throws(DirectoryError)
    -> [EditableField: [String]]?

  /// Applies `edit` if every field still holds what it says was seen, and
  /// appends it to the change log when applied.
  func change(_ edit: PersonEdit) async throws(DirectoryError) -> EditOutcome

  /// Which of `fields` the person signed in may change on the person with
  /// `username`, as the server says (Active Directory's
  /// `allowedAttributesEffective`); nil when the server does not say (a
  /// change is then tried, and a refusal reported in the server's words),
  /// or when no one has the username.
  func writableFields(of username: String, among fields: [EditableField])
    async throws(DirectoryError) -> Set<EditableField>?

  /// Turns the account of the person with `username` on (`active`) or
  /// off, the way the server marks accounts (Active Directory's
  /// ACCOUNTDISABLE flag, 389 Directory Server's and FreeIPA's
  /// `nsAccountLock`), only if it still is as it was read, and appends the
  /// change to the change log.
  func setActive(_ active: Bool, username: String) async throws(DirectoryError)
    -> SwitchOutcome

  /// Puts the person with `username` in the group named `group` (its name
  /// or identity), or with `member` false takes them out; already so is
  /// said, not written. Appends the change to the change log.
  func setMember(_ member: Bool, username: String, group: String) async throws(DirectoryError)
    -> SwitchOutcome
  /// The username of the person Roster is signed in as, when the server
  /// says who that is and holds them; nil otherwise.
  func signedInUsername() async throws(DirectoryError) -> String?
}

extension EditableDirectory {
  /// A server that does not say who signed in.
  public func signedInUsername() async throws(DirectoryError) -> String? { nil }
}

/// A directory server whose people's photos Roster can change, each change
/// carrying the photo seen (``SeenPhoto``) so that no one's is lost; an
/// LDAP server conforms (a SCIM service keeps photos as addresses, which
/// Roster does not write).
///
/// Threading: `Sendable`; every member reads or writes the server off the
/// caller's thread.
public protocol PhotoEditableDirectory: EditableDirectory {
  /// The photo this server keeps: its attribute, side and most bytes.
  var photoFormat: PhotoFormat { get }

  /// The photo of the person with `username` as the server holds it now
  /// (with the entry's stamp where it keeps one); nil when no one has the
  /// username.
  func photo(of username: String) async throws(DirectoryError) -> SeenPhoto?

  /// Replaces the photo of the person with `username` by `new` (a JPEG;
  /// nil removes it) only if it still is as `seen`, and appends the change
  /// to the change log; a photo already so is said, not written.
  func changePhoto(of username: String, seen: SeenPhoto, to new: [UInt8]?)
    async throws(DirectoryError) -> SwitchOutcome
}
