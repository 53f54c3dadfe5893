import Directory

/// A person a search found, as the shell shows them: their name and
/// description already made safe to show, and where their picture is.
///
/// Threading: a plain `Sendable` value.
struct FoundPerson: Sendable {
  /// Where a result's picture comes from.
  enum Picture: Sendable {
    /// An avatar file of a users.json, by absolute path.
    case file(String)
    /// A server entry's photo, asked for by identity when the shell wants it.
    case photo(any RangedDirectory, identity: String)
    /// None: the shell shows the generic avatar.
    case none
  }

  /// The result's identifier.
  let id: SearchResultID
  /// The display name (else the username), through ``DisplayText``.
  let name: String
  /// "Title, Department" (else the role), through ``DisplayText``.
  let description: String
  let picture: Picture

  init(id: SearchResultID, person: UserViewModel, picture: Picture) {
    self.id = id
    name = person.displayName
    let place = [person.details.title, person.details.department]
      .compactMap { $0.flatMap { $0.isEmpty ? nil : DisplayText.of($0) } }
    description = place.isEmpty ? person.roleText : place.joined(separator: ", ")
    self.picture = picture
  }
}
