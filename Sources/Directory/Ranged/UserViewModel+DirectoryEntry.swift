extension UserViewModel {
  /// The row values of a server directory's entry. Its photo is asked for
  /// by identity, so `avatar` holds the photo's version ("" for none): a
  /// new version is a new image, never a stale cached one.
  public init(entry: DirectoryEntry) {
    self.init(
      user: User(
        id: entry.id, username: entry.username, avatar: entry.photoVersion ?? "",
        role: entry.role, isActive: entry.isActive, details: entry.details))
  }
}
