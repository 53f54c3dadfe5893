extension UserViewModel {
  /// The user these row values were made from: the id is the identity when
  /// that differs from the username (an id equal to the username shows the
  /// same, so it reads back as none).
  public var user: User {
    User(
      id: identity == username ? nil : identity, username: username, avatar: avatar, role: role,
      isActive: isActive, details: details)
  }
}
