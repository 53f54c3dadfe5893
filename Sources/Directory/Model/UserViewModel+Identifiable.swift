/// A view model is identified by its user's identity ("id", else username),
/// which is what list diffs and the list model's item cache key on.
extension UserViewModel: Identifiable {
  /// The user's identity.
  public var id: String { identity }
}
