/// One person of the directory, as read from users.json.
///
/// Threading: a plain value; `Sendable`, usable from any thread.
public struct User: Sendable, Hashable {
  /// The optional "id" field; an integer id is kept as its decimal text.
  public var id: String?
  /// The "username" field; never empty in a parsed directory.
  public var username: String
  /// The raw "avatar" field: an http(s) URL, a path relative to the JSON
  /// file, or "" when the user has none.
  public var avatar: String
  /// The "role" field.
  public var role: Role
  /// Whether the account is active: users.json's "active" (true when
  /// missing), a server's disabled accounts (Active Directory's
  /// `userAccountControl`, FreeIPA's `nsAccountLock`, SCIM's `active`)
  /// false.
  public var isActive: Bool
  /// Their name, contact and place in the organisation (all optional).
  public var details: PersonDetails

  /// Creates a user; `avatar` "" means no avatar.
  public init(
    id: String? = nil, username: String, avatar: String = "", role: Role = .user,
    isActive: Bool = true, details: PersonDetails = PersonDetails()
  ) {
    self.id = id
    self.username = username
    self.avatar = avatar
    self.role = role
    self.isActive = isActive
    self.details = details
  }

  /// What a refresh matches rows by: the id when there is one, else the
  /// username.
  public var identity: String { id ?? username }
}
