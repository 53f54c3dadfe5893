import SharedSupport

/// What a user may do in the directory, as read from the "role" field.
///
/// Threading: a plain value; `Sendable`, usable from any thread.
public enum Role: Sendable, Hashable, CaseIterable {
  case user
  case owner
  case admin
  /// Any role string Roster does not know, so new server roles still load.
  case unknown

  /// Reads a "role" value: exactly "User", "Owner" or "Admin"; anything else
  /// (other spellings included) is `.unknown`.
  public init(jsonValue: String) {
    switch jsonValue {
    case "User": self = .user
    case "Owner": self = .owner
    case "Admin": self = .admin
    default: self = .unknown
    }
  }

  /// The text a row shows for the role.
  public var displayText: String {
    switch self {
    case .user: tr("User")
    case .owner: tr("Owner")
    case .admin: tr("Admin")
    case .unknown: tr("Unknown")
    }
  }
}
