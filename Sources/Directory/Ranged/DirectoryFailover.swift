/// A directory that names several servers lost the one it was reading and
/// carries on with another: what the window's banner says while it switches.
///
/// Threading: a plain value; `Sendable`.
public struct DirectoryFailover: Sendable, Hashable {
  /// The server that went away, as its address reads ("ldap://127.0.0.1:3891").
  public var lost: String
  /// The server read from now on.
  public var continuing: String

  /// A switch from `lost` to `continuing`.
  public init(lost: String, continuing: String) {
    self.lost = lost
    self.continuing = continuing
  }
}
