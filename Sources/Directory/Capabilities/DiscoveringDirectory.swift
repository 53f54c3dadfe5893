/// A directory server that completes what its address leaves open from
/// what the server says of itself: where its people are when no base was
/// given, and which names its schema uses (Active Directory's or the
/// standard ones) when none was chosen.
///
/// A capability, asked for by type (`directory as? any
/// DiscoveringDirectory`); a directory whose address says everything does
/// not conform.
///
/// Threading: `Sendable`; ``discovered(choosingSchema:)`` reads the server
/// off the main thread.
public protocol DiscoveringDirectory: RangedDirectory {
  /// Whether the address names where the people are: without that, a
  /// server that cannot be asked has nobody to show.
  var namesItsPeople: Bool { get }

  /// The same directory, completed from the server: searched where the
  /// server keeps its people when the address names no place (an error
  /// naming the server's trees when it does not say), and with
  /// `choosingSchema`, read with the names of the schema the server says it
  /// has. Itself when there is nothing to complete.
  func discovered(choosingSchema: Bool) async throws(DirectoryError) -> any DiscoveringDirectory

  /// What was found, for a remembered directory to keep so that a later
  /// start asks nothing: the people's base, and whether the server is
  /// Active Directory.
  var discoveredFacts: DiscoveredFacts { get }
}

/// What a ``DiscoveringDirectory`` found out about its server.
///
/// Threading: a plain value; `Sendable`.
public struct DiscoveredFacts: Sendable, Equatable {
  /// Where the people are searched ("ou=people,dc=example,dc=org"; empty:
  /// nowhere was named).
  public var peopleBase: String
  /// Whether it is read with Active Directory's names.
  public var isActiveDirectory: Bool

  /// Facts of a directory searched under `peopleBase`, with Active
  /// Directory's names or not.
  public init(peopleBase: String, isActiveDirectory: Bool) {
    self.peopleBase = peopleBase
    self.isActiveDirectory = isActiveDirectory
  }
}
